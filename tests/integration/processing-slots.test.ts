// Online slots and processing time (decision 0111): a stylist's processing parts are free
// time, and the offered service's own processing needs nothing of the stylist, so the slots
// and the booking write (the rule chain) agree. Monday 16 March 2026 in London (GMT); the
// stylists work SPEC's default 09:00-17:00.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, writeTransaction } from "#db/client.server";
import { appointments, salonSettings } from "#db/schema";
import { onlineClient, type Actor, type WriteActor } from "~/domain/access.server";
import { salonRules } from "~/domain/appointment-rules.server";
import { insertChecked, resolveWrite, type AppointmentWrite } from "~/domain/appointment-writes.server";
import { findSlots, type Slot } from "~/domain/online-slots.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { dateInZone, timeInZone, zonedToUtc } from "~/lib/salon-time";
import { pinClock } from "../clock";
import { createTestUser } from "../factories";
import { createClient } from "../calendar-factories";
import { createService, createStylist } from "../services-factories";

const TZ = "Europe/London";
const NOW = new Date("2026-03-16T06:00:00.000Z");
pinClock(NOW);
const DAY = "2026-03-16";

let admin: Actor;
beforeAll(async () => {
  admin = await createTestUser("admin");
  await saveSalonSettings(admin, { salonName: "Processing Salon", timeZone: TZ, bookingAdvanceLimit: 300 });
});
beforeEach(async () => {
  await db
    .update(salonSettings)
    .set({ onlineBookingEnabled: true, onlineLeadTimeHours: 2, onlinePolicyText: "" })
    .where(eq(salonSettings.id, 1));
});

const at = (time: string) => zonedToUtc(DAY, time, TZ);
const startsOf = (slots: Slot[]) =>
  slots.filter((slot) => dateInZone(slot.start, TZ) === DAY).map((slot) => timeInZone(slot.start, TZ));
function quarters(first: string, last: string): string[] {
  const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const list: string[] = [];
  for (let minutes = toMinutes(first); minutes <= toMinutes(last); minutes += 15)
    list.push(`${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`);
  return list;
}
async function appointment(
  stylistId: number,
  from: string,
  to: string,
  extra: Partial<typeof appointments.$inferInsert>,
) {
  const client = await createClient();
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId,
      clientId: client.id,
      startTime: at(from).toISOString(),
      endTime: at(to).toISOString(),
      status: "scheduled",
      ...extra,
    })
    .returning();
  return row!;
}
async function bookAs(actor: WriteActor, write: { stylistId: number; serviceId: number; start: Date }) {
  const salon = await salonRules();
  const client = await createClient();
  return writeTransaction(async (tx) => {
    const input: AppointmentWrite = { clientId: client.id, status: "scheduled", notes: null, ...write };
    const resolved = await resolveWrite(tx, actor, input, null);
    return insertChecked(tx, actor, input, resolved, salon);
  });
}

describe("online slots and processing time", () => {
  it("offer a booked colour's processing part, and nothing of its active parts", async () => {
    const ann = await createStylist();
    const colour = await createService({ duration: 120, processingAfterMinutes: 30, processingMinutes: 45 });
    const cut = await createService({ duration: 30 });
    // 10:00-12:00, processing 10:30-11:15 as booked.
    await appointment(ann.id, "10:00", "12:00", {
      serviceId: colour.id,
      processingAfterMinutes: 30,
      processingMinutes: 45,
    });
    const slots = await findSlots(db, { serviceId: cut.id, stylistId: ann.id, from: DAY, to: DAY, now: NOW });
    expect(startsOf(slots)).toEqual([...quarters("09:00", "09:30"), "10:30", "10:45", ...quarters("12:00", "16:30")]);
  });

  it("the processing stored on the booking counts, not the service's now", async () => {
    const ann = await createStylist();
    const colour = await createService({ duration: 120, processingAfterMinutes: 30, processingMinutes: 45 });
    const cut = await createService({ duration: 30 });
    // Booked before the service had processing: none stored, all of it is the stylist's.
    await appointment(ann.id, "10:00", "12:00", { serviceId: colour.id });
    const slots = await findSlots(db, { serviceId: cut.id, stylistId: ann.id, from: DAY, to: DAY, now: NOW });
    expect(startsOf(slots)).toEqual([...quarters("09:00", "09:30"), ...quarters("12:00", "16:30")]);
  });

  it("offer a colour whose own processing covers what is booked, and the booking write accepts it", async () => {
    const ann = await createStylist();
    const colour = await createService({ duration: 120, processingAfterMinutes: 30, processingMinutes: 45 });
    const cut = await createService({ duration: 30 });
    await appointment(ann.id, "10:30", "11:00", { serviceId: cut.id });
    const slots = await findSlots(db, { serviceId: colour.id, stylistId: ann.id, from: DAY, to: DAY, now: NOW });
    // 09:45: work 09:45-10:15, processing 10:15-11:00 (the cut), work 11:00-11:45. 10:00 likewise.
    expect(startsOf(slots)).toEqual(["09:45", "10:00", ...quarters("11:00", "15:00")]);
    const id = await bookAs(onlineClient("Olive O."), { stylistId: ann.id, serviceId: colour.id, start: at("09:45") });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ processingAfterMinutes: 30, processingMinutes: 45, source: "online" });
    // A start the page does not offer is refused by the write too.
    await expect(
      bookAs(onlineClient("Olive O."), { stylistId: ann.id, serviceId: colour.id, start: at("09:30") }),
    ).rejects.toThrow("This time is no longer free: choose another.");
  });

  it("keep the buffer after the service's last part", async () => {
    const ann = await createStylist();
    const colour = await createService({
      duration: 120,
      processingAfterMinutes: 30,
      processingMinutes: 45,
      bufferMinutes: 15,
    });
    const cut = await createService({ duration: 30 });
    await appointment(ann.id, "13:00", "13:30", { serviceId: cut.id });
    const slots = await findSlots(db, { serviceId: colour.id, stylistId: ann.id, from: DAY, to: DAY, now: NOW });
    // 10:45 ends 12:45, its buffer to 13:00: fine; 11:00 ends at 13:00 and its buffer would
    // reach into the 13:00 cut.
    const starts = startsOf(slots);
    expect(starts).toContain("10:45");
    expect(starts).not.toContain("11:00");
  });
});
