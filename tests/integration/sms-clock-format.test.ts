// Reminder texts follow the salon's clock setting (decision 0075): the scheduled reminder,
// the Test SMS and the SMS screen's preview say "14:30" on the 24-hour clock, "2:30 PM" on
// the 12-hour one.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, salonSettings } from "#db/schema";
import { runReminders } from "~/domain/reminders.server";
import * as smsPage from "~/routes/_app.sms";
import * as testReminder from "~/routes/api.test-reminder";
import { call, json, makeRequest, payloadOf, signedIn } from "../factories";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { appointmentIn, configureSms } from "../sms-factories";
import { pinClock } from "../clock";

// 09:00 in London (GMT) on Wednesday 10 March 2027; the appointment is at 14:30 that day.
pinClock("2027-03-10T09:00:00.000Z");
const START = "2027-03-10T14:30:00.000Z";

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
  await db.update(appointments).set({ status: "completed" });
  await configureSms({ reminderTemplate: "See you {appointmentDate} at {appointmentTime}, {clientName}." });
});

const useClock = (clockFormat: "12h" | "24h") =>
  db.update(salonSettings).set({ clockFormat }).where(eq(salonSettings.id, 1));

describe("reminder texts on the salon's clock", () => {
  it("the scheduled reminder says 14:30 on the 24-hour clock", async () => {
    await useClock("24h");
    await appointmentIn(0, { startTime: START, client: { name: "Ada", phone: "07400 900401" } });
    expect(await runReminders()).toMatchObject({ sent: 1 });
    expect(fake.requests[0]!.body.Body).toBe("See you Wednesday, March 10, 2027 at 14:30, Ada.");
  });

  it("the Test SMS says 14:30 on the 24-hour clock, 2:30 PM on the 12-hour one", async () => {
    await useClock("24h");
    const { appointment } = await appointmentIn(0, { startTime: START, client: { name: "Bo", phone: "07400 900402" } });
    const send = async () =>
      json(
        await call(
          testReminder.action,
          makeRequest("POST", "/api/test-reminder", { token: admin.token, body: { appointmentId: appointment.id } }),
        ),
      );
    await send();
    expect(fake.requests[0]!.body.Body).toBe("See you Wednesday, March 10, 2027 at 14:30, Bo.");
    await useClock("12h");
    await send();
    expect(fake.requests[1]!.body.Body).toBe("See you Wednesday, March 10, 2027 at 2:30 PM, Bo.");
  });

  it("the SMS screen's preview fills in the 24-hour time", async () => {
    await useClock("24h");
    await appointmentIn(0, { startTime: START, client: { name: "Cy", phone: "07400 900403" } });
    const page = payloadOf(await call(smsPage.loader, makeRequest("GET", "/sms", { cookie: admin.cookie })));
    expect(page.sample.values.appointmentTime).toBe("14:30");
  });
});
