// Exactly once across processes (decision 0050): two server processes run their schedulers
// every second on one database file; every due reminder reaches the fake provider once,
// including bookings made while they run. WEB_CONCURRENCY=2's workers are such processes
// too (started by node:cluster).
import { eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { smsReminders } from "#db/schema";
import { hasBuild, serversOnTestDatabase, until } from "../server-process";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { afterFurtherLoopRuns, appointmentIn, configureSms } from "../sms-factories";

describe.skipIf(!hasBuild)("reminders with several server processes on one database", () => {
  const servers = serversOnTestDatabase();
  let fake: FakeProviders;
  afterAll(async () => {
    await servers.stop();
    await fake?.close();
  });

  it("sends each reminder exactly once", { timeout: 120_000 }, async () => {
    fake = await startFakeProviders();
    const phone = (n: number) => `07400 9006${String(n).padStart(2, "0")}`;

    await servers.start(2, {
      SMS_TWILIO_URL: fake.url,
      SMS_RETRY_BASE_MS: "10",
    });
    const diagnostics = () => `${fake.requests.length} requests\n${servers.output()}`;
    await configureSms({ smsProvider: "twilio" });
    for (let n = 1; n <= 12; n++) await appointmentIn(1 + n, { client: { phone: phone(n) } });

    await until(() => fake.requests.length >= 12, "the first 12 reminders", { diagnostics });
    // Bookings made while the schedulers run are reminded at a following run.
    for (let n = 13; n <= 16; n++) await appointmentIn(1 + n, { client: { phone: phone(n) } });
    await until(() => fake.requests.length >= 16, "the 4 later reminders", { diagnostics });
    await until(
      async () => (await db.select().from(smsReminders).where(eq(smsReminders.status, "sending"))).length === 0,
      "every claim to finish",
      { diagnostics },
    );

    // Several more runs by any process must not add a message.
    await afterFurtherLoopRuns(5, diagnostics);

    const to = fake.requests.map((request) => request.body.To);
    expect(to).toHaveLength(16);
    expect(new Set(to).size).toBe(16);
    expect(to.sort()).toEqual(
      Array.from({ length: 16 }, (_, i) => `+4474009006${String(i + 1).padStart(2, "0")}`).sort(),
    );
    const claims = await db.select().from(smsReminders).where(ne(smsReminders.status, "sent"));
    expect(claims).toEqual([]);
    // The claims came from more than one process.
    const workers = new Set((await db.select({ by: smsReminders.claimedBy }).from(smsReminders)).map((row) => row.by));
    console.info(`reminders claimed by ${workers.size} processes`);
  });
});
