// The waitlist (decisions 0127, 0128): /api/waitlist and its permissions, an entry's matches
// when a slot opens, and the automatic offers: one client at a time, a hold running out or
// declined moves the slot to the next client, two acceptances racing book once, accepting
// goes through the rule chain, entries expire after their last date.
import { and, eq } from "drizzle-orm";
import Database from "libsql";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import {
  appointments,
  patchTests,
  salonSettings,
  type services,
  timeOff,
  waitlistEntries,
  waitlistOffers,
} from "#db/schema";
import * as waitlistById from "~/routes/api.waitlist.$id";
import * as waitlistList from "~/routes/api.waitlist._index";
import {
  acceptOffer,
  declineOffer,
  getPublicOffer,
  offerToken,
  OFFER_GONE,
  OFFER_TAKEN,
  runWaitlistOffers,
  waitlistBadge,
  waitlistMatchesOn,
} from "~/domain/waitlist.server";
import { createStylistAndService, createTestAppointment, createTestClient } from "../clients-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { pinClock } from "../clock";
import { ONLINE_PATCH_TEST } from "~/lib/patch-tests";
import { configureSms } from "../sms-factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";

process.env.WAITLIST_PASSES = "off";
// Wednesday 25 November 2026, 10:30 in London; the slots are on Friday the 27th.
pinClock("2026-11-25T10:30:00.000Z");
const DAY = "2026-11-27";
const at = (time: string) => `${DAY}T${time}:00.000Z`;

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;
let stylistUser: Session;
let display: Session;
let fake: FakeProviders;

beforeAll(async () => {
  admin = await signedIn("admin");
  stylistUser = await signedIn("stylist");
  display = await signedIn("display");
  fake = await startFakeProviders();
  fake.useForAll();
});
afterAll(async () => {
  await fake.close();
});

const list = async (token: string, query = "") =>
  json(await call(waitlistList.loader, makeRequest("GET", `/api/waitlist${query}`, { token })));
const create = async (token: string, body: unknown) =>
  json(await call(waitlistList.action, makeRequest("POST", "/api/waitlist", { token, body })));
const remove = async (token: string, id: number) =>
  json(await call(waitlistById.action, makeRequest("DELETE", `/api/waitlist/${id}`, { token }), { id: String(id) }));

/** A stylist whose Friday morning is fully booked (09:00, 10:00, 11:00), and the bookings. */
async function fullMorning(serviceValues: Partial<typeof services.$inferInsert> = {}) {
  const { stylist, service } = await createStylistAndService({ name: "Cut & Finish", duration: 60, ...serviceValues });
  const booked = [];
  for (const time of ["09:00", "10:00", "11:00"]) {
    const client = await createTestClient({ name: `Booked ${time}` });
    booked.push(
      await createTestAppointment({
        clientId: client.id,
        stylistId: stylist.id,
        serviceId: service.id,
        startTime: at(time),
      }),
    );
  }
  return { stylist, service, booked };
}

async function cancel(id: number) {
  await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, id));
}

let phoneCounter = 0;
async function waitingClient(name: string) {
  phoneCounter += 1;
  return createTestClient({ name, phone: `07400 5100${String(phoneCounter).padStart(2, "0")}` });
}

async function entryFor(clientId: number, stylistId: number, serviceId: number) {
  const created = await create(admin.token, {
    clientId,
    serviceId,
    stylistId,
    from: DAY,
    to: DAY,
    times: "morning",
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: number; matches: { start: string }[] };
}

const offersOf = (entryId: number) => db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));

describe("/api/waitlist", () => {
  it("adds, lists with matches and removes; a display account is refused everything", async () => {
    const { stylist, service, booked } = await fullMorning();
    const client = await waitingClient("Wanda Wait");
    const entry = await entryFor(client.id, stylist.id, service.id);
    expect(entry).toMatchObject({ clientName: "Wanda Wait", status: "waiting", matches: [], offer: null });

    const listed = await list(stylistUser.token);
    expect(listed.status).toBe(200);
    expect(listed.body.map((row: { id: number }) => row.id)).toContain(entry.id);

    // A cancellation frees 10:00: the entry's match, the badge and the calendar show it.
    await cancel(booked[1]!.id);
    const after = (await list(admin.token)).body.find((row: { id: number }) => row.id === entry.id);
    expect(after.matches).toEqual([
      { start: at("10:00"), end: at("11:00"), stylistId: stylist.id, stylistName: expect.any(String) },
    ]);
    expect(await waitlistBadge(admin.user)).toBeGreaterThanOrEqual(1);
    expect(await waitlistBadge(display.user)).toBe(0);
    const onCalendar = await waitlistMatchesOn(admin.user, DAY);
    expect(onCalendar).toContainEqual(
      expect.objectContaining({ entryId: entry.id, start: at("10:00"), stylistId: stylist.id, offered: false }),
    );

    expect((await list(display.token)).status).toBe(403);
    expect((await create(display.token, { clientId: client.id })).status).toBe(403);
    expect((await remove(display.token, entry.id)).status).toBe(403);

    expect((await remove(stylistUser.token, entry.id)).status).toBe(200);
    expect((await remove(stylistUser.token, entry.id)).status).toBe(404);
    await cancel(booked[0]!.id);
  });

  it("refuses a range that ended, runs backwards or is too long", async () => {
    const { stylist, service } = await createStylistAndService();
    const client = await waitingClient("Rita Range");
    const base = { clientId: client.id, serviceId: service.id, stylistId: stylist.id };
    expect((await create(admin.token, { ...base, from: "2026-11-20", to: "2026-11-24" })).status).toBe(400);
    expect((await create(admin.token, { ...base, from: "2026-11-30", to: "2026-11-28" })).status).toBe(400);
    expect((await create(admin.token, { ...base, from: "2026-12-01", to: "2027-02-15" })).status).toBe(400);
    expect((await create(admin.token, { ...base, from: "2026-12-01", to: "2026-12-05", times: "night" })).status).toBe(
      400,
    );
  });

  it("lists an entry whose last date has passed as expired, not waiting, and never offers it", async () => {
    const { stylist, service } = await createStylistAndService();
    const client = await waitingClient("Eve Expired");
    const [row] = await db
      .insert(waitlistEntries)
      .values({
        clientId: client.id,
        serviceId: service.id,
        stylistId: stylist.id,
        fromDate: "2026-11-20",
        toDate: "2026-11-24",
      })
      .returning();
    expect((await list(admin.token)).body.map((entry: { id: number }) => entry.id)).not.toContain(row!.id);
    const expired = await list(admin.token, "?status=expired");
    expect(expired.body.find((entry: { id: number }) => entry.id === row!.id)).toMatchObject({ status: "expired" });
    await configureSms({ waitlistAutoOffer: true });
    await runWaitlistOffers();
    expect(await offersOf(row!.id)).toEqual([]);
    await db.update(salonSettings).set({ waitlistAutoOffer: false });
  });
});

describe("the menu's badge", () => {
  beforeEach(async () => {
    await db.delete(waitlistEntries);
  });

  it("counts the entries a free slot fits, each service's slots computed for all its entries, following every change and the clock", async () => {
    const cut = await fullMorning();
    const colour = await fullMorning({ name: "Gloss" });
    for (const name of ["Bea Badge", "Cy Badge"])
      await entryFor((await waitingClient(name)).id, cut.stylist.id, cut.service.id);
    await entryFor((await waitingClient("Di Badge")).id, colour.stylist.id, colour.service.id);
    expect(await waitlistBadge(admin.user)).toBe(0);

    // A cancellation frees 10:00 for the cut: both its entries fit, the colour's does not.
    await cancel(cut.booked[1]!.id);
    expect(await waitlistBadge(admin.user)).toBe(2);
    await cancel(colour.booked[2]!.id);
    expect(await waitlistBadge(admin.user)).toBe(3);
    // The cut's hour is booked again.
    await db.update(appointments).set({ status: "scheduled" }).where(eq(appointments.id, cut.booked[1]!.id));
    expect(await waitlistBadge(admin.user)).toBe(1);
    // Once the morning has passed (the entries want mornings), nothing fits.
    expect(await waitlistBadge(admin.user, new Date(at("12:00")))).toBe(0);
  });

  it("finds a free time past the first week, which it computes on its own, as the entry's matches do", async () => {
    const { stylist, service } = await createStylistAndService({ name: "Balayage", duration: 60 });
    const client = await waitingClient("Flo Further");
    const created = await create(admin.token, {
      clientId: client.id,
      serviceId: service.id,
      stylistId: stylist.id,
      from: "2026-11-30",
      to: "2026-12-04",
      times: "any",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // Today is Wednesday 25 November: the first week ends on Tuesday 1 December, and the
    // stylist is off until then.
    const [off] = await db
      .insert(timeOff)
      .values({ stylistId: stylist.id, startDate: "2026-11-30", endDate: "2026-12-01" })
      .returning();
    expect(await waitlistBadge(admin.user)).toBe(1);
    const listed = (await list(admin.token)).body as { id: number; matches: { start: string }[] }[];
    const entry = listed.find((item) => item.id === created.body.id);
    expect(entry?.matches[0]?.start).toBe("2026-12-02T09:00:00.000Z");
    // Off for the whole range: nothing fits, in either block.
    await db.update(timeOff).set({ endDate: "2026-12-04" }).where(eq(timeOff.id, off!.id));
    expect(await waitlistBadge(admin.user)).toBe(0);
  });
});

describe("automatic offers", () => {
  beforeEach(async () => {
    await configureSms({ waitlistAutoOffer: true, waitlistHoldMinutes: 30 });
    // Earlier tests' entries are not this test's business.
    await db.delete(waitlistEntries);
    fake.requests.length = 0;
  });

  it("offers a freed slot to one client at a time; a hold that runs out passes it to the next", async () => {
    const { stylist, service, booked } = await fullMorning();
    const first = await waitingClient("Fay First");
    const second = await waitingClient("Sam Second");
    const entryA = await entryFor(first.id, stylist.id, service.id);
    const entryB = await entryFor(second.id, stylist.id, service.id);

    // Nothing fits yet: no offer.
    expect((await runWaitlistOffers()).offered).toBe(0);
    await cancel(booked[1]!.id);

    const pass = await runWaitlistOffers();
    expect(pass).toMatchObject({ offered: 1, sent: 1 });
    const [offerA] = await offersOf(entryA.id);
    expect(offerA).toMatchObject({ status: "offered", startTime: at("10:00"), sendStatus: "sent", channel: "sms" });
    expect(await offersOf(entryB.id)).toEqual([]);
    expect(fake.requests).toHaveLength(1);
    expect(String(fake.requests[0]!.body.Body)).toContain(`/waitlist/offer/${offerToken(offerA!.id, offerA!.nonce)}`);
    // The slot is held: the second entry sees no match, and a second pass offers nothing.
    expect((await runWaitlistOffers()).offered).toBe(0);
    expect((await list(admin.token)).body.find((row: { id: number }) => row.id === entryB.id).matches).toEqual([]);

    // Thirty-one minutes on, the hold has run out: the slot goes to the second client, never back to the first.
    const later = () => new Date(Date.now() + 31 * 60_000);
    const next = await runWaitlistOffers(later);
    expect(next).toMatchObject({ expired: 1, offered: 1, sent: 1 });
    expect((await offersOf(entryA.id)).map((offer) => offer.status)).toEqual(["expired"]);
    expect(await offersOf(entryB.id)).toEqual([expect.objectContaining({ status: "offered", startTime: at("10:00") })]);
    expect(fake.requests).toHaveLength(2);
    await expect(acceptOffer(offerToken(offerA!.id, offerA!.nonce), later())).rejects.toThrow(OFFER_GONE);
  });

  it("a slot freed during a pass, after an older entry was passed over, waits for the next pass and goes to the older", async () => {
    const { stylist, service, booked } = await fullMorning();
    const older = await entryFor((await waitingClient("Olive Older")).id, stylist.id, service.id);
    const younger = await entryFor((await waitingClient("Yusuf Younger")).id, stylist.id, service.id);
    // Another process (a second connection) frees the 10:00 while this pass is between the
    // two entries: the clock is read to expire holds, for the day, then once per entry.
    const other = new Database(process.env.DATABASE_URL!.replace(/^file:/, ""));
    let reads = 0;
    const freedMidPass = () => {
      if (++reads === 4) other.prepare("update appointments set status = 'cancelled' where id = ?").run(booked[1]!.id);
      return new Date();
    };
    try {
      expect((await runWaitlistOffers(freedMidPass)).offered).toBe(0);
    } finally {
      other.close();
    }
    expect(reads).toBeGreaterThanOrEqual(4);
    expect(await offersOf(younger.id)).toEqual([]);
    expect((await runWaitlistOffers()).offered).toBe(1);
    expect(await offersOf(older.id)).toEqual([expect.objectContaining({ status: "offered", startTime: at("10:00") })]);
    expect(await offersOf(younger.id)).toEqual([]);
  });

  it("a declined offer passes to the next client; accepting books through the rule chain, once", async () => {
    const { stylist, service, booked } = await fullMorning();
    const first = await waitingClient("Dee Decline");
    const second = await waitingClient("Ada Accept");
    const entryA = await entryFor(first.id, stylist.id, service.id);
    const entryB = await entryFor(second.id, stylist.id, service.id);
    await cancel(booked[2]!.id);
    await runWaitlistOffers();
    const [offerA] = await offersOf(entryA.id);
    const tokenA = offerToken(offerA!.id, offerA!.nonce);
    expect(await getPublicOffer(tokenA)).toMatchObject({
      state: "open",
      serviceName: "Cut & Finish",
      start: at("11:00"),
    });

    await declineOffer(tokenA);
    await expect(declineOffer(tokenA)).rejects.toThrow(OFFER_GONE);
    await runWaitlistOffers();
    const [offerB] = await offersOf(entryB.id);
    expect(offerB).toMatchObject({ status: "offered", startTime: at("11:00") });
    // The first client is not offered the same opening again a quarter of an hour later.
    expect((await offersOf(entryA.id)).map((offer) => offer.status)).toEqual(["declined"]);
    const tokenB = offerToken(offerB!.id, offerB!.nonce);

    // Two taps on the link at once: one books, the other is told the offer is gone.
    const results = await Promise.allSettled([acceptOffer(tokenB), acceptOffer(tokenB)]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(String(refused.reason)).toContain(OFFER_GONE);
    const made = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.stylistId, stylist.id), eq(appointments.clientId, second.id)));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ status: "scheduled", startTime: at("11:00"), serviceId: service.id });
    const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryB.id));
    expect(entry!.bookedAppointmentId).toBe(made[0]!.id);
    expect((await getPublicOffer(tokenB)).state).toBe("accepted");
    expect((await list(admin.token, "?status=booked")).body.map((row: { id: number }) => row.id)).toContain(entryB.id);
  });

  it("offers a service that needs a patch test only to a client whose record allows that time; accepting books it", async () => {
    const { stylist, service, booked } = await fullMorning({ name: "Root Tint", requiresPatchTest: true });
    const untested = await waitingClient("Una Untested");
    const tested = await waitingClient("Tia Tested");
    const entryA = await entryFor(untested.id, stylist.id, service.id);
    const entryB = await entryFor(tested.id, stylist.id, service.id);
    // Passed a week before the slot: past the 48 hours' lead, inside the 180 days.
    await db
      .insert(patchTests)
      .values({ clientId: tested.id, testedAt: "2026-11-20T10:00:00.000Z", result: "pass", recordedByName: "Sofia" });
    await cancel(booked[1]!.id);

    // The first client in line cannot book it without a test: the slot goes to the second.
    expect(await runWaitlistOffers()).toMatchObject({ offered: 1, sent: 1 });
    expect(await offersOf(entryA.id)).toEqual([]);
    const [offer] = await offersOf(entryB.id);
    expect(offer).toMatchObject({ status: "offered", startTime: at("10:00") });
    await acceptOffer(offerToken(offer!.id, offer!.nonce));
    const [made] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.stylistId, stylist.id), eq(appointments.clientId, tested.id)));
    expect(made).toMatchObject({ status: "scheduled", startTime: at("10:00"), serviceId: service.id });
    // Another freed hour: still none for the client without a test, and the list says why.
    await cancel(booked[2]!.id);
    expect((await runWaitlistOffers()).offered).toBe(0);
    expect(await offersOf(entryA.id)).toEqual([]);
    const listed = (await list(admin.token)).body.find((row: { id: number }) => row.id === entryA.id);
    expect(listed.matches[0]).toMatchObject({ start: at("11:00") });
    expect(listed.needsPatchTest).toBe(true);
  });

  it("an offer whose client's patch test failed meanwhile is refused with the salon's words, and withdrawn", async () => {
    const { stylist, service, booked } = await fullMorning({ name: "Lash Tint", requiresPatchTest: true });
    const client = await waitingClient("Fran Failed");
    const entry = await entryFor(client.id, stylist.id, service.id);
    await db
      .insert(patchTests)
      .values({ clientId: client.id, testedAt: "2026-11-20T10:00:00.000Z", result: "pass", recordedByName: "Sofia" });
    await cancel(booked[0]!.id);
    await runWaitlistOffers();
    const [offer] = await offersOf(entry.id);
    expect(offer).toMatchObject({ status: "offered", startTime: at("09:00") });
    // A second test, the day after the offer went, failed.
    await db
      .insert(patchTests)
      .values({ clientId: client.id, testedAt: "2026-11-25T09:00:00.000Z", result: "fail", recordedByName: "Sofia" });
    await expect(acceptOffer(offerToken(offer!.id, offer!.nonce))).rejects.toThrow(ONLINE_PATCH_TEST);
    expect((await offersOf(entry.id)).map((row) => row.status)).toEqual(["withdrawn"]);
    expect(
      await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.stylistId, stylist.id), eq(appointments.clientId, client.id))),
    ).toEqual([]);
  });

  it("a slot booked by staff meanwhile is refused by the rule chain and the offer withdrawn", async () => {
    const { stylist, service, booked } = await fullMorning();
    const client = await waitingClient("Tess Taken");
    const entry = await entryFor(client.id, stylist.id, service.id);
    await cancel(booked[0]!.id);
    await runWaitlistOffers();
    const [offer] = await offersOf(entry.id);
    expect(offer).toMatchObject({ status: "offered", startTime: at("09:00") });
    // The salon books the freed hour for someone who walked in.
    const walkIn = await createTestClient({ name: "Walk In" });
    await createTestAppointment({
      clientId: walkIn.id,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: at("09:00"),
    });

    await expect(acceptOffer(offerToken(offer!.id, offer!.nonce))).rejects.toThrow(OFFER_TAKEN);
    expect((await offersOf(entry.id))[0]!.status).toBe("withdrawn");
    const overlapping = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.stylistId, stylist.id), eq(appointments.startTime, at("09:00"))));
    expect(overlapping.filter((row) => row.status === "scheduled")).toHaveLength(1);
  });

  it("makes no offer while the setting is off, and none to a client who cannot be reached", async () => {
    const { stylist, service, booked } = await fullMorning();
    const client = await waitingClient("Otto Off");
    const entry = await entryFor(client.id, stylist.id, service.id);
    await cancel(booked[1]!.id);
    await db.update(salonSettings).set({ waitlistAutoOffer: false });
    expect(await runWaitlistOffers()).toMatchObject({ skipped: "off", offered: 0 });
    await db.update(salonSettings).set({ waitlistAutoOffer: true, smsEnabled: false });
    expect((await runWaitlistOffers()).offered).toBe(0);
    expect(await offersOf(entry.id)).toEqual([]);
  });

  it("a forged or mangled link is not found", async () => {
    await expect(getPublicOffer("1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).rejects.toThrow("not valid");
    await expect(acceptOffer("nonsense")).rejects.toThrow("not valid");
  });
});
