// The data revision and the reads shared by it (docs/decisions/0089): every write to what
// the calendar shows raises the revision, from any writer; a shared read is computed once
// for requests that ask at the same time and again after a write; a stylist never gets
// the value computed for everyone.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, clients, salonSettings, services, stylistAvailability, stylists, timeOff } from "#db/schema";
import { createSession } from "~/domain/auth.server";
import { loadCalendar } from "~/domain/calendar.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { dataRevision, sharedRead } from "~/domain/shared-reads.server";
import { zonedToUtc } from "~/lib/salon-time";
import { createTestUser } from "../factories";
import { createClient, createService } from "../calendar-factories";

const DAY = "2031-05-14";

type Person = Awaited<ReturnType<typeof createTestUser>>;
let admin: Person;
let stylistUser: Person;
let stylistId: number;
let otherStylistId: number;

beforeAll(async () => {
  admin = await createTestUser("admin");
  stylistUser = await createTestUser("stylist");
  const other = await createTestUser("stylist");
  stylistId = (await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, stylistUser.id)))[0]!.id;
  otherStylistId = (await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, other.id)))[0]!.id;
});

async function book(stylist: number, time: string, clientId?: number) {
  const start = zonedToUtc(DAY, time, "Europe/London");
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId: stylist,
      clientId,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      status: "scheduled",
      price: 3000,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

async function raises(write: () => Promise<unknown>) {
  const before = await dataRevision();
  await write();
  const after = await dataRevision();
  return after! > before!;
}

describe("the data revision", () => {
  it("rises with every insert, update and delete of what the calendar shows", async () => {
    const client = await createClient();
    const service = await createService();
    let id = 0;
    expect(await raises(async () => (id = await book(stylistId, "09:00", client.id)))).toBe(true);
    expect(
      await raises(() => db.update(appointments).set({ notes: "Moved by the desk" }).where(eq(appointments.id, id))),
    ).toBe(true);
    expect(
      await raises(() => db.update(clients).set({ name: "Renamed Client" }).where(eq(clients.id, client.id))),
    ).toBe(true);
    expect(await raises(() => db.update(services).set({ color: "sky" }).where(eq(services.id, service.id)))).toBe(true);
    expect(
      await raises(() => db.update(stylists).set({ name: "Renamed Stylist" }).where(eq(stylists.id, otherStylistId))),
    ).toBe(true);
    expect(
      await raises(() =>
        db.insert(timeOff).values({ stylistId, startDate: "2031-06-01", endDate: "2031-06-02", reason: "Holiday" }),
      ),
    ).toBe(true);
    expect(
      await raises(() =>
        db.insert(stylistAvailability).values({ stylistId, dayOfWeek: 3, startTime: "10:00", endTime: "18:00" }),
      ),
    ).toBe(true);
    expect(
      await raises(() =>
        db.update(stylistAvailability).set({ startTime: "10:30" }).where(eq(stylistAvailability.stylistId, stylistId)),
      ),
    ).toBe(true);
    expect(
      await raises(() =>
        db
          .insert(salonSettings)
          .values({ id: 1, openTime: "08:30" })
          .onConflictDoUpdate({ target: salonSettings.id, set: { openTime: "08:30" } }),
      ),
    ).toBe(true);
    expect(await raises(() => db.delete(appointments).where(eq(appointments.id, id)))).toBe(true);
  });

  it("stays put for writes the calendar does not show (sign-ins)", async () => {
    expect(await raises(() => createSession(admin.id))).toBe(false);
  });

  it("sees raw SQL from another writer", async () => {
    expect(await raises(() => db.run(sql`update appointments set notes = 'raw' where 0`))).toBe(false);
    const id = await book(stylistId, "16:00");
    expect(await raises(() => db.run(sql`update appointments set notes = 'raw' where id = ${id}`))).toBe(true);
  });
});

describe("a shared read", () => {
  it("is computed once for callers at the same time, and again after a write", async () => {
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { computed };
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => sharedRead("test once", compute)));
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(await sharedRead("test once", compute)).toBe(answers[0]);

    await book(stylistId, "10:00");
    expect(await sharedRead("test once", compute)).toEqual({ computed: 2 });
  });

  it("keeps no failure: the next caller computes again", async () => {
    await expect(sharedRead("test failure", () => Promise.reject(new Error("database busy")))).rejects.toThrow(
      "database busy",
    );
    expect(await sharedRead("test failure", async () => "recovered")).toBe("recovered");
  });
});

describe("the calendar's shared content", () => {
  it("shows a write made outside the app at once", async () => {
    const client = await createClient({ name: "Before Rename" });
    const id = await book(stylistId, "11:00", client.id);
    const first = await loadCalendar(admin, { view: "day", date: DAY });
    expect(first.items.find((item) => item.id === id)?.clientName).toBe("Before Rename");

    await db.run(sql`update clients set name = 'After Rename' where id = ${client.id}`);
    const second = await loadCalendar(admin, { view: "day", date: DAY });
    expect(second.items.find((item) => item.id === id)?.clientName).toBe("After Rename");
  });

  it("is shared by everyone who sees every stylist, never with a stylist", async () => {
    const display = await createTestUser("display");
    await book(otherStylistId, "12:00");
    const [forAdmin, forDisplay, forStylist] = await Promise.all([
      loadCalendar(admin, { view: "day", date: DAY }),
      loadCalendar(display, { view: "day", date: DAY }),
      loadCalendar(stylistUser, { view: "day", date: DAY }),
    ]);
    expect(forDisplay.items).toBe(forAdmin.items);
    expect(forAdmin.items.some((item) => item.stylistId === otherStylistId)).toBe(true);
    // Seeing colleagues' columns (the salon's default), a stylist still gets content of their own, colleagues' read-only.
    expect(forStylist.items).not.toBe(forAdmin.items);
    expect(forStylist.stylists.find((stylist) => stylist.id === otherStylistId)?.readOnly).toBe(true);
    await saveSalonSettings(admin, { stylistsSeeColleagues: false });
    const ownOnly = await loadCalendar(stylistUser, { view: "day", date: DAY });
    await saveSalonSettings(admin, { stylistsSeeColleagues: true });
    expect(ownOnly.items.every((item) => item.stylistId === stylistId)).toBe(true);
    expect(ownOnly.stylists.map((stylist) => stylist.id)).toEqual([stylistId]);
    // What differs by person is not shared.
    expect(forAdmin.canWrite).toBe(true);
    expect(forDisplay.canWrite).toBe(false);
    expect(forDisplay.panel).toBeNull();
  });
});
