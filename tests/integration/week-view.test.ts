// The Week view's bookings (decision 0114): up to five stylists every stylist's blocks of the
// week (no cancellations, nothing from the week before); with more stylists, or a week too
// busy to draw whole, one stylist at a time: the one asked for, the actor's own, else the first.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, stylists, type AppointmentStatus } from "#db/schema";
import { loadCalendar, WEEK_BLOCKS_AT_ONCE, WEEK_STYLISTS_AT_ONCE } from "~/domain/calendar.server";
import { packWeekItems, unpackWeekItems } from "~/lib/calendar-items";
import { zonedToUtc } from "~/lib/salon-time";
import { pinClock } from "../clock";
import { createTestUser } from "../factories";
import { createClient, createService } from "../calendar-factories";

pinClock("2026-11-25T10:30:00.000Z");

const LONDON = "Europe/London";
// Monday 8 to Sunday 14 February 2027.
const MONDAY = "2027-02-08";
const WEDNESDAY = "2027-02-10";
const SUNDAY_BEFORE = "2027-02-07";

type Person = Awaited<ReturnType<typeof createTestUser>>;
let admin: Person;
const people: Person[] = [];
const ids: number[] = [];

async function stylistOf(user: Person) {
  const [row] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, user.id));
  return row!.id;
}

async function book(stylistId: number, date: string, time: string, status: AppointmentStatus, clientId?: number) {
  const start = zonedToUtc(date, time, LONDON);
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      status,
      price: 4500,
      clientId,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

beforeAll(async () => {
  admin = await createTestUser("admin");
  for (let index = 0; index < WEEK_STYLISTS_AT_ONCE; index += 1) {
    const person = await createTestUser("stylist");
    people.push(person);
    ids.push(await stylistOf(person));
  }
  await createService({ name: "Week Cut" });
  const client = await createClient({ name: "Wendy Weekview" });
  await book(ids[0]!, WEDNESDAY, "09:00", "scheduled", client.id);
  await book(ids[0]!, WEDNESDAY, "10:00", "cancelled", client.id);
  await book(ids[1]!, MONDAY, "11:00", "blocked");
  await book(ids[1]!, SUNDAY_BEFORE, "23:00", "scheduled", client.id);
});

describe("the Week view's bookings", () => {
  it("draws every stylist's blocks of the week, without cancellations or the week before, for up to five stylists", async () => {
    const week = await loadCalendar(admin, { view: "week", date: WEDNESDAY });
    expect(week.stylists).toHaveLength(WEEK_STYLISTS_AT_ONCE);
    expect(week.weekStylistId).toBeNull();
    expect(week.items.map((item) => [item.stylistId, item.date, item.status, item.clientName])).toEqual([
      [ids[1], MONDAY, "blocked", null],
      [ids[0], WEDNESDAY, "scheduled", "Wendy Weekview"],
    ]);
    expect(week.legend).toEqual([]);
  });

  it("packs the blocks into tab-separated lines and back, the service by its place in the legend", async () => {
    const week = await loadCalendar(admin, { view: "week", date: WEDNESDAY });
    const back = unpackWeekItems(packWeekItems(week.items, week.first, week.legend), week.first, week.legend);
    // The week draws no ends: they come back as the start.
    expect(back).toEqual(week.items.map((item) => ({ ...item, endMinutes: item.startMinutes })));
  });

  it("with one stylist more, shows one at a time: the one asked for, else the first", async () => {
    const extra = await createTestUser("stylist");
    const extraId = await stylistOf(extra);
    const first = await loadCalendar(admin, { view: "week", date: WEDNESDAY });
    expect(first.stylists).toHaveLength(WEEK_STYLISTS_AT_ONCE + 1);
    expect(first.weekStylistId).toBe(first.stylists[0]!.id);
    expect(new Set(first.items.map((item) => item.stylistId)).size).toBeLessThanOrEqual(1);

    const asked = await loadCalendar(admin, { view: "week", date: WEDNESDAY, stylistId: ids[0]! });
    expect(asked.weekStylistId).toBe(ids[0]);
    expect(asked.items.map((item) => item.stylistId)).toEqual([ids[0]]);
    // Only this stylist's summary rides along.
    expect(Object.keys(asked.summary!.byStylist![WEDNESDAY]!)).toEqual([String(ids[0])]);

    // An unknown stylist falls back to the first.
    const unknown = await loadCalendar(admin, { view: "week", date: WEDNESDAY, stylistId: 999_999 });
    expect(unknown.weekStylistId).toBe(first.stylists[0]!.id);
    // The Day view ignores it.
    const day = await loadCalendar(admin, { view: "day", date: WEDNESDAY, stylistId: ids[0]! });
    expect(day.weekStylistId).toBeNull();
    await db.update(stylists).set({ isActive: false }).where(eq(stylists.id, extraId));
  });

  it("a week busier than it can draw whole shows one stylist at a time", async () => {
    const start = zonedToUtc(MONDAY, "07:00", LONDON).getTime();
    await db.insert(appointments).values(
      Array.from({ length: WEEK_BLOCKS_AT_ONCE + 1 }, (_, index) => ({
        stylistId: ids[index % ids.length]!,
        startTime: new Date(start + index * 15 * 60_000).toISOString(),
        endTime: new Date(start + (index + 1) * 15 * 60_000).toISOString(),
        status: "blocked" as const,
        price: 0,
      })),
    );
    const week = await loadCalendar(admin, { view: "week", date: WEDNESDAY, stylistId: ids[2]! });
    expect(week.stylists).toHaveLength(WEEK_STYLISTS_AT_ONCE);
    expect(week.weekStylistId).toBe(ids[2]);
    expect(new Set(week.items.map((item) => item.stylistId))).toEqual(new Set([ids[2]]));
  });
});
