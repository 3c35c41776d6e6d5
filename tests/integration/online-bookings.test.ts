// The public booking API (decisions 0102, 0103): the proof of work, input checks, known and
// unknown clients answered alike, approval, no double booking under a race, the limits, the
// manage link (see, cancel, move) and the confirmation text sent exactly once.
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointmentHistory, appointments, clientNotices, clients, smsLog } from "#db/schema";
import { createAppointment, onlineDetailsOf } from "~/domain/appointments.server";
import { eraseClient, exportClientData } from "~/domain/gdpr.server";
import { noticesSettled, sendClientNotices } from "~/domain/client-notices.server";
import { pinClock } from "../clock";
import { createTestAppointment, createTestClient } from "../clients-factories";
import { makeRequest, signedIn } from "../factories";
import * as bookingsRoute from "~/routes/api.public.bookings._index";
import {
  book,
  cancel,
  getChallenge,
  manage,
  reschedule,
  SALON_PHONE,
  solvedPayload,
  stylistAndService,
  switchOn,
  tokenOf,
} from "../online-booking-factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";

// Wednesday 25 November 2026, 10:30 in London (UTC in November).
pinClock("2026-11-25T10:30:00.000Z");
const MONDAY = (time: string) => `2026-11-30T${time}:00.000Z`;
const APP_URL = "https://book.salon.example";

let fake: FakeProviders;
let block = 100;
/** A phone number in a block of a thousand no other test uses (the per-prefix message limit counts blocks). */
function phoneBlock() {
  const own = ++block;
  return (n: number) => `07400 ${own}${String(n).padStart(3, "0")}`;
}
let addressCounter = 0;
const newAddress = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  fake = await startFakeProviders();
  fake.useForAll();
  process.env.SMS_RETRY_BASE_MS = "1";
  process.env.APP_URL = APP_URL;
});
afterAll(async () => {
  await noticesSettled();
  await fake.close();
});
beforeEach(async () => {
  await noticesSettled();
  await switchOn();
  fake.requests.length = 0;
});

async function booking(stylistId: number, serviceId: number, overrides: Record<string, unknown> = {}) {
  return {
    serviceId,
    stylistId,
    start: MONDAY("10:00"),
    firstName: "Jane",
    lastName: "Smith",
    phone: phoneBlock()(1),
    consent: true,
    altcha: await solvedPayload(),
    ...overrides,
  };
}

const appointmentByToken = async (token: string) => {
  const hash = createHash("sha256").update(token).digest("hex");
  const [row] = await db.select().from(appointments).where(eq(appointments.manageTokenHash, hash));
  return row!;
};

describe("the proof of work", () => {
  it("books once with a solved challenge, and refuses the same solution again", async () => {
    const { stylist, service } = await stylistAndService();
    const { body: challenge } = await getChallenge();
    expect(challenge).toMatchObject({ parameters: { algorithm: "SHA-256" }, signature: expect.any(String) });

    const body = await booking(stylist.id, service.id);
    const first = await book(body, newAddress());
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual(["manageUrl", "reference", "start", "status", "stylistName"]);
    expect(first.body).toMatchObject({ status: "scheduled", start: MONDAY("10:00") });
    expect(first.body.manageUrl).toMatch(new RegExp(`^${APP_URL}/book/manage/[A-Za-z0-9_-]{22}$`));

    const replay = await book({ ...body, start: MONDAY("14:00") }, newAddress());
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/already been used/);
  });

  it("refuses a forged or unsolved payload with 400", async () => {
    const { stylist, service } = await stylistAndService();
    const { body: challenge } = await getChallenge();
    const forged = Buffer.from(JSON.stringify({ challenge, solution: { counter: 1, derivedKey: "00" } })).toString(
      "base64",
    );
    for (const altcha of [forged, "not-a-payload"]) {
      const answer = await book(await booking(stylist.id, service.id, { altcha }), newAddress());
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(/not a robot/);
    }
    expect(await db.select().from(appointments).where(eq(appointments.stylistId, stylist.id))).toEqual([]);
  });
});

describe("input", () => {
  it("answers 400 with a clear message for bad input and for a filled honeypot", async () => {
    const { stylist, service } = await stylistAndService();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ consent: false }, /agree/],
      [{ phone: "12345" }, /Not a valid phone number/],
      [{ firstName: "x".repeat(101) }, /at most 100 characters/],
      [{ notes: "n".repeat(501) }, /at most 500 characters/],
      [{ start: "Monday at ten" }, /ISO-8601/],
      [{ email: "not-an-email" }, /e-mail/],
      [{ website: "http://spam.example" }, /could not be taken/],
    ];
    for (const [change, message] of cases) {
      const answer = await book(await booking(stylist.id, service.id, change), newAddress());
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.message).toMatch(message);
    }
    expect(await db.select().from(appointments).where(eq(appointments.stylistId, stylist.id))).toEqual([]);
  });

  it("refuses a booking posted from another site with 403", async () => {
    const { stylist, service } = await stylistAndService();
    const request = makeRequest("POST", "/api/public/bookings", {
      body: await booking(stylist.id, service.id),
      headers: { Origin: "https://elsewhere.example" },
    });
    const answer = (await bookingsRoute.action({
      request,
      params: {},
      context: { clientAddress: newAddress(), cspNonce: "test-nonce" },
    } as unknown as Parameters<typeof bookingsRoute.action>[0])) as Response;
    expect(answer.status).toBe(403);
    expect(await db.select().from(appointments).where(eq(appointments.stylistId, stylist.id))).toEqual([]);
  });

  it("answers 404 on every public route while online booking is off", async () => {
    const { stylist, service } = await stylistAndService();
    const body = await booking(stylist.id, service.id);
    await switchOn({ onlineBookingEnabled: false });
    expect((await getChallenge()).status).toBe(404);
    const answer = await book(body, newAddress());
    expect(answer).toMatchObject({ status: 404, body: { message: "Online booking is not available." } });
    expect((await manage("A".repeat(22))).status).toBe(404);
    expect((await cancel("A".repeat(22))).status).toBe(404);
  });
});

describe("the client", () => {
  it("answers known and unknown clients alike; a known client's details are kept and the differences noted", async () => {
    const { stylist, service } = await stylistAndService();
    const phone = phoneBlock();
    const known = await createTestClient({ name: "Janet Smythe", phone: phone(1), email: "janet@example.com" });
    const clientsBefore = (await db.select().from(clients)).length;

    const forKnown = await book(
      await booking(stylist.id, service.id, { phone: phone(1), email: "jane.new@example.com" }),
      newAddress(),
    );
    const forUnknown = await book(
      await booking(stylist.id, service.id, { phone: phone(2), start: MONDAY("12:00") }),
      newAddress(),
    );
    expect(forKnown.status).toBe(201);
    expect(forUnknown.status).toBe(201);
    const shape = (body: Record<string, unknown>) => ({
      ...body,
      reference: expect.stringMatching(/^[0-9A-F]{8}$/),
      manageUrl: expect.stringContaining("/book/manage/"),
      start: expect.any(String),
    });
    expect(forKnown.body).toEqual(shape(forUnknown.body));
    expect(forUnknown.body).toEqual(shape(forKnown.body));

    const [stored] = await db.select().from(clients).where(eq(clients.id, known.id));
    expect(stored).toMatchObject({ name: "Janet Smythe", phone: phone(1), email: "janet@example.com" });
    const knownBooking = await appointmentByToken(tokenOf(forKnown.body.manageUrl));
    expect(knownBooking).toMatchObject({ clientId: known.id, source: "online", status: "scheduled" });
    expect(JSON.parse(knownBooking.onlineDetails!)).toEqual({ name: "Jane Smith", email: "jane.new@example.com" });

    const created = await appointmentByToken(tokenOf(forUnknown.body.manageUrl));
    const [newClient] = await db.select().from(clients).where(eq(clients.id, created.clientId!));
    expect(newClient).toMatchObject({ name: "Jane Smith", consentType: "online", consentDate: expect.any(String) });
    expect(created.onlineDetails).toBeNull();
    expect((await db.select().from(clients)).length).toBe(clientsBefore + 1);

    // History names the client as the actor, with no user.
    const [history] = await db
      .select()
      .from(appointmentHistory)
      .where(eq(appointmentHistory.appointmentId, created.id));
    expect(history).toMatchObject({ kind: "created", actorUserId: null, actorName: "Jane Smith (online)" });
  });

  it("shows staff the details typed online, and an erasure removes them with the manage link", async () => {
    const { stylist, service } = await stylistAndService();
    const phone = phoneBlock();
    const known = await createTestClient({ name: "Rowan Ashdown", phone: phone(1), email: "rowan@example.com" });
    const made = await book(
      await booking(stylist.id, service.id, {
        firstName: "Ro",
        lastName: "Ashdown",
        phone: phone(1),
        email: "ro.new@example.com",
        start: MONDAY("14:00"),
      }),
      newAddress(),
    );
    expect(made.status).toBe(201);
    const token = tokenOf(made.body.manageUrl);
    const { id } = await appointmentByToken(token);
    const admin = await signedIn("admin");
    const display = await signedIn("display");
    const given = { name: "Ro Ashdown", email: "ro.new@example.com" };
    expect(await onlineDetailsOf(admin.user, id)).toEqual(given);
    // A wall screen sees names only, never what a client typed as contact details.
    expect(await onlineDetailsOf(display.user, id)).toBeNull();

    const exported = await exportClientData(admin.user, known.id);
    expect(exported.data.appointments).toEqual([
      expect.objectContaining({ id, bookedOnline: true, detailsGivenOnline: given }),
    ]);

    await eraseClient(admin.user, known.id);
    const [erased] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(erased).toMatchObject({ clientId: null, onlineDetails: null, manageTokenHash: null });
    expect(JSON.stringify(await db.select().from(appointments))).not.toContain("ro.new@example.com");
    expect((await manage(token)).status).toBe(404);
  });

  it("with new clients off, asks an unknown client to call and creates nothing; a known client books", async () => {
    const { stylist, service } = await stylistAndService();
    await switchOn({ onlineNewClients: false });
    const phone = phoneBlock();
    await createTestClient({ name: "Known Client", phone: phone(1) });
    const clientsBefore = (await db.select().from(clients)).length;

    const unknown = await book(await booking(stylist.id, service.id, { phone: phone(2) }), newAddress());
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`Please call Willow & Shear on ${SALON_PHONE} to book your first visit.`);
    expect((await db.select().from(clients)).length).toBe(clientsBefore);
    expect(await db.select().from(appointments).where(eq(appointments.stylistId, stylist.id))).toEqual([]);

    const known = await book(await booking(stylist.id, service.id, { phone: phone(1) }), newAddress());
    expect(known.status).toBe(201);
  });
});

describe("approval and the slot", () => {
  it("takes a booking as requested under approval or without the proof of work; a request holds its slot", async () => {
    const { stylist, service } = await stylistAndService();
    await switchOn({ onlineApproval: true });
    const requested = await book(await booking(stylist.id, service.id), newAddress());
    expect(requested).toMatchObject({ status: 201, body: { status: "requested" } });

    const taken = await book(await booking(stylist.id, service.id), newAddress());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/just been taken/);
    expect(taken.body.alternatives.length).toBeGreaterThan(0);
    expect(taken.body.alternatives[0]).toEqual({ start: expect.any(String), stylistIds: [stylist.id] });

    await switchOn();
    const noProof = await book(
      await booking(stylist.id, service.id, { altcha: undefined, start: MONDAY("13:00") }),
      newAddress(),
    );
    expect(noProof).toMatchObject({ status: 201, body: { status: "requested" } });
  });

  it('assigns a stylist for "Anyone", and names what is wrong with a start no slot offers', async () => {
    const { stylist, service } = await stylistAndService();
    const anyone = await book(await booking(stylist.id, service.id, { stylistId: undefined }), newAddress());
    expect(anyone.status).toBe(201);
    expect(anyone.body.stylistName).toMatch(/^\S+ [A-Z]\.$/);

    const tooSoon = await book(
      await booking(stylist.id, service.id, { start: "2026-11-25T11:00:00.000Z" }),
      newAddress(),
    );
    expect(tooSoon.status).toBe(400);
    expect(tooSoon.body.message).toMatch(/notice/);
    const offGrid = await book(await booking(stylist.id, service.id, { start: MONDAY("10:05") }), newAddress());
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.message).toMatch(/quarter hour/);
  });

  it("gives twenty simultaneous bookings of one slot exactly one 201", async () => {
    const { stylist, service } = await stylistAndService();
    const phone = phoneBlock();
    const bodies = [];
    for (let n = 0; n < 20; n++) bodies.push(await booking(stylist.id, service.id, { phone: phone(n) }));
    const answers = await Promise.all(bodies.map((body) => book(body, newAddress())));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const live = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.stylistId, stylist.id), eq(appointments.startTime, MONDAY("10:00"))));
    expect(live).toHaveLength(1);
  });

  it("lets one of a staff booking and a client's booking racing for a slot win", async () => {
    const { stylist, service } = await stylistAndService();
    const admin = await signedIn("admin");
    const client = await createTestClient();
    const body = await booking(stylist.id, service.id);
    const [staff, online] = await Promise.allSettled([
      createAppointment(admin.user, {
        clientId: client.id,
        stylistId: stylist.id,
        serviceId: service.id,
        start: new Date(MONDAY("10:00")),
        status: "scheduled",
        notes: null,
      }),
      book(body, newAddress()),
    ]);
    const staffWon = staff.status === "fulfilled";
    const onlineWon = online.status === "fulfilled" && online.value.status === 201;
    expect([staffWon, onlineWon].filter(Boolean)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.stylistId, stylist.id), eq(appointments.startTime, MONDAY("10:00")))),
    ).toHaveLength(1);
  });
});

describe("limits under a race", () => {
  it("holds the per-address limit without the proof of work: 3 an hour, then 429 with Retry-After", async () => {
    const { stylist, service } = await stylistAndService();
    const address = newAddress();
    const phone = phoneBlock();
    const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00"];
    const answers = await Promise.all(
      times.map(async (time, n) =>
        book(
          await booking(stylist.id, service.id, { altcha: undefined, start: MONDAY(time), phone: phone(n) }),
          address,
        ),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(3);
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(3000);
  });

  it("holds at most three upcoming online bookings per phone", async () => {
    const { stylist, service } = await stylistAndService();
    const phone = phoneBlock()(1);
    const times = ["09:00", "10:00", "11:00", "12:00", "13:00"];
    const bodies = [];
    for (const time of times) bodies.push(await booking(stylist.id, service.id, { start: MONDAY(time), phone }));
    const answers = await Promise.all(bodies.map((body) => book(body, newAddress())));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.body.message).toMatch(/already have 3 upcoming bookings/);
  });
});

describe("the manage link", () => {
  it("shows, moves and cancels the booking; the link is useless once cancelled", async () => {
    const { stylist, service } = await stylistAndService();
    const booked = await book(await booking(stylist.id, service.id), newAddress());
    const token = tokenOf(booked.body.manageUrl);

    const seen = await manage(token);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      reference: booked.body.reference,
      status: "scheduled",
      start: MONDAY("10:00"),
      end: MONDAY("11:00"),
      serviceName: "Cut & Finish",
      stylistName: booked.body.stylistName,
      canChange: true,
      changeUntil: "2026-11-29T10:00:00.000Z",
      salonPhone: SALON_PHONE,
    });
    expect(JSON.stringify(seen.body)).not.toMatch(/07400|Jane/);

    const moved = await reschedule(token, { start: MONDAY("10:30") });
    expect(moved).toMatchObject({ status: 200, body: { start: MONDAY("10:30"), end: MONDAY("11:30") } });
    const row = await appointmentByToken(token);
    const history = await db.select().from(appointmentHistory).where(eq(appointmentHistory.appointmentId, row.id));
    expect(history.map((entry) => [entry.kind, entry.actorName])).toEqual([
      ["created", "Jane Smith (online)"],
      ["moved", "Jane Smith (online)"],
    ]);

    // Another booking in the way: 409 with alternatives.
    await createTestAppointment({
      clientId: null,
      stylistId: stylist.id,
      serviceId: service.id,
      startTime: MONDAY("14:00"),
    });
    const clash = await reschedule(token, { start: MONDAY("14:00"), stylistId: stylist.id });
    expect(clash.status).toBe(409);
    expect(clash.body.alternatives).toEqual(expect.any(Array));

    const cancelled = await cancel(token);
    expect(cancelled).toMatchObject({ status: 200, body: { status: "cancelled", start: MONDAY("10:30") } });
    expect((await appointmentByToken(token)).status).toBe("cancelled");
    expect((await manage(token)).status).toBe(404);
    expect((await cancel(token)).status).toBe(404);
    expect((await reschedule(token, { start: MONDAY("15:00") })).status).toBe(404);
  });

  it("refuses to cancel or move inside the cancellation notice, naming the salon's phone", async () => {
    const { stylist, service } = await stylistAndService();
    // Tomorrow at 09:00: 22.5 hours away, inside the 24-hour notice.
    const booked = await book(
      await booking(stylist.id, service.id, { start: "2026-11-26T09:00:00.000Z" }),
      newAddress(),
    );
    expect(booked.status).toBe(201);
    const token = tokenOf(booked.body.manageUrl);
    expect((await manage(token)).body).toMatchObject({ canChange: false });
    for (const answer of [await cancel(token), await reschedule(token, { start: "2026-11-26T11:00:00.000Z" })]) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toContain(`please call Willow & Shear on ${SALON_PHONE}`);
    }
  });

  it("is useless after the appointment, and for a token never given", async () => {
    const { stylist, service } = await stylistAndService();
    const booked = await book(await booking(stylist.id, service.id), newAddress());
    const token = tokenOf(booked.body.manageUrl);
    const row = await appointmentByToken(token);
    await db
      .update(appointments)
      .set({ startTime: "2026-11-24T10:00:00.000Z", endTime: "2026-11-24T11:00:00.000Z" })
      .where(eq(appointments.id, row.id));
    expect((await manage(token)).status).toBe(404);
    expect((await cancel(token)).status).toBe(404);
    expect((await manage("B".repeat(22))).status).toBe(404);
    expect((await manage("short")).status).toBe(404);
  });
});

describe("notices to the client", () => {
  it("texts the confirmation exactly once, with the date, time, stylist and manage link", async () => {
    const { stylist, service } = await stylistAndService();
    const phone = phoneBlock()(7);
    const booked = await book(await booking(stylist.id, service.id, { phone }), newAddress());
    await Promise.all([sendClientNotices(), sendClientNotices(), noticesSettled()]);
    await sendClientNotices();
    const sent = fake.requests.filter((request) => request.body.To === `+44${phone.replace(/\s/g, "").slice(1)}`);
    expect(sent).toHaveLength(1);
    const text = String(sent[0]!.body.Body);
    expect(text).toContain("Monday, November 30, 2026 at 10:00 AM");
    expect(text).toContain(booked.body.stylistName);
    expect(text).toContain(booked.body.manageUrl);
    const row = await appointmentByToken(tokenOf(booked.body.manageUrl));
    expect(await db.select().from(clientNotices).where(eq(clientNotices.appointmentId, row.id))).toEqual([
      expect.objectContaining({ kind: "confirmation", channel: "sms", status: "sent", attempts: 1 }),
    ]);
    const logged = await db.select().from(smsLog).where(eq(smsLog.appointmentId, row.id));
    expect(logged).toEqual([expect.objectContaining({ kind: "notice", status: "sent" })]);
  });

  it("texts a short notice when the client moves or cancels", async () => {
    const { stylist, service } = await stylistAndService();
    const booked = await book(await booking(stylist.id, service.id), newAddress());
    const token = tokenOf(booked.body.manageUrl);
    await reschedule(token, { start: MONDAY("15:00") });
    await noticesSettled();
    await cancel(token);
    await noticesSettled();
    const texts = fake.requests.map((request) => String(request.body.Body));
    expect(texts).toHaveLength(3);
    expect(texts[1]).toMatch(/your booking is now .* at 3:00 PM\. See, move or cancel it: https:/);
    expect(texts[2]).toMatch(/is cancelled\. Questions\? Call 020 7946 0001\./);
  });

  it("takes over a claim whose process stopped: sends it once, or counts what that process had logged", async () => {
    const { stylist, service } = await stylistAndService();
    const phone = phoneBlock();
    const lapsed = new Date(Date.now() - 60_000).toISOString();
    const claimedAt = new Date(Date.now() - 11 * 60_000).toISOString();
    const appointmentFor = async (n: number) => {
      const client = await createTestClient({ phone: phone(n) });
      return createTestAppointment({
        clientId: client.id,
        stylistId: stylist.id,
        serviceId: service.id,
        startTime: MONDAY(`1${n}:00`),
      });
    };
    const unsent = await appointmentFor(1);
    const sentBeforeStopping = await appointmentFor(2);
    for (const appointment of [unsent, sentBeforeStopping])
      await db.insert(clientNotices).values({
        appointmentId: appointment.id,
        channel: "sms",
        kind: "accepted",
        key: "accepted",
        status: "sending",
        claimedBy: "stopped-host:1",
        claimedAt,
        nextAttemptAt: lapsed,
        attempts: 1,
      });
    await db.insert(smsLog).values({
      appointmentId: sentBeforeStopping.id,
      clientId: sentBeforeStopping.clientId,
      provider: "twilio",
      toNumber: "+447400000000",
      body: "sent before the process stopped",
      kind: "notice",
      status: "sent",
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    });

    await Promise.all([sendClientNotices(), sendClientNotices()]);
    expect(fake.requests.map((request) => String(request.body.Body))).toEqual([
      expect.stringMatching(/^Willow & Shear: your booking for Cut & Finish .* is confirmed\. Questions\?/),
    ]);
    const rows = await db.select().from(clientNotices).where(eq(clientNotices.kind, "accepted"));
    expect(rows.map((row) => [row.appointmentId, row.status, row.attempts])).toEqual([
      [unsent.id, "sent", 2],
      [sentBeforeStopping.id, "sent", 2],
    ]);
  });

  it("sends nothing when SMS is off", async () => {
    const { stylist, service } = await stylistAndService();
    await switchOn({ smsEnabled: false });
    const booked = await book(await booking(stylist.id, service.id), newAddress());
    expect(booked.status).toBe(201);
    await noticesSettled();
    expect(fake.requests).toHaveLength(0);
    const row = await appointmentByToken(tokenOf(booked.body.manageUrl));
    expect(await db.select().from(clientNotices).where(eq(clientNotices.appointmentId, row.id))).toEqual([]);
  });
});
