// /api/reports and /api/reports/export as a script sees them, on the hand-built week.
import { beforeAll, describe, expect, it } from "vitest";
import * as reportsApi from "~/routes/api.reports._index";
import * as exportApi from "~/routes/api.reports.export";
import { parseCsv } from "~/lib/csv";
import { todayInZone } from "~/lib/salon-time";
import { END_BEFORE_START } from "~/lib/schemas/reports";
import { call, json, makeRequest } from "../factories";
import { reportFixture } from "../reports-factories";
import { useTestClock } from "../clock";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

type Fixture = Awaited<ReturnType<typeof reportFixture>>;
let fx: Fixture;

beforeAll(async () => {
  fx = await reportFixture();
});

const get = (handler: unknown, path: string, token: string) => call(handler, makeRequest("GET", path, { token }));

describe("GET /api/reports", () => {
  it("answers the week's figures in pence and 0-1 rates, with the previous week and each day", async () => {
    const { status, body } = await json(
      await get(reportsApi.loader, "/api/reports?from=2026-10-19&to=2026-10-25", fx.admin.token),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      from: "2026-10-19",
      to: "2026-10-25",
      totalRevenue: 23500,
      completedCount: 4,
      averageService: 5875,
      previous: { totalRevenue: 3000, completedCount: 1 },
    });
    expect(body.cancellationRate).toBeCloseTo(1 / 6);
    expect(body.rebookingRate).toBeCloseTo(1 / 3);
    expect(body.topServices).toHaveLength(2);
    expect(body.topClients[0]).toMatchObject({ name: "Cara One", revenue: 11500 });
    expect(body.stylists).toHaveLength(2);
    for (const stylist of body.stylists)
      expect(Object.keys(stylist)).toEqual(
        expect.arrayContaining(["stylistId", "name", "appointments", "completed", "cancelled", "revenue", "occupancy"]),
      );
    expect(body.daily).toHaveLength(7);
    expect(body.daily[6]).toEqual({ date: "2026-10-25", revenue: 5000, appointments: 1 });
  });

  it("gives a stylist's token only their own figures", async () => {
    const { status, body } = await json(
      await get(reportsApi.loader, "/api/reports?from=2026-10-19&to=2026-10-25", fx.bob.token),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ scope: "own", totalRevenue: 12000, completedCount: 2 });
    expect(body.stylists.map((stylist: { stylistId: number }) => stylist.stylistId)).toEqual([fx.stylists.b]);
    expect(body.topClients.map((client: { name: string }) => client.name).sort()).toEqual([
      '=HYPERLINK("http://x","Eve")',
      "Dan Two",
    ]);
  });

  it("accepts each named period", async () => {
    for (const period of ["today", "week", "month", "quarter", "year"]) {
      const { status, body } = await json(
        await get(reportsApi.loader, `/api/reports?period=${period}`, fx.admin.token),
      );
      expect(status, period).toBe(200);
      expect(body.period).toBe(period);
      expect(body.to).toBe(todayInZone("Europe/London"));
    }
  });

  it.each([
    ["/api/reports?period=fortnight", "period"],
    ["/api/reports?from=2026-10-25&to=2026-10-19", "to"],
    ["/api/reports?from=2026-02-30&to=2026-03-01", "from"],
    ["/api/reports?from=yesterday&to=2026-03-01", "from"],
    ["/api/reports?from=2000-01-01&to=2026-03-01", "to"],
  ])("answers 400 with {message, errors} for %s", async (path, field) => {
    const { status, body } = await json(await get(reportsApi.loader, path, fx.admin.token));
    expect(status).toBe(400);
    expect(body.message).toEqual(expect.any(String));
    expect(body.errors[field]).toHaveLength(1);
  });

  it("says plainly when the end is before the start", async () => {
    const { body } = await json(
      await get(reportsApi.loader, "/api/reports?period=custom&from=2026-10-25&to=2026-10-19", fx.admin.token),
    );
    expect(body).toEqual({ message: END_BEFORE_START, errors: { to: [END_BEFORE_START] } });
  });
});

describe("GET /api/reports/export", () => {
  it("downloads salon-report-{period}-{date}.csv with the cards, top lists and breakdown, formulas neutralised", async () => {
    const response = (await get(
      exportApi.loader,
      "/api/reports/export?period=custom&from=2026-10-19&to=2026-10-25",
      fx.admin.token,
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="salon-report-custom-${todayInZone("Europe/London")}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark, so Excel reads the £ right
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('"\'=HYPERLINK(""http://x"",""Eve"")",1,70.00\r\n');
    const rows = parseCsv(text);
    const row = (first: string) => rows.find((cells) => cells[0] === first);
    expect(row("Total Revenue (GBP)")).toEqual(["Total Revenue (GBP)", "235.00", "30.00", "+683%"]);
    expect(row("Cancellation Rate")).toEqual(["Cancellation Rate", "16.7%", "0.0%", "+16.7"]);
    expect(row("Rebooking Rate")?.[1]).toBe("33.3%");
    expect(row("Report Colour")).toEqual(["Report Colour", "2", "140.00"]);
    expect(row("Cara One")).toEqual(["Cara One", "2", "115.00"]);
    expect(row("Top Clients (All Stylists)")).toBeDefined();
    expect(row("Stylist Performance Breakdown")).toBeDefined();
    expect(row("No-show Rate")).toEqual(["No-show Rate", "0.0%", "0.0%", "0.0"]);
    expect(row("Ann Shears")).toEqual(["Ann Shears", "3", "2", "1", "0", "115.00", "57.50", "5.2%"]);
    expect(row("Bob Blades")).toEqual(["Bob Blades", "3", "2", "0", "0", "120.00", "60.00", "7.8%"]);
  });

  it("gives a stylist their own, under their own titles", async () => {
    const response = (await get(
      exportApi.loader,
      "/api/reports/export?period=custom&from=2026-10-19&to=2026-10-25",
      fx.ann.token,
    )) as Response;
    const rows = parseCsv(await response.text());
    const firsts = rows.map((cells) => cells[0]);
    expect(firsts).toEqual(expect.arrayContaining(["My Top Clients", "My Performance Details", "Ann Shears"]));
    expect(firsts).not.toContain("Bob Blades");
    expect(firsts).not.toContain("Dan Two");
  });

  it("answers 400 JSON for bad parameters", async () => {
    const { status, body } = await json(
      await get(exportApi.loader, "/api/reports/export?period=custom&from=2026-10-25&to=2026-10-19", fx.admin.token),
    );
    expect(status).toBe(400);
    expect(body.errors.to).toEqual([END_BEFORE_START]);
  });
});
