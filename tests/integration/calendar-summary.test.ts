// The calendar loader's Week and Month summaries (docs/decisions/0070) and the Day view's
// lean blocks: what is counted, the salon's wall-clock times across a clock change, the
// working time behind the load, a client search, and a stylist seeing only their own.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, stylists, type AppointmentStatus } from "#db/schema";
import { loadCalendar } from "~/domain/calendar.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { zonedToUtc } from "~/lib/salon-time";
import { createTestUser } from "../factories";
import { createClient, createService } from "../calendar-factories";

const LONDON = "Europe/London";
// Monday 23 to Sunday 29 March 2026: the clocks go forward on Sunday the 29th at 01:00 UTC.
const WEDNESDAY = "2026-03-25";
const SUNDAY = "2026-03-29";

type Person = Awaited<ReturnType<typeof createTestUser>>;
let admin: Person;
let sofia: Person;
let theo: Person;
const stylistIds: Record<string, number> = {};

async function stylistOf(user: Person) {
  const [row] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, user.id));
  return row!.id;
}

async function book(
  stylist: string,
  date: string,
  time: string,
  minutes: number,
  status: AppointmentStatus,
  extra: { clientId?: number; serviceId?: number; notes?: string } = {},
) {
  const start = zonedToUtc(date, time, LONDON);
  await db.insert(appointments).values({
    stylistId: stylistIds[stylist]!,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + minutes * 60_000).toISOString(),
    status,
    price: 4500,
    ...extra,
  });
}

beforeAll(async () => {
  admin = await createTestUser("admin");
  // A stylist's own column as the SPEC has it: colleagues' calendars (decision 0113) are tested on their own.
  await saveSalonSettings(admin, { stylistsSeeColleagues: false });
  sofia = await createTestUser("stylist");
  theo = await createTestUser("stylist");
  stylistIds.sofia = await stylistOf(sofia);
  stylistIds.theo = await stylistOf(theo);
  const service = await createService({ name: "Summary Cut" });
  const jane = await createClient({ name: "Jane Summary" });
  const omar = await createClient({ name: "Omar Summary" });
  const booked = { serviceId: service.id };
  await book("sofia", WEDNESDAY, "09:00", 60, "completed", { ...booked, clientId: jane.id });
  await book("sofia", WEDNESDAY, "10:00", 30, "scheduled", { ...booked, clientId: omar.id });
  await book("sofia", WEDNESDAY, "16:00", 45, "scheduled", { ...booked, clientId: jane.id });
  await book("sofia", WEDNESDAY, "12:00", 60, "cancelled", { ...booked, clientId: omar.id });
  await book("sofia", WEDNESDAY, "13:00", 60, "blocked", { notes: "Lunch" });
  await book("theo", WEDNESDAY, "11:00", 60, "scheduled", { ...booked, clientId: omar.id });
  // After the clocks change: 10:00 wall clock is 09:00 UTC.
  await book("theo", SUNDAY, "10:00", 60, "scheduled", { ...booked, clientId: jane.id });
});

describe("the Week view's summary", () => {
  it("counts appointments (not blocked time or cancellations), their first start and last end, and the time taken against the working time", async () => {
    const week = await loadCalendar(admin, { view: "week", date: WEDNESDAY });
    // The week's blocks (decision 0114): everything but the cancellation.
    expect(week.items).toHaveLength(6);
    expect(week.items.some((item) => item.status === "cancelled")).toBe(false);
    const own = week.summary!.byStylist![WEDNESDAY]![stylistIds.sofia!]!;
    // 3 appointments; 60 + 30 + 45 minutes booked and 60 blocked; 09:00-17:00 by default.
    expect(own).toEqual({
      count: 3,
      noShows: 0,
      first: 9 * 60,
      last: 16 * 60 + 45,
      bookedMinutes: 195,
      workingMinutes: 480,
    });
    expect(week.summary!.byStylist![WEDNESDAY]![stylistIds.theo!]).toMatchObject({
      count: 1,
      first: 11 * 60,
      last: 12 * 60,
    });
    expect(week.summary!.days[WEDNESDAY]).toMatchObject({
      count: 4,
      first: 9 * 60,
      last: 16 * 60 + 45,
      bookedMinutes: 255,
    });
    expect(week.legend.map((entry) => entry.name)).toContain("Summary Cut");
  });

  it("puts an appointment on its salon date and wall-clock time after the clocks change", async () => {
    const week = await loadCalendar(admin, { view: "week", date: WEDNESDAY });
    // Sunday is not a working day by default: the booking counts, the working time is 0.
    expect(week.summary!.byStylist![SUNDAY]![stylistIds.theo!]).toEqual({
      count: 1,
      noShows: 0,
      first: 10 * 60,
      last: 11 * 60,
      bookedMinutes: 60,
      workingMinutes: 0,
    });
  });

  it("counts only the searched client's appointments", async () => {
    const week = await loadCalendar(admin, { view: "week", date: WEDNESDAY, query: "jane summary" });
    expect(week.summary!.byStylist![WEDNESDAY]![stylistIds.sofia!]).toMatchObject({
      count: 2,
      first: 9 * 60,
      last: 16 * 60 + 45,
    });
    expect(week.summary!.byStylist![WEDNESDAY]![stylistIds.theo!]).toMatchObject({ count: 0, first: null });
  });

  it("gives a stylist only their own row and counts, never another stylist's", async () => {
    const week = await loadCalendar(theo, { view: "week", date: WEDNESDAY });
    expect(week.stylists.map((stylist) => stylist.id)).toEqual([stylistIds.theo]);
    expect(Object.keys(week.summary!.byStylist![WEDNESDAY]!)).toEqual([String(stylistIds.theo)]);
    expect(week.summary!.days[WEDNESDAY]).toMatchObject({ count: 1, first: 11 * 60, last: 12 * 60 });
  });
});

describe("the Month view's summary", () => {
  it("gives every day of the weeks shown, for the whole salon, without appointments", async () => {
    const month = await loadCalendar(admin, { view: "month", date: WEDNESDAY });
    expect(Object.keys(month.summary!.days)).toHaveLength(month.last === "2026-04-05" ? 42 : 35);
    expect(month.summary!.byStylist).toBeNull();
    expect(month.summary!.days[WEDNESDAY]).toMatchObject({ count: 4 });
    expect(month.items).toEqual([]);
  });
});

describe("the Day view's blocks", () => {
  it("carry what a block shows: blocked time's notes, no notes for appointments, and no other stylist's blocks for a stylist", async () => {
    const day = await loadCalendar(admin, { view: "day", date: WEDNESDAY });
    const own = day.items.filter((item) => item.stylistId === stylistIds.sofia);
    expect(own.map((item) => item.startMinutes)).toEqual([9 * 60, 10 * 60, 12 * 60, 13 * 60, 16 * 60]);
    expect(own.find((item) => item.status === "blocked")).toMatchObject({
      notes: "Lunch",
      clientName: null,
      serviceName: null,
      endMinutes: 14 * 60,
    });
    expect(own.find((item) => item.status === "completed")).toMatchObject({
      clientName: "Jane Summary",
      serviceName: "Summary Cut",
      notes: null,
    });
    expect(day.summary).toBeNull();

    const theirs = await loadCalendar(sofia, { view: "day", date: WEDNESDAY });
    expect(new Set(theirs.items.map((item) => item.stylistId))).toEqual(new Set([stylistIds.sofia]));
  });
});
