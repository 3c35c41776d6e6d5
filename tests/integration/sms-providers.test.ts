// The exact requests each SMS provider receives (SPEC §9, decision 0051), their failures and
// retries, through POST /api/test-reminder against local fake providers.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { smsLog } from "#db/schema";
import * as testReminder from "~/routes/api.test-reminder";
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
  process.env.SMS_TIMEOUT_MS = "300";
  admin = await signedIn("admin");
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const send = async (appointmentId: unknown) =>
  json(
    await call(
      testReminder.action,
      makeRequest("POST", "/api/test-reminder", { token: admin.token, body: { appointmentId } }),
    ),
  );
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const logOf = async (id: number) => (await db.select().from(smsLog).where(eq(smsLog.appointmentId, id)))[0]!;

// 14:30 London time on 1 July (British Summer Time, UTC+1).
const SUMMER_START = "2026-07-01T13:30:00.000Z";
const RENDERED = (name: string) => `Hi ${name}, Cut & Colour with Stylist Number`;

describe("Twilio", () => {
  it("posts form-encoded To, From and Body with basic auth to the account's Messages.json", async () => {
    await configureSms({ smsProvider: "twilio" });
    const { appointment, client } = await appointmentIn(0, {
      startTime: SUMMER_START,
      client: { name: "Ada Lovelace", phone: "07400 900123" },
    });
    const { status, body } = await send(appointment.id);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.message).toContain("+447400900123");
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.path).toBe("/2010-04-01/Accounts/AC0123456789abcdef/Messages.json");
    expect(request!.headers.authorization).toBe(basic("AC0123456789abcdef", SECRET));
    expect(request!.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(Object.keys(request!.body).sort()).toEqual(["Body", "From", "To"]);
    expect(request!.body.To).toBe("+447400900123");
    expect(request!.body.From).toBe("+447400900001");
    expect(request!.body.Body).toMatch(
      new RegExp(`^${RENDERED("Ada Lovelace")}\\d+ at Willow & Shear on Wednesday, July 1, 2026 at 2:30 PM\\.$`),
    );
    const log = await logOf(appointment.id);
    expect(log).toMatchObject({
      clientId: client.id,
      kind: "test",
      status: "sent",
      provider: "twilio",
      toNumber: "+447400900123",
      error: null,
    });
    expect(log.providerMessageId).toMatch(/^SM\d{32}$/);
  });
});

describe("Plivo", () => {
  it("posts JSON src, dst and text with basic auth to the account's Message/", async () => {
    await configureSms({ smsProvider: "plivo", smsApiKey: "MAPLIVOAUTHID", smsFromNumber: "+44 7400 900002" });
    const { appointment } = await appointmentIn(0, {
      startTime: SUMMER_START,
      client: { name: "Grace Hopper", phone: "+44 (0)7400 900456" },
    });
    const { body } = await send(appointment.id);
    expect(body.success).toBe(true);
    const [request] = fake.requests;
    expect(request!.path).toBe("/v1/Account/MAPLIVOAUTHID/Message/");
    expect(request!.headers.authorization).toBe(basic("MAPLIVOAUTHID", SECRET));
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(Object.keys(request!.body).sort()).toEqual(["dst", "src", "text"]);
    expect(request!.body).toMatchObject({ src: "+447400900002", dst: "+447400900456" });
    expect(request!.body.text).toContain("Hi Grace Hopper, Cut & Colour");
    expect((await logOf(appointment.id)).providerMessageId).toMatch(/^plivo-uuid-\d+$/);
  });
});

describe("MessageBird", () => {
  it("posts JSON originator, recipients and body with an AccessKey header to /messages", async () => {
    await configureSms({ smsProvider: "messagebird", smsApiKey: "", smsFromNumber: "WillowSalon" });
    const { appointment } = await appointmentIn(0, {
      startTime: SUMMER_START,
      client: { name: "Katherine Johnson", phone: "07400900789" },
    });
    const { body } = await send(appointment.id);
    expect(body.success).toBe(true);
    const [request] = fake.requests;
    expect(request!.path).toBe("/messages");
    expect(request!.headers.authorization).toBe(`AccessKey ${SECRET}`);
    expect(request!.body).toEqual({
      originator: "WillowSalon",
      recipients: ["+447400900789"],
      body: expect.stringContaining("Hi Katherine Johnson"),
    });
    expect((await logOf(appointment.id)).providerMessageId).toMatch(/^mb-\d+$/);
  });
});

describe("failures", () => {
  beforeEach(() => configureSms({ smsProvider: "twilio" }));

  it("records a permanent refusal (4xx) after one attempt, with the provider's message", async () => {
    fake.queue({
      status: 400,
      body: { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 },
    });
    const { appointment } = await appointmentIn(0, { startTime: SUMMER_START });
    const { status, body } = await send(appointment.id);
    expect(status).toBe(502);
    expect(body).toEqual({
      success: false,
      message: "Twilio answered 400: The 'To' number is not a valid phone number.",
    });
    expect(fake.requests).toHaveLength(1);
    expect(await logOf(appointment.id)).toMatchObject({
      status: "failed",
      error: "Twilio answered 400: The 'To' number is not a valid phone number.",
      providerMessageId: null,
    });
  });

  it("retries 5xx, 429 and timeouts with backoff, then succeeds", async () => {
    fake.queue(
      { status: 503, body: { message: "busy" } },
      { status: 429, body: { message: "slow down" }, headers: { "Retry-After": "0" } },
    );
    const { appointment } = await appointmentIn(0, { startTime: SUMMER_START });
    expect((await send(appointment.id)).body.success).toBe(true);
    expect(fake.requests).toHaveLength(3);

    fake.requests.length = 0;
    fake.queue({ status: 201, body: { sid: "late" }, delayMs: 2000 });
    const second = await appointmentIn(0, { startTime: SUMMER_START });
    expect((await send(second.appointment.id)).body.success).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  it("gives up after three transient failures and records the last", async () => {
    fake.queue(
      { status: 500, body: { message: "down" } },
      { status: 502, body: { message: "down" } },
      { status: 503, body: { message: "still down" } },
    );
    const { appointment } = await appointmentIn(0, { startTime: SUMMER_START });
    const { status, body } = await send(appointment.id);
    expect(status).toBe(502);
    expect(body.message).toBe("Twilio answered 503: still down");
    expect(fake.requests).toHaveLength(3);
  });

  it("records an invalid phone number as a failure without calling the provider", async () => {
    const { appointment } = await appointmentIn(0, { startTime: SUMMER_START, client: { phone: "12345" } });
    const { status, body } = await send(appointment.id);
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, message: "Invalid phone number for GB" });
    expect(fake.requests).toHaveLength(0);
    expect(await logOf(appointment.id)).toMatchObject({ status: "failed", toNumber: "12345" });
  });

  it("refuses a stored number that cannot exist (saved before numbers were checked) without calling the provider", async () => {
    // The right length once read as +44 077009001, so it used to be texted.
    const { appointment } = await appointmentIn(0, { startTime: SUMMER_START, client: { phone: "07700 9001" } });
    const { status, body } = await send(appointment.id);
    expect(status).toBe(502);
    expect(body).toEqual({ success: false, message: "Invalid phone number for GB" });
    expect(fake.requests).toHaveLength(0);
  });
});

describe("POST /api/test-reminder input", () => {
  it("requires an appointment id, an existing appointment and SMS turned on", async () => {
    await configureSms();
    expect(await send(undefined)).toEqual({
      status: 400,
      body: {
        message: "Please enter an appointment ID to test.",
        errors: { appointmentId: ["Please enter an appointment ID to test."] },
      },
    });
    expect((await send("abc")).status).toBe(400);
    expect(await send(999_999)).toEqual({ status: 404, body: { message: "Appointment not found" } });
    const { appointment } = await appointmentIn(5, { client: { smsOptedOutAt: new Date().toISOString() } });
    expect((await send(appointment.id)).body.message).toBe("The client has opted out of SMS (replied STOP).");
    await configureSms({ smsEnabled: false });
    expect((await send(appointment.id)).body.message).toBe(
      "SMS reminders are turned off. Turn them on and save before sending a test.",
    );
    expect(fake.requests).toHaveLength(0);
  });
});
