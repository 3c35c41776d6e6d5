// Client notices exactly once across processes (decision 0103): two server processes run
// their reminder loops every second on one database file; every queued notice about a
// booking reaches the fake provider once, including notices queued while they run.
import { eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clientNotices, jobRuns } from "#db/schema";
import { queueClientNotice } from "~/domain/client-notices.server";
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

describe.skipIf(!hasBuild)("client notices with several server processes on one database", () => {
  const servers: RunningServer[] = [];
  let fake: FakeProviders;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await fake?.close();
  });

  it("sends each notice exactly once", { timeout: 120_000 }, async () => {
    fake = await startFakeProviders();
    const phone = (n: number) => `07400 8106${String(n).padStart(2, "0")}`;
    // Appointments two days ahead and reminders an hour before: the loops send notices only.
    await configureSms({ smsProvider: "twilio", reminderHoursBefore: 1 });
    const queue = async (from: number, to: number) => {
      for (let n = from; n <= to; n++) {
        const { appointment } = await appointmentIn(48 + n, { client: { phone: phone(n) } });
        await queueClientNotice(db, appointment.id, "accepted", "accepted");
      }
    };
    await queue(1, 10);

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

    await until(() => fake.requests.length >= 10, "the first 10 notices");
    await queue(11, 14);
    await until(() => fake.requests.length >= 14, "the 4 later notices");
    await until(
      async () => (await db.select().from(clientNotices).where(eq(clientNotices.status, "sending"))).length === 0,
      "every claim to finish",
    );

    // Several more runs by any process must not add a message.
    const runAt = async () =>
      (await db.select().from(jobRuns).where(eq(jobRuns.name, "sms-reminders")))[0]?.lastRunAt ?? "";
    const seen = new Set<string>();
    await until(async () => {
      seen.add(await runAt());
      return seen.size >= 5;
    }, "further runs");

    const to = fake.requests.map((request) => request.body.To);
    expect(to).toHaveLength(14);
    expect(new Set(to).size).toBe(14);
    expect(fake.requests.every((request) => String(request.body.Body).includes("is confirmed"))).toBe(true);
    expect(await db.select().from(clientNotices).where(ne(clientNotices.status, "sent"))).toEqual([]);
  });
});
