// Changing SMS provider (SPEC §9, decision 0051): one provider's secret is never sent to
// another. Saved through the SMS screen's form and /api, then sent to local fake providers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { salonSettings } from "#db/schema";
import * as smsPage from "~/routes/_app.sms";
import * as settingsApi from "~/routes/api.salon-settings._index";
import * as testReminder from "~/routes/api.test-reminder";
import { call, json, makeRequest, payloadOf, signedIn, statusOf } from "../factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { appointmentIn, configureSms, SECRET } from "../sms-factories";
import { useTestClock } from "../clock";

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
beforeEach(async () => {
  fake.requests.length = 0;
  await configureSms({ smsProvider: "plivo", smsApiKey: "MAPLIVOAUTHID", smsFromNumber: "+44 7400 900002" });
});

const MB_KEY = "live_mbAccessKey0123456789";
const stored = async () => (await db.select().from(salonSettings))[0]!;

/** The SMS screen's Reminder Settings form, as a browser without JavaScript posts it. */
const saveForm = (fields: Record<string, string>) =>
  call(
    smsPage.action,
    makeRequest("POST", "/sms", {
      cookie: admin.cookie,
      form: {
        intent: "settings",
        smsEnabled: "on",
        smsFromNumber: "WillowSalon",
        reminderHoursBefore: "24",
        reminderTemplate: "Hi {clientName}",
        country: "GB",
        ...fields,
      },
    }),
  );

const sendTest = async () => {
  const { appointment } = await appointmentIn(30, { client: { name: "Ada Lovelace", phone: "07400 900123" } });
  return json(
    await call(
      testReminder.action,
      makeRequest("POST", "/api/test-reminder", { token: admin.token, body: { appointmentId: appointment.id } }),
    ),
  );
};

describe("changing provider", () => {
  it("Plivo to MessageBird with the access key typed in API key: MessageBird gets that key, never Plivo's token", async () => {
    const saved = await saveForm({ smsProvider: "messagebird", smsApiKey: MB_KEY, smsApiSecret: "" });
    expect(statusOf(saved)).toBe(302);
    expect(await stored()).toMatchObject({ smsProvider: "messagebird", smsApiSecret: MB_KEY, smsApiKey: "" });
    const { body } = await sendTest();
    expect(body.success).toBe(true);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe("/messages");
    expect(fake.requests[0]!.headers.authorization).toBe(`AccessKey ${MB_KEY}`);
    expect(JSON.stringify(fake.requests[0]!.headers)).not.toContain(SECRET);
  });

  it("Plivo to MessageBird with the access key in API secret: that key is used", async () => {
    expect(statusOf(await saveForm({ smsProvider: "messagebird", smsApiKey: "", smsApiSecret: MB_KEY }))).toBe(302);
    await sendTest();
    expect(fake.requests[0]!.headers.authorization).toBe(`AccessKey ${MB_KEY}`);
  });

  it("Plivo to MessageBird with no key: 400 naming API secret, nothing saved", async () => {
    const refused = await saveForm({ smsProvider: "messagebird", smsApiKey: "", smsApiSecret: "" });
    expect(statusOf(refused)).toBe(400);
    expect(payloadOf(refused).result.error.smsApiSecret[0]).toBe(
      "Enter the MessageBird access key in API secret: the saved secret was Plivo's and is not sent to MessageBird.",
    );
    expect(await stored()).toMatchObject({ smsProvider: "plivo", smsApiSecret: SECRET, smsApiKey: "MAPLIVOAUTHID" });

    const api = await json(
      await call(
        settingsApi.action,
        makeRequest("POST", "/api/salon-settings", { token: admin.token, body: { smsProvider: "messagebird" } }),
      ),
    );
    expect(api.status).toBe(400);
    expect(api.body.message).toBe("Please correct the highlighted settings.");
    expect(JSON.stringify(api.body)).toContain("API secret");
    expect((await stored()).smsProvider).toBe("plivo");
  });

  it("Plivo to Twilio without a new secret clears the stored one: Twilio is never sent Plivo's token", async () => {
    expect(statusOf(await saveForm({ smsProvider: "twilio", smsApiKey: "AC0123456789abcdef", smsApiSecret: "" }))).toBe(
      302,
    );
    expect(await stored()).toMatchObject({ smsProvider: "twilio", smsApiSecret: "" });
    const { status, body } = await sendTest();
    expect(status).toBe(400);
    expect(body.message).toContain("credentials are incomplete");
    expect(fake.requests).toHaveLength(0);
  });

  it("the same provider with a blank secret keeps the stored secret", async () => {
    expect(statusOf(await saveForm({ smsProvider: "plivo", smsApiKey: "MAPLIVOAUTHID", smsApiSecret: "" }))).toBe(302);
    expect((await stored()).smsApiSecret).toBe(SECRET);
  });
});
