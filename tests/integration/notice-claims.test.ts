// The one queue of client messages (decisions 0103, 0108): each due row is claimed by one
// process only, a claim whose lease ran out is taken over and says so, and the process that
// lost its lease can no longer record an outcome.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clientNotices } from "#db/schema";
import { claimDueNotices, insertNotice, NOTICE_LEASE_MS, stillHeld } from "~/domain/notice-claims.server";
import { createStylistAndService, createTestAppointment, createTestClient } from "../clients-factories";

async function appointment(startTime: string) {
  const { stylist, service } = await createStylistAndService();
  const client = await createTestClient({ name: "Queue Client", phone: "07400 123987" });
  return createTestAppointment({ clientId: client.id, stylistId: stylist.id, serviceId: service.id, startTime });
}

describe("the client message queue", () => {
  beforeEach(async () => {
    await db.delete(clientNotices);
  });

  it("queues one row per appointment, channel, kind and key", async () => {
    const { id } = await appointment("2030-03-04T10:00:00.000Z");
    const at = new Date("2030-03-01T09:00:00.000Z");
    const notice = { appointmentId: id, channel: "email", kind: "confirmation", key: "booked" } as const;
    expect(await insertNotice(db, notice, at)).toEqual(expect.any(Number));
    expect(await insertNotice(db, notice, at)).toBeNull();
    expect(await insertNotice(db, { ...notice, channel: "sms" }, at)).toEqual(expect.any(Number));
  });

  it("gives each due row to one claimant only, and only rows of its channel that are due", async () => {
    const at = new Date("2030-04-01T09:00:00.000Z");
    for (let n = 0; n < 12; n++) {
      const { id } = await appointment(`2030-04-0${2 + (n % 7)}T1${n % 10}:00:00.000Z`);
      await insertNotice(db, { appointmentId: id, channel: "sms", kind: "confirmation", key: `k${n}` }, at);
    }
    const { id: later } = await appointment("2030-04-09T10:00:00.000Z");
    await insertNotice(
      db,
      { appointmentId: later, channel: "sms", kind: "change", key: "later" },
      new Date(at.getTime() + 60_000),
    );
    const claims = (await Promise.all([1, 2, 3].map(() => claimDueNotices("sms", at, 5)))).flat();
    const ids = claims.map((claim) => claim.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(claims.every((claim) => claim.takenOver === null && claim.attempts === 1)).toBe(true);
    const rest = await claimDueNotices("sms", at, 50);
    expect(ids.length + rest.length).toBe(12);
    expect(await claimDueNotices("email", at, 50)).toEqual([]);
  });

  it("takes over a claim whose lease ran out, and the first claimant's outcome is no longer written", async () => {
    const { id } = await appointment("2030-05-04T10:00:00.000Z");
    const at = new Date("2030-05-01T09:00:00.000Z");
    await insertNotice(db, { appointmentId: id, channel: "email", kind: "confirmation", key: "booked" }, at);
    const [first] = await claimDueNotices("email", at, 1);
    expect(first).toMatchObject({ appointmentId: id, takenOver: null, attempts: 1 });
    // Within the lease nobody else gets it.
    expect(await claimDueNotices("email", new Date(at.getTime() + NOTICE_LEASE_MS - 1), 1)).toEqual([]);
    // Past it, the next claimant learns that a process claimed it before.
    const later = new Date(at.getTime() + NOTICE_LEASE_MS);
    const [second] = await claimDueNotices("email", later, 1);
    expect(second).toMatchObject({ id: first!.id, takenOver: at.toISOString(), attempts: 2 });
    const stale = await db.update(clientNotices).set({ status: "sent" }).where(stillHeld(first!)).returning();
    expect(stale).toEqual([]);
    const held = await db.update(clientNotices).set({ status: "sent" }).where(stillHeld(second!)).returning();
    expect(held).toHaveLength(1);
    const [row] = await db.select().from(clientNotices).where(eq(clientNotices.id, first!.id));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});
