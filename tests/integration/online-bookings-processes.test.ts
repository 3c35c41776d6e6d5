// Client notices exactly once across processes (decision 0103): two server processes run
// their reminder loops every second on one database file; every queued notice about a
// booking reaches the fake provider once, including notices queued while they run.
import { eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clientNotices } from "#db/schema";
import { queueClientNotice } from "~/domain/client-notices.server";
import { hasBuild, serversOnTestDatabase, until } from "../server-process";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { afterFurtherLoopRuns, appointmentIn, configureSms } from "../sms-factories";

describe.skipIf(!hasBuild)("client notices with several server processes on one database", () => {
  const servers = serversOnTestDatabase();
  let fake: FakeProviders;
  afterAll(async () => {
    await servers.stop();
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

    await servers.start(2, {
      SMS_TWILIO_URL: fake.url,
      SMS_RETRY_BASE_MS: "10",
    });
    const diagnostics = () => `${fake.requests.length} requests\n${servers.output()}`;

    await until(() => fake.requests.length >= 10, "the first 10 notices", { diagnostics });
    await queue(11, 14);
    await until(() => fake.requests.length >= 14, "the 4 later notices", { diagnostics });
    await until(
      async () => (await db.select().from(clientNotices).where(eq(clientNotices.status, "sending"))).length === 0,
      "every claim to finish",
      { diagnostics },
    );

    // Several more runs by any process must not add a message.
    await afterFurtherLoopRuns(5, diagnostics);

    const to = fake.requests.map((request) => request.body.To);
    expect(to).toHaveLength(14);
    expect(new Set(to).size).toBe(14);
    expect(fake.requests.every((request) => String(request.body.Body).includes("is confirmed"))).toBe(true);
    expect(await db.select().from(clientNotices).where(ne(clientNotices.status, "sent"))).toEqual([]);
  });
});
