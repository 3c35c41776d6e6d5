// The reminder scheduler (decisions 0050, 0051): who gets a reminder, when, exactly once; STOP replies
// through Twilio's signed webhook; the secret never leaves the server.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, clients, events, jobRuns, smsLog, smsReminders, stylists } from "#db/schema";
import { runReminders } from "~/domain/reminders.server";
import { twilioSignature } from "~/domain/sms.server";
import * as clientsPage from "~/routes/_app.clients";
import * as exportApi from "~/routes/api.gdpr.export.$id";
import * as salonSettingsApi from "~/routes/api.salon-settings._index";
import * as logApi from "~/routes/api.sms.log";
import * as statusApi from "~/routes/api.sms.status";
import * as inbound from "~/routes/api.sms.inbound.twilio";
import * as preference from "~/routes/api.stylists.$id.sms-preference";
import { call, json, makeRequest, signedIn } from "../factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { appointmentIn, configureSms, SECRET } from "../sms-factories";
import { useTestClock } from "../clock";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

let fake: FakeProviders;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  fake = await startFakeProviders();
  fake.useForAll();
  process.env.SMS_RETRY_BASE_MS = "1";
  admin = await signedIn("admin");
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.requests.length = 0;
  // Each test judges only its own appointments: earlier ones are out of the way.
  await db.update(appointments).set({ status: "completed" });
  await configureSms();
});

const sentTo = () => fake.requests.map((request) => request.body.To);
const remindersOf = (appointmentId: number) =>
  db.select().from(smsReminders).where(eq(smsReminders.appointmentId, appointmentId));

describe("which appointments get a reminder", () => {
  it("sends once to each scheduled appointment inside the window, and never again", async () => {
    const due = await appointmentIn(3, { client: { phone: "07400 900301" } });
    const edge = await appointmentIn(23.9, { client: { phone: "07400 900302" } });
    await appointmentIn(30, { client: { phone: "07400 900303" } }); // outside 24 h
    await appointmentIn(-0.5, { client: { phone: "07400 900304" } }); // already started
    await appointmentIn(2, { status: "cancelled", client: { phone: "07400 900305" } });
    await appointmentIn(2, { client: { phone: "" } });
    await appointmentIn(2, { client: { phone: "07400 900306", smsOptedOutAt: new Date().toISOString() } });
    const quiet = await appointmentIn(2, { client: { phone: "07400 900307" } });
    await db.update(stylists).set({ smsRemindersEnabled: false }).where(eq(stylists.id, quiet.stylist.id));

    const first = await runReminders();
    expect(first).toMatchObject({ claimed: 2, sent: 2, failed: 0 });
    expect(sentTo().sort()).toEqual(["+447400900301", "+447400900302"]);
    expect(await remindersOf(due.appointment.id)).toEqual([
      expect.objectContaining({ status: "sent", startTime: due.appointment.startTime }),
    ]);
    expect(await remindersOf(edge.appointment.id)).toHaveLength(1);

    expect(await runReminders()).toMatchObject({ claimed: 0, sent: 0 });
    expect(fake.requests).toHaveLength(2);
  });

  it("never reminds a no-show inside the window: only scheduled appointments are picked", async () => {
    const missed = await appointmentIn(2, { status: "no_show", client: { phone: "07400 900320" } });
    await appointmentIn(2, { client: { phone: "07400 900321" } });
    expect(await runReminders()).toMatchObject({ claimed: 1, sent: 1 });
    expect(sentTo()).toEqual(["+447400900321"]);
    expect(await remindersOf(missed.appointment.id)).toEqual([]);
  });

  it("does nothing while SMS is off or the credentials are incomplete", async () => {
    await appointmentIn(3);
    await configureSms({ smsEnabled: false });
    expect(await runReminders()).toMatchObject({ skipped: "disabled", claimed: 0 });
    await configureSms({ smsApiSecret: "" });
    expect(await runReminders()).toMatchObject({ skipped: "credentials", claimed: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it("reminds a booking made inside the window at the next run, in the salon's local time", async () => {
    await runReminders();
    // 09:15 on 1 December in London is 09:15 UTC; in New York 04:15.
    const now = new Date("2026-12-01T06:00:00.000Z");
    const booking = await appointmentIn(0, {
      startTime: "2026-12-01T09:15:00.000Z",
      client: { name: "Late Booker", phone: "07400 900310" },
    });
    await configureSms({ timeZone: "America/New_York", reminderHoursBefore: 4 });
    expect(await runReminders(() => now)).toMatchObject({ sent: 1 });
    expect(fake.requests[0]!.body.Body).toContain("on Tuesday, December 1, 2026 at 4:15 AM.");
    expect(await remindersOf(booking.appointment.id)).toHaveLength(1);
  });

  it("reminds a moved appointment for its new time, also after the old time's reminder went out", async () => {
    const { appointment } = await appointmentIn(3, { client: { phone: "07400 900320" } });
    await runReminders();
    const moved = new Date(Date.parse(appointment.startTime) + 2 * 3600_000).toISOString();
    await db.update(appointments).set({ startTime: moved }).where(eq(appointments.id, appointment.id));
    await runReminders();
    expect(sentTo()).toEqual(["+447400900320", "+447400900320"]);
    expect((await remindersOf(appointment.id)).map((row) => row.startTime).sort()).toEqual(
      [appointment.startTime, moved].sort(),
    );
    // A deleted appointment takes its claims with it and gets nothing more.
    await db.delete(smsLog).where(eq(smsLog.appointmentId, appointment.id));
    await db.delete(appointments).where(eq(appointments.id, appointment.id));
    expect(await remindersOf(appointment.id)).toEqual([]);
  });

  it("claims each reminder once when runs overlap in one process", async () => {
    const due = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => appointmentIn(n, { client: { phone: `07400 90040${n}` } })),
    );
    const results = await Promise.all([runReminders(), runReminders(), runReminders()]);
    expect(results.reduce((total, result) => total + result.sent, 0)).toBe(6);
    expect(sentTo().sort()).toEqual(due.map(({ client }) => `+4474009004${client.phone.slice(-2)}`).sort());
  });

  it("records a provider's permanent refusal and does not resend it", async () => {
    fake.queue({ status: 400, body: { message: "Unsubscribed recipient" } });
    const { appointment } = await appointmentIn(2);
    expect(await runReminders()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await remindersOf(appointment.id)).toEqual([expect.objectContaining({ status: "failed" })]);
    expect(await runReminders()).toMatchObject({ claimed: 0 });
    expect(fake.requests).toHaveLength(1);
  });

  it("records when it last ran", async () => {
    await runReminders(() => new Date("2026-11-23T10:00:00.000Z"));
    const [run] = await db.select().from(jobRuns);
    expect(run).toMatchObject({ name: "sms-reminders", lastRunAt: "2026-11-23T10:00:00.000Z", lastError: null });
  });
});

describe("the stylist's SMS preference", () => {
  it("PUT /api/stylists/{id}/sms-preference turns a stylist's reminders off and on", async () => {
    const { stylist } = await appointmentIn(2);
    const put = async (body: unknown, id = stylist.id) =>
      json(
        await call(
          preference.action,
          makeRequest("PUT", `/api/stylists/${id}/sms-preference`, { token: admin.token, body }),
          { id: String(id) },
        ),
      );
    expect(await put({ smsRemindersEnabled: false })).toMatchObject({
      status: 200,
      body: { id: stylist.id, smsRemindersEnabled: false },
    });
    expect(await runReminders()).toMatchObject({ claimed: 0 });
    expect((await put({ smsRemindersEnabled: true })).body.smsRemindersEnabled).toBe(true);
    expect(await runReminders()).toMatchObject({ claimed: 1 });
    expect((await put({ smsRemindersEnabled: "maybe" })).status).toBe(400);
    expect((await put({ smsRemindersEnabled: true }, 999_999)).status).toBe(404);
  });
});

describe("STOP through Twilio's webhook", () => {
  const APP_URL = "https://salon.example";
  const PATH = "/api/sms/inbound/twilio";
  const post = (params: Record<string, string>, signature: string | null) =>
    call(
      inbound.action,
      new Request(`http://127.0.0.1:3000${PATH}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          ...(signature ? { "X-Twilio-Signature": signature } : {}),
        },
        body: new URLSearchParams(params).toString(),
      }),
    ) as Promise<Response>;

  it("answers a JSON or broken multipart body with a 4xx and a message, before the signature check", async () => {
    process.env.APP_URL = APP_URL;
    const send = (type: string, body: string) =>
      call(
        inbound.action,
        new Request(`http://127.0.0.1:3000${PATH}`, { method: "POST", headers: { "Content-Type": type }, body }),
      ) as Promise<Response>;
    const asJson = await send("application/json", JSON.stringify({ From: "+447400900501", Body: "Stop" }));
    expect(asJson.status).toBe(415);
    expect(((await asJson.json()) as { message: string }).message).toMatch(/form/);
    const broken = await send(
      "multipart/form-data; boundary=xyz",
      '--xyz\r\nContent-Disposition: form-data; name="Body"\r\n\r\nStop',
    );
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { message: string }).message).toBe("The request body is not a valid form.");
  });

  it("opts the client out with a valid signature, refuses an invalid one, and START opts back in", async () => {
    process.env.APP_URL = `${APP_URL}/`;
    const { client } = await appointmentIn(2, { client: { phone: "07400 900501" } });
    const params = {
      MessageSid: "SM1",
      AccountSid: "AC0123456789abcdef",
      From: "+447400900501",
      To: "+447400900001",
      Body: "Stop",
    };
    const signature = twilioSignature(SECRET, `${APP_URL}${PATH}`, Object.entries(params));

    const forged = await post(params, twilioSignature("wrong-token", `${APP_URL}${PATH}`, Object.entries(params)));
    expect(forged.status).toBe(403);
    expect((await post(params, null)).status).toBe(403);
    expect((await post({ ...params, Body: "Hello" }, signature)).status).toBe(403); // body changed after signing
    expect((await db.select().from(clients).where(eq(clients.id, client.id)))[0]!.smsOptedOutAt).toBeNull();

    const accepted = await post(params, signature);
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get("Content-Type")).toContain("text/xml");
    const optedOut = (await db.select().from(clients).where(eq(clients.id, client.id)))[0]!.smsOptedOutAt;
    expect(optedOut).not.toBeNull();
    expect(await runReminders()).toMatchObject({ claimed: 0 });
    // The client's card has what it needs to show "SMS opted out".
    const listed = (await call(
      clientsPage.loader,
      makeRequest("GET", `/clients?q=${encodeURIComponent(client.name)}`, { cookie: admin.cookie }),
    )) as {
      clients: { id: number; smsOptedOutAt: string | null }[];
    };
    expect(listed.clients.find((row) => row.id === client.id)?.smsOptedOutAt).toBe(optedOut);

    const exported = await json(
      await call(exportApi.loader, makeRequest("GET", `/api/gdpr/export/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(exported.body.consent.smsOptedOutAt).toBe(optedOut);

    const start = { ...params, MessageSid: "SM2", Body: "START" };
    expect((await post(start, twilioSignature(SECRET, `${APP_URL}${PATH}`, Object.entries(start)))).status).toBe(200);
    expect(await runReminders()).toMatchObject({ sent: 1 });
    const messages = (
      await json(
        await call(exportApi.loader, makeRequest("GET", `/api/gdpr/export/${client.id}`, { token: admin.token }), {
          id: String(client.id),
        }),
      )
    ).body.messages;
    expect(messages).toEqual([expect.objectContaining({ kind: "reminder", status: "sent", to: "+447400900501" })]);
  });

  it("acts on a captured, validly signed STOP once: a replay is answered alike and changes nothing", async () => {
    process.env.APP_URL = APP_URL;
    const { client } = await appointmentIn(2, { client: { phone: "07400 900502" } });
    const sign = (params: Record<string, string>) =>
      twilioSignature(SECRET, `${APP_URL}${PATH}`, Object.entries(params));
    const optedOutAt = async () => (await db.select().from(clients).where(eq(clients.id, client.id)))[0]!.smsOptedOutAt;
    const stop = {
      MessageSid: "SMreplayed0001",
      AccountSid: "AC0123456789abcdef",
      From: "+447400900502",
      To: "+447400900001",
      Body: "STOP",
    };
    const start = { ...stop, MessageSid: "SMreplayed0002", Body: "START" };

    expect((await post(stop, sign(stop))).status).toBe(200);
    expect(await optedOutAt()).not.toBeNull();
    expect((await post(start, sign(start))).status).toBe(200);
    expect(await optedOutAt()).toBeNull();

    // The captured STOP, sent again: the same empty TwiML, and the client stays opted in.
    const eventsBefore = (await db.select().from(events)).length;
    const replay = await post(stop, sign(stop));
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Content-Type")).toContain("text/xml");
    expect(await replay.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await optedOutAt()).toBeNull();
    expect((await db.select().from(events)).length).toBe(eventsBefore);
    expect(await runReminders()).toMatchObject({ sent: 1 });

    // A signed request without its MessageSid cannot be told from a replay: refused.
    const { MessageSid: _sid, ...anonymous } = stop;
    expect((await post(anonymous, sign(anonymous))).status).toBe(400);
    expect(await optedOutAt()).toBeNull();
  });

  it("matches Twilio's published example signature", () => {
    // Twilio's own signature-validation example (TwilioDevEd/api-snippets, security/signature_validation).
    const params: [string, string][] = [
      ["To", "+18005551212"],
      ["CallSid", "CA1234567890ABCDE"],
      ["Caller", "+14158675309"],
      ["Digits", "1234"],
      ["From", "+14158675309"],
    ];
    expect(twilioSignature("12345", "https://mycompany.com/myapp.php?foo=1&bar=2", params)).toBe(
      "RSOYDt4T1cUTdK1PDd93/VVr8B8=",
    );
  });

  it("refuses without APP_URL", async () => {
    delete process.env.APP_URL;
    expect((await post({ From: "+447400900501", Body: "STOP" }, "x")).status).toBe(503);
  });
});

describe("the secret and the status", () => {
  it("never returns the API secret, and reports the status card's figures", async () => {
    await appointmentIn(2);
    fake.queue({ status: 400, body: { message: "nope" } });
    await appointmentIn(3);
    await runReminders();
    for (const [handler, path] of [
      [salonSettingsApi.loader, "/api/salon-settings"],
      [statusApi.loader, "/api/sms/status"],
      [logApi.loader, "/api/sms/log"],
    ] as const) {
      const response = (await call(handler, makeRequest("GET", path, { token: admin.token }))) as Response;
      expect(response.status).toBe(200);
      expect(await response.text()).not.toContain(SECRET);
    }
    const status = (
      await json(await call(statusApi.loader, makeRequest("GET", "/api/sms/status", { token: admin.token })))
    ).body;
    expect(status).toMatchObject({
      enabled: true,
      credentialsComplete: true,
      provider: "twilio",
      costPerMessage: 0.0463,
    });
    expect(status.sentLast24Hours).toBeGreaterThanOrEqual(1);
    expect(status.failedLast24Hours).toBeGreaterThanOrEqual(1);
    expect(status.lastRunAt).not.toBeNull();
    const log = (await json(await call(logApi.loader, makeRequest("GET", "/api/sms/log", { token: admin.token }))))
      .body;
    expect(log.length).toBeLessThanOrEqual(50);
    expect(log[0]).toMatchObject({ kind: "reminder", provider: "twilio" });
    expect(log.some((entry: { error: string | null }) => entry.error === "Twilio answered 400: nope")).toBe(true);
  });
});
