// Exactly once across processes (decision 0050): two server processes run their schedulers
// every second on one database file; every due reminder reaches the fake provider once,
// including bookings made while they run. WEB_CONCURRENCY=2's workers are such processes
// too (started by node:cluster); a cluster started from inside Vitest never became
// healthy here, with or without the scheduler, so the servers run one process each.
import { eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { jobRuns, smsReminders } from "#db/schema";
import { hasBuild, startServer, type RunningServer } from "../server-process";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { appointmentIn, configureSms } from "../sms-factories";

let diagnostics = () => "";
async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 40_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${diagnostics()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!hasBuild)("reminders with several server processes on one database", () => {
  const servers: RunningServer[] = [];
  let fake: FakeProviders;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await fake?.close();
  });

  it("sends each reminder exactly once", { timeout: 120_000 }, async () => {
    fake = await startFakeProviders();
    const phone = (n: number) => `07400 9006${String(n).padStart(2, "0")}`;

    const env = {
      DATABASE_URL: process.env.DATABASE_URL!,
      SESSION_SECRET: "two-servers-secret-0123456789",
      REMINDER_INTERVAL_SECONDS: "1",
      SMS_TWILIO_URL: fake.url,
      SMS_RETRY_BASE_MS: "10",
    };
    const [first, second] = await Promise.all([
      startServer("node", ["server.js"], env),
      startServer("node", ["server.js"], env),
    ]);
    servers.push(first!, second!);
    diagnostics = () => `${fake.requests.length} requests\n${first!.output()}\n${second!.output()}`;
    await configureSms({ smsProvider: "twilio" });
    for (let n = 1; n <= 12; n++) await appointmentIn(1 + n, { client: { phone: phone(n) } });

    await until(() => fake.requests.length >= 12, "the first 12 reminders");
    // Bookings made while the schedulers run are reminded at a following run.
    for (let n = 13; n <= 16; n++) await appointmentIn(1 + n, { client: { phone: phone(n) } });
    await until(() => fake.requests.length >= 16, "the 4 later reminders");
    await until(
      async () => (await db.select().from(smsReminders).where(eq(smsReminders.status, "sending"))).length === 0,
      "every claim to finish",
    );

    // Several more runs by any process must not add a message.
    const runAt = async () =>
      (await db.select().from(jobRuns).where(eq(jobRuns.name, "sms-reminders")))[0]?.lastRunAt ?? "";
    const seen = new Set<string>();
    await until(async () => {
      seen.add(await runAt());
      return seen.size >= 5;
    }, "further scheduler runs");

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
