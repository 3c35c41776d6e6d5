// A booking resolves to a client on file or asks (decision 0097): a typed name that is a
// client's (case and accents ignored) or a phone on file under another name is never a
// silent second record, nor silently that other client. A phone shared by a family is
// allowed once confirmed (the booking, the client form, /api), and a reminder to a shared
// number names the appointment's client.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, clients } from "#db/schema";
import { runReminders } from "~/domain/reminders.server";
import * as newBooking from "~/routes/_app.calendar.appointments.new";
import * as newClientDialog from "~/routes/_app.clients.new";
import * as clientList from "~/routes/api.clients._index";
import { createService, stylistSession } from "../calendar-factories";
import { createTestClient } from "../clients-factories";
import { pinClock, TEST_DEFAULT_NOW } from "../clock";
import { call, json, makeRequest, signedIn, statusOf } from "../factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { configureSms } from "../sms-factories";

// The reminder test books 15:00 on the pinned day, inside the reminder window: a fixed
// clock, not the other-day run's random one (the day is not what this file tests).
pinClock(TEST_DEFAULT_NOW);

type Session = Awaited<ReturnType<typeof signedIn>>;
let admin: Session;
let stylist: Awaited<ReturnType<typeof stylistSession>>;
let service: Awaited<ReturnType<typeof createService>>;
let fake: FakeProviders;

beforeAll(async () => {
  admin = await signedIn("admin");
  stylist = await stylistSession("stylist");
  service = await createService({ duration: 60 });
  fake = await startFakeProviders();
  fake.useForAll();
  process.env.SMS_RETRY_BASE_MS = "1";
});
afterAll(() => fake.close());

type Candidate = { id: number; name: string; phone: string; matchedOn: string[] };
type Question = {
  data: { result: { error?: Record<string, string[]> }; details: { candidates: Candidate[]; confirmFor: string } };
};

const clientCount = async () => (await db.select({ n: count() }).from(clients))[0]!.n;
const appointmentsOf = async (clientId: number) =>
  (await db.select({ n: count() }).from(appointments).where(eq(appointments.clientId, clientId)))[0]!.n;

const book = (fields: Record<string, string>, time: string, date = "2026-12-02", cookie = stylist.cookie) =>
  call(
    newBooking.action,
    makeRequest("POST", "/calendar/appointments/new", {
      cookie,
      // As a browser without JavaScript sends it: the typed client, no clientId.
      form: {
        intent: "create",
        stylistId: String(stylist.stylistId),
        serviceId: String(service.id),
        date,
        time,
        duration: "60",
        status: "scheduled",
        ...fields,
      },
    }),
  );

describe("a typed name that is a client's", () => {
  it("asks, listing the client, when the name matches ignoring case and accents; nothing is written", async () => {
    const carla = await createTestClient({
      name: "Carla Crúz",
      phone: "07400 931001",
      notes: "Allergic to PPD",
      email: null,
    });
    const before = await clientCount();
    const asked = (await book({ clientName: "  carla  CRUZ ", clientPhone: "" }, "10:00")) as Question;
    expect(statusOf(asked)).toBe(409);
    expect(asked.data.details.candidates).toEqual([
      { id: carla.id, name: "Carla Crúz", phone: "07400 931001", matchedOn: ["name"] },
    ]);
    // Asked in the client fields, not as a failure above the form.
    expect(asked.data.result.error?.[""] ?? []).toEqual([]);
    expect(await clientCount()).toBe(before);
    expect(await appointmentsOf(carla.id)).toBe(0);

    // "Book for Carla Crúz (07400 931001)?": the existing record, allergy note and all.
    const chosen = (await book({ clientName: "carla cruz", clientChoice: String(carla.id) }, "10:00")) as Response;
    expect(chosen.status).toBe(302);
    expect(await appointmentsOf(carla.id)).toBe(1);
    expect(await clientCount()).toBe(before);
  });

  it("asks for a client whose name on file has two spaces inside", async () => {
    const spaced = await createTestClient({ name: "Dana  Double", phone: "07400 931011", email: null });
    const asked = (await book({ clientName: "dana double", clientPhone: "" }, "10:00")) as Question;
    expect(statusOf(asked)).toBe(409);
    expect(asked.data.details.candidates.map((candidate) => candidate.id)).toEqual([spaced.id]);
  });

  it("lists every client of that name, and creates a new one only for the details it was asked about", async () => {
    const first = await createTestClient({ name: "Sam Same", phone: "07400 931002", email: null });
    const second = await createTestClient({ name: "SAM SAME", phone: "07400 931003", email: null });
    const asked = (await book({ clientName: "Sam Same", clientPhone: "07400 931009" }, "11:00")) as Question;
    expect(asked.data.details.candidates.map((candidate) => candidate.id).sort()).toEqual([first.id, second.id]);
    const before = await clientCount();

    // The confirmation does not carry over to another name typed since.
    const changed = (await book(
      {
        clientName: "Sam Samuels",
        clientPhone: "07400 931009",
        clientChoice: "new",
        clientConfirmFor: asked.data.details.confirmFor.replace("sam same", "sam samuels x"),
      },
      "11:00",
    )) as Response;
    expect(changed.status).toBe(302); // nobody else is called Sam Samuels: booked, a new client
    expect(await clientCount()).toBe(before + 1);

    const stale = (await book(
      {
        clientName: "Sam Same",
        clientPhone: "07400 931010",
        clientChoice: "new",
        clientConfirmFor: asked.data.details.confirmFor,
      },
      "12:00",
    )) as Question;
    expect(statusOf(stale)).toBe(409);

    const created = (await book(
      {
        clientName: "Sam Same",
        clientPhone: "07400 931009",
        clientChoice: "new",
        clientConfirmFor: asked.data.details.confirmFor,
      },
      "12:00",
    )) as Response;
    expect(created.status).toBe(302);
    expect(await clientCount()).toBe(before + 2);
  });

  it("still books the client whose name and phone both match, without asking", async () => {
    const nadia = await createTestClient({ name: "Nadia Núñez", phone: "07400 931004", email: null });
    const response = (await book({ clientName: "nadia nunez", clientPhone: "+44 7400 931004" }, "13:00")) as Response;
    expect(response.status).toBe(302);
    expect(await appointmentsOf(nadia.id)).toBe(1);
  });
});

describe("a phone on file under another name", () => {
  it("asks instead of booking the number's client; the new client then shares the number", async () => {
    const alice = await createTestClient({ name: "Alice Adams", phone: "07400 932001", email: null });
    const before = await clientCount();
    const asked = (await book({ clientName: "Lily Adams", clientPhone: "07400932001" }, "14:00")) as Question;
    expect(statusOf(asked)).toBe(409);
    expect(asked.data.details.candidates).toEqual([
      { id: alice.id, name: "Alice Adams", phone: "07400 932001", matchedOn: ["phone"] },
    ]);
    expect(await appointmentsOf(alice.id)).toBe(0);

    const created = (await book(
      {
        clientName: "Lily Adams",
        clientPhone: "07400932001",
        clientChoice: "new",
        clientConfirmFor: asked.data.details.confirmFor,
      },
      "14:00",
    )) as Response;
    expect(created.status).toBe(302);
    expect(await clientCount()).toBe(before + 1);
    const [lily] = await db.select().from(clients).where(eq(clients.name, "Lily Adams"));
    expect(lily!.phoneE164).toBe("+447400932001");
    expect(await appointmentsOf(lily!.id)).toBe(1);
    expect(await appointmentsOf(alice.id)).toBe(0);
  });

  it("lets the Add Client form add a client sharing a phone after the warning, for that phone only", async () => {
    const alice = await createTestClient({ name: "Alice Form", phone: "07400 932002", email: null });
    const form = (fields: Record<string, string>) =>
      call(
        newClientDialog.action,
        makeRequest("POST", "/clients/new", {
          cookie: stylist.cookie,
          form: { consentType: "service", legalBasis: "consent", isActive: "on", gdprConsent: "on", ...fields },
        }),
      );
    const warned = (await form({ name: "Lily Form", phone: "07400 932002" })) as {
      data: { details: { existingClientId: number; reason: string; confirmFor: string } };
    };
    expect(statusOf(warned)).toBe(409);
    expect(warned.data.details).toEqual({
      existingClientId: alice.id,
      reason: "phone",
      confirmFor: expect.any(String),
    });
    // A confirmation of another number is not one of this number.
    const other = await form({
      name: "Lily Form",
      phone: "07400 932003",
      confirmShared: warned.data.details.confirmFor,
    });
    expect((other as Response).status).toBe(302);
    const added = await form({
      name: "Lily Form Two",
      phone: "+44 7400 932002",
      confirmShared: warned.data.details.confirmFor,
    });
    expect((added as Response).status).toBe(302);
    const sharing = await db.select().from(clients).where(eq(clients.phoneE164, "+447400932002"));
    expect(sharing.map((client) => client.name).sort()).toEqual(["Alice Form", "Lily Form Two"]);
  });

  it('answers POST /api/clients 409 with the reason, and adds the client with "confirm": true', async () => {
    const alice = await createTestClient({ name: "Alice Api", phone: "07400 932004", email: null });
    const post = (body: unknown) =>
      call(clientList.action, makeRequest("POST", "/api/clients", { token: admin.token, body })).then(json);
    expect(await post({ name: "Lily Api", phone: "07400932004" })).toMatchObject({
      status: 409,
      body: {
        message: "A client with this phone number already exists: Alice Api.",
        existingClientId: alice.id,
        reason: "phone",
      },
    });
    expect((await post({ name: "Lily Api", phone: "07400932004", confirm: "yes" })).status).toBe(400);
    const created = await post({ name: "Lily Api", phone: "07400932004", confirm: true });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Lily Api", phoneE164: "+447400932004" });
  });

  it("sends the reminder to a shared number in the name of the appointment's client", async () => {
    await configureSms();
    const alice = await createTestClient({ name: "Alice Remind", phone: "07400 932005", email: null });
    // An admin books it: today, inside the reminder window, whatever the stylist's hours.
    const typed = { clientName: "Lily Remind", clientPhone: "07400 932005", availabilityOverride: "on" };
    const asked = (await book(typed, "15:00", "2026-11-25", admin.cookie)) as Question;
    expect(asked.data.details.candidates.map((candidate) => candidate.id)).toEqual([alice.id]);
    const booked = (await book(
      { ...typed, clientChoice: "new", clientConfirmFor: asked.data.details.confirmFor },
      "15:00",
      "2026-11-25",
      admin.cookie,
    )) as Response;
    expect(booked.status).toBe(302);
    const [lily] = await db.select().from(clients).where(eq(clients.name, "Lily Remind"));
    const [appointment] = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.clientId, lily!.id), eq(appointments.startTime, "2026-11-25T15:00:00.000Z")));
    expect(appointment).toBeDefined();

    fake.requests.length = 0;
    await runReminders();
    const toShared = fake.requests.filter((request) => request.body.To === "+447400932005");
    expect(toShared).toHaveLength(1);
    expect(toShared[0]!.body.Body).toContain("Hi Lily Remind,");
    expect(toShared[0]!.body.Body).not.toContain("Alice");
  });
});
