// Every report figure against the hand-built week of tests/reports-factories.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { zoneOffsetSegments } from "#db/report-rollup.server";
import { buildReport } from "~/domain/reports.server";
import { reportFixture, WEEK, book } from "../reports-factories";

type Fixture = Awaited<ReturnType<typeof reportFixture>>;
let fx: Fixture;

beforeAll(async () => {
  fx = await reportFixture();
});

const week = { period: "custom" as const, ...WEEK };

describe("the salon's week (administrator)", () => {
  it("counts completed appointments at their booked price, cancellations in the rate, blocked time nowhere", async () => {
    const report = await buildReport(fx.admin.user, week);
    expect(report).toMatchObject({
      from: "2026-10-19",
      to: "2026-10-25",
      scope: "salon",
      allTime: false,
      appointments: 6,
      completedCount: 4,
      totalRevenue: 4500 + 7000 + 7000 + 5000,
      averageService: 5875,
      cancelledCount: 1,
      newClients: 2,
      returningClients: 1,
    });
    expect(report.cancellationRate).toBeCloseTo(1 / 6, 10);
    // Cara has two completed visits; Dan and Eve one each.
    expect(report.rebookingRate).toBeCloseTo(1 / 3, 10);
  });

  it("ranks the top services and clients by revenue", async () => {
    const report = await buildReport(fx.admin.user, week);
    expect(report.topServices).toEqual([
      { serviceId: fx.services.colour, name: "Report Colour", completed: 2, revenue: 14000 },
      { serviceId: fx.services.cut, name: "Report Cut", completed: 2, revenue: 9500 },
    ]);
    expect(report.topClients.map((client) => [client.name, client.completed, client.revenue])).toEqual([
      ["Cara One", 2, 11500],
      ['=HYPERLINK("http://x","Eve")', 1, 7000],
      ["Dan Two", 1, 5000],
    ]);
  });

  it("breaks the figures down per stylist, with occupancy from their hours less time off", async () => {
    const report = await buildReport(fx.admin.user, week);
    const [bob, ann] = report.stylists;
    // Ann: Mon-Sat 09:00-17:00 (the default rota) = 6 x 480; booked 60 + 90 (not the cancelled hour, not blocked time).
    expect(ann).toMatchObject({
      stylistId: fx.stylists.a,
      appointments: 3,
      completed: 2,
      cancelled: 1,
      revenue: 11500,
      averageService: 5750,
      bookedMinutes: 150,
      workingMinutes: 2880,
    });
    expect(ann!.occupancy).toBeCloseTo(150 / 2880, 10);
    // Bob: off Thursday and Friday = 4 x 480; booked 60 + 60 + 30.
    expect(bob).toMatchObject({
      stylistId: fx.stylists.b,
      appointments: 3,
      completed: 2,
      cancelled: 0,
      revenue: 12000,
      averageService: 6000,
      bookedMinutes: 150,
      workingMinutes: 1920,
    });
    expect(bob!.occupancy).toBeCloseTo(150 / 1920, 10);
    expect(report.occupancy).toBeCloseTo(300 / 4800, 10);
  });

  it("gives each salon day its figures, the 25-hour Sunday included", async () => {
    const report = await buildReport(fx.admin.user, week);
    expect(report.daily).toEqual([
      { date: "2026-10-19", appointments: 1, revenue: 4500 },
      { date: "2026-10-20", appointments: 0, revenue: 0 },
      { date: "2026-10-21", appointments: 1, revenue: 7000 },
      { date: "2026-10-22", appointments: 1, revenue: 0 },
      { date: "2026-10-23", appointments: 1, revenue: 7000 },
      { date: "2026-10-24", appointments: 1, revenue: 0 },
      { date: "2026-10-25", appointments: 1, revenue: 5000 },
    ]);
  });

  it("compares with the previous week", async () => {
    const report = await buildReport(fx.admin.user, week);
    expect(report.previous).toMatchObject({
      from: "2026-10-12",
      to: "2026-10-18",
      appointments: 1,
      completedCount: 1,
      totalRevenue: 3000,
      cancellationRate: 0,
      rebookingRate: 0,
      newClients: 1,
      returningClients: 0,
    });
  });
});

describe("a stylist's own figures (My Performance)", () => {
  it("covers only their appointments, clients and hours", async () => {
    const report = await buildReport(fx.ann.user, week);
    expect(report).toMatchObject({
      scope: "own",
      appointments: 3,
      completedCount: 2,
      totalRevenue: 11500,
      averageService: 5750,
      cancelledCount: 1,
      newClients: 1,
      returningClients: 0,
    });
    expect(report.cancellationRate).toBeCloseTo(1 / 3, 10);
    expect(report.rebookingRate).toBe(1);
    expect(report.stylists.map((stylist) => stylist.stylistId)).toEqual([fx.stylists.a]);
    expect(report.topClients.map((client) => client.name)).toEqual(["Cara One"]);
    expect(report.topServices.map((service) => service.revenue)).toEqual([7000, 4500]);
    expect(report.daily.reduce((sum, day) => sum + day.revenue, 0)).toBe(11500);
    expect(report.occupancy).toBeCloseTo(150 / 2880, 10);
  });

  it("is refused to a display account", async () => {
    await expect(buildReport(fx.display.user, week)).rejects.toMatchObject({ status: 403 });
  });
});

describe("periods", () => {
  it("Last Week is the 7 salon days up to today, compared with the 7 before", async () => {
    const report = await buildReport(fx.admin.user, { period: "week" }, new Date("2026-10-25T12:00:00Z"));
    expect([report.from, report.to, report.previous?.from, report.previous?.to]).toEqual([
      "2026-10-19",
      "2026-10-25",
      "2026-10-12",
      "2026-10-18",
    ]);
    expect(report.totalRevenue).toBe(23500);
  });

  it("Today starts at the salon's midnight", async () => {
    const report = await buildReport(fx.admin.user, { period: "today" }, new Date("2026-10-19T08:00:00Z"));
    expect([report.from, report.to, report.totalRevenue, report.completedCount]).toEqual([
      "2026-10-19",
      "2026-10-19",
      4500,
      1,
    ]);
  });

  it("a Custom Range missing a date reports every appointment, with nothing to compare", async () => {
    const report = await buildReport(
      fx.admin.user,
      { period: "custom", from: "2026-10-19", to: undefined },
      new Date("2026-10-20T12:00:00Z"),
    );
    expect(report).toMatchObject({
      allTime: true,
      from: "2026-10-18",
      to: "2026-10-26",
      previous: null,
      completedCount: 6,
      totalRevenue: 23500 + 4500 + 3000,
    });
  });

  it("a week in which the clocks go forward ends at the Sunday's local midnight (23:00 UTC)", async () => {
    await book({
      stylistId: fx.stylists.a,
      clientId: fx.clients.c1,
      serviceId: fx.services.cut,
      status: "completed",
      price: 1000,
      start: "2027-03-28T22:30:00Z",
      minutes: 30,
    }); // Sun 28 23:30 BST
    await book({
      stylistId: fx.stylists.a,
      clientId: fx.clients.c1,
      serviceId: fx.services.cut,
      status: "completed",
      price: 2000,
      start: "2027-03-28T23:30:00Z",
      minutes: 30,
    }); // Mon 29 00:30 BST
    await book({
      stylistId: fx.stylists.a,
      clientId: fx.clients.c1,
      serviceId: fx.services.cut,
      status: "completed",
      price: 4000,
      start: "2027-03-22T00:30:00Z",
      minutes: 30,
    }); // Mon 22 00:30 GMT
    const report = await buildReport(fx.admin.user, { period: "custom", from: "2027-03-22", to: "2027-03-28" });
    expect(report.totalRevenue).toBe(5000);
    expect(report.daily.filter((day) => day.revenue > 0)).toEqual([
      { date: "2027-03-22", appointments: 1, revenue: 4000 },
      { date: "2027-03-28", appointments: 1, revenue: 1000 },
    ]);
  });
});

describe("a report shared until the data changes (decision 0129)", () => {
  it("answers the same report again while nothing changes, and a new one after a write", async () => {
    const query = { period: "custom" as const, from: "2027-05-03", to: "2027-05-09" };
    const first = await buildReport(fx.admin.user, query);
    expect(await buildReport(fx.admin.user, query)).toBe(first);
    // A stylist's own report is not the salon's.
    expect(await buildReport(fx.ann.user, query)).not.toBe(first);
    await book({
      stylistId: fx.stylists.a,
      clientId: fx.clients.c1,
      serviceId: fx.services.cut,
      status: "completed",
      price: 2500,
      start: "2027-05-04T10:00:00Z",
      minutes: 30,
    });
    const after = await buildReport(fx.admin.user, query);
    expect(after).not.toBe(first);
    expect(after.totalRevenue - first.totalRevenue).toBe(2500);
  });
});

describe("zoneOffsetSegments (the rollup's salon days)", () => {
  const near = (zone: string, from: string, to: string) =>
    zoneOffsetSegments(zone).filter(
      (segment) => segment.from !== null && segment.from >= Date.parse(from) && segment.from < Date.parse(to),
    );
  it("finds each clock change to the quarter hour", () => {
    expect(near("Europe/London", "2026-01-01T00:00:00Z", "2027-12-31T00:00:00Z")).toEqual([
      { from: Date.parse("2026-03-29T01:00:00Z"), offset: 60 },
      { from: Date.parse("2026-10-25T01:00:00Z"), offset: 0 },
      { from: Date.parse("2027-03-28T01:00:00Z"), offset: 60 },
      { from: Date.parse("2027-10-31T01:00:00Z"), offset: 0 },
    ]);
    // Lord Howe Island moves its clocks by half an hour.
    expect(near("Australia/Lord_Howe", "2026-01-01T00:00:00Z", "2026-12-31T00:00:00Z")).toEqual([
      { from: Date.parse("2026-04-04T15:00:00Z"), offset: 630 },
      { from: Date.parse("2026-10-03T15:30:00Z"), offset: 660 },
    ]);
    expect(near("Asia/Kolkata", "2000-01-01T00:00:00Z", "2099-01-01T00:00:00Z")).toEqual([]);
    expect(zoneOffsetSegments("Asia/Kolkata").at(-1)!.offset).toBe(330);
  });
});
