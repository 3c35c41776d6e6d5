// Exactly once across processes (decision 0108): two server processes run their reminder
// loops every second on one database file; every e-mail due (reminders queued by the loops,
// confirmations queued as a booking would) reaches the SMTP server once.
import { eq, ne } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clientNotices, salonSettings } from "#db/schema";
import { hasBuild, serversOnTestDatabase, until } from "../server-process";
import { afterFurtherLoopRuns, appointmentIn } from "../sms-factories";
import { startFakeSmtp, type FakeSmtp } from "../smtp-fake-server";

describe.skipIf(!hasBuild)("e-mail with several server processes on one database", () => {
  const servers = serversOnTestDatabase();
  let smtp: FakeSmtp;
  afterAll(async () => {
    await servers.stop();
    await smtp?.close();
  });

  it("sends each e-mail exactly once", { timeout: 120_000 }, async () => {
    smtp = await startFakeSmtp();
    await servers.start(2);
    const diagnostics = () => `${smtp.received.length} messages\n${servers.output()}`;
    await db.insert(salonSettings).values({ id: 1 }).onConflictDoNothing();
    await db.update(salonSettings).set({
      salonName: "Willow & Shear",
      timeZone: "Europe/London",
      emailEnabled: true,
      smtpHost: "127.0.0.1",
      smtpPort: smtp.port,
      smtpSecurity: "none",
      emailFrom: "bookings@willow.test",
      reminderHoursBefore: 24,
    });
    const address = (n: number) => `client${n}@processes.test`;
    // Reminders, queued by whichever loop sees them first.
    for (let n = 1; n <= 10; n++) await appointmentIn(1 + n, { client: { email: address(n), phone: "" } });
    // Confirmations, queued as a staff write queues them (here outside the window, so no reminder too).
    for (let n = 11; n <= 16; n++) {
      const { appointment } = await appointmentIn(48 + n, { client: { email: address(n), phone: "" } });
      const at = new Date().toISOString();
      await db.insert(clientNotices).values({
        appointmentId: appointment.id,
        channel: "email",
        kind: "confirmation",
        key: "booked",
        claimedBy: "",
        claimedAt: at,
        nextAttemptAt: at,
      });
    }

    await until(() => smtp.received.length >= 16, "the 16 e-mails", { diagnostics });
    await until(
      async () => (await db.select().from(clientNotices).where(eq(clientNotices.status, "sending"))).length === 0,
      "every claim to finish",
      { diagnostics },
    );
    // Several more runs by any process must not add a message.
    await afterFurtherLoopRuns(5, diagnostics);

    const to = smtp.received.flatMap((message) => message.envelopeTo);
    expect(to).toHaveLength(16);
    expect(new Set(to).size).toBe(16);
    expect(to.sort()).toEqual(Array.from({ length: 16 }, (_, i) => address(i + 1)).sort());
    expect(await db.select().from(clientNotices).where(ne(clientNotices.status, "sent"))).toEqual([]);
    const workers = new Set(
      (await db.select({ by: clientNotices.claimedBy }).from(clientNotices)).map((row) => row.by),
    );
    console.info(`e-mails claimed by ${workers.size} processes`);
  });
});
