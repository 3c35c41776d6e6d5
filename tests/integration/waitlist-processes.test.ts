// Exactly once across processes (decision 0128): two server processes run their waitlist
// passes every second on one database file; each freed slot is offered to one waiting
// client, and each offer's text reaches the fake provider once, including slots freed while
// they run.
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, waitlistEntries, waitlistOffers } from "#db/schema";
import { addDays, isoDayOfWeek, todayInZone, zonedToUtc, type CalendarDate } from "~/lib/salon-time";
import { createStylistAndService, createTestAppointment, createTestClient } from "../clients-factories";
import { hasBuild, serversOnTestDatabase, until } from "../server-process";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { afterFurtherLoopRuns, configureSms } from "../sms-factories";

const ZONE = "Europe/London";

/** A weekday at least a week ahead (the servers run on the real clock). */
function aWeekdayAhead(): CalendarDate {
  let day = addDays(todayInZone(ZONE), 7);
  while (isoDayOfWeek(day) > 5) day = addDays(day, 1);
  return day;
}

describe.skipIf(!hasBuild)("waitlist offers with several server processes on one database", () => {
  const servers = serversOnTestDatabase();
  let fake: FakeProviders;
  afterAll(async () => {
    await servers.stop();
    await fake?.close();
  });

  it("offers each freed slot to one client and sends each offer exactly once", { timeout: 120_000 }, async () => {
    fake = await startFakeProviders();
    const day = aWeekdayAhead();
    const at = (time: string) => zonedToUtc(day, time, ZONE).toISOString();
    let phones = 0;
    const phone = () => `07400 9107${String(++phones).padStart(2, "0")}`;

    await configureSms({ smsProvider: "twilio", waitlistAutoOffer: true, waitlistHoldMinutes: 30 });
    /** A stylist with a full morning, two clients waiting for it; returns the 10:00 booking. */
    const fullMorningWithTwoWaiting = async () => {
      const { stylist, service } = await createStylistAndService({ name: "Cut & Finish", duration: 60 });
      const booked = [];
      for (const time of ["09:00", "10:00", "11:00"]) {
        const client = await createTestClient({ name: `Booked ${time}`, phone: phone() });
        booked.push(
          await createTestAppointment({
            clientId: client.id,
            stylistId: stylist.id,
            serviceId: service.id,
            startTime: at(time),
          }),
        );
      }
      const entries = [];
      for (const name of ["First Waiting", "Second Waiting"]) {
        const client = await createTestClient({ name, phone: phone() });
        const [entry] = await db
          .insert(waitlistEntries)
          .values({
            clientId: client.id,
            serviceId: service.id,
            stylistId: stylist.id,
            fromDate: day,
            toDate: day,
            times: "morning",
          })
          .returning();
        entries.push({ entry: entry!, phone: client.phone });
      }
      return { freed: booked[1]!, entries };
    };
    const groups = [];
    for (let n = 0; n < 6; n++) groups.push(await fullMorningWithTwoWaiting());

    await servers.start(2, { SMS_TWILIO_URL: fake.url, SMS_RETRY_BASE_MS: "10" });
    const diagnostics = () => `${fake.requests.length} requests\n${servers.output()}`;
    // Nothing is free yet: no offer goes out.
    await afterFurtherLoopRuns(3, diagnostics);
    expect(fake.requests).toEqual([]);

    const cancel = (ids: number[]) =>
      db.update(appointments).set({ status: "cancelled" }).where(inArray(appointments.id, ids));
    await cancel(groups.slice(0, 4).map((group) => group.freed.id));
    await until(() => fake.requests.length >= 4, "the first 4 offers", { diagnostics });
    // Slots freed while the passes run are offered at a following pass.
    await cancel(groups.slice(4).map((group) => group.freed.id));
    await until(() => fake.requests.length >= 6, "the 2 later offers", { diagnostics });
    await until(
      async () => (await db.select().from(waitlistOffers).where(eq(waitlistOffers.sendStatus, "sending"))).length === 0,
      "every claim to finish",
      { diagnostics },
    );
    // Several more passes by any process must not add an offer or a message.
    await afterFurtherLoopRuns(5, diagnostics);

    const offers = await db.select().from(waitlistOffers);
    expect(offers).toHaveLength(6);
    for (const offer of offers) expect(offer).toMatchObject({ status: "offered", sendStatus: "sent" });
    // Each slot went to the first client waiting for it, never to the second.
    const firstEntries = groups.map((group) => group.entries[0]!.entry.id).sort();
    expect(offers.map((offer) => offer.entryId).sort()).toEqual(firstEntries);
    for (const group of groups)
      expect(offers.find((offer) => offer.entryId === group.entries[0]!.entry.id)).toMatchObject({
        startTime: group.freed.startTime,
        stylistId: group.freed.stylistId,
      });

    const to = fake.requests.map((request) => String(request.body.To));
    expect(to).toHaveLength(6);
    expect(new Set(to).size).toBe(6);
    for (const offer of offers) {
      const text = fake.requests.filter((request) =>
        String(request.body.Body).includes(`/waitlist/offer/${offer.id}.`),
      );
      expect(text).toHaveLength(1);
    }
    const claimers = new Set(offers.map((offer) => offer.claimedBy));
    console.info(`offers claimed by ${claimers.size} processes`);
  });
});
