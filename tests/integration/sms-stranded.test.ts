// Reminder claims are leases (decision 0095). A server started by mistake on a busy port
// claims nothing; a claim left by a process killed mid-send is settled by asking the
// provider whether it has the message (sent), confirming it has not (sent now), or, when
// it cannot be asked, kept "stranded" on /healthz and the status card and at the end
// recorded as unknown, never resent.
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, smsLog, smsReminders } from "#db/schema";
import { runReminders } from "~/domain/reminders.server";
import * as healthz from "~/routes/healthz";
import * as statusApi from "~/routes/api.sms.status";
import { call, json, makeRequest, signedIn } from "../factories";
import { hasBuild, inCI, MISSING_BUILD, requirePrerequisite, startServer, type RunningServer } from "../server-process";
import { startFakeProviders, type FakeProviders } from "../sms-fake-providers";
import { appointmentIn, configureSms } from "../sms-factories";

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
  fake.messages.length = 0;
  fake.lookups.length = 0;
  await db.update(appointments).set({ status: "completed" });
  await configureSms();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const claimOf = async (appointmentId: number) =>
  (await db.select().from(smsReminders).where(eq(smsReminders.appointmentId, appointmentId)))[0];
const logOf = (appointmentId: number) => db.select().from(smsLog).where(eq(smsLog.appointmentId, appointmentId));

/** A claim as a process that has since stopped left it: "sending", its lease run out. */
async function strandedClaim(
  appointment: { id: number; startTime: string },
  claimedMinutesAgo = 15,
  provider: "twilio" | "plivo" | "messagebird" = "twilio",
) {
  const claimedAt = minutes(-claimedMinutesAgo);
  await db.insert(smsReminders).values({
    appointmentId: appointment.id,
    startTime: appointment.startTime,
    status: "sending",
    claimedBy: "other-machine:4242",
    claimedAt: claimedAt.toISOString(),
    leaseUntil: new Date(claimedAt.getTime() + 10 * 60_000).toISOString(),
    provider,
  });
}

/** What the provider would hold had it taken the reminder before the sender stopped. */
function providerHas(provider: "twilio" | "plivo" | "messagebird", to: string, id: string, createdMinutesAgo = 15) {
  fake.messages.push({
    provider,
    id,
    to,
    from: "+447400900001",
    body: "Hi, your reminder",
    createdAt: minutes(-createdMinutesAgo),
    status: "delivered",
  });
}

const skipProcesses = !hasBuild && !inCI;

describe.skipIf(skipProcesses)("server processes", () => {
  const servers: RunningServer[] = [];
  let busy: Server | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await new Promise((resolve) => (busy ? busy.close(resolve) : resolve(undefined)));
  });

  it("a second server started on a busy port exits without claiming a reminder", { timeout: 60_000 }, async () => {
    requirePrerequisite(MISSING_BUILD);
    const due = await Promise.all([2, 3, 4].map((n) => appointmentIn(n, { client: { phone: `07400 90070${n}` } })));
    busy = createServer();
    const port = await new Promise<number>((resolve) =>
      busy!.listen(0, () => resolve((busy!.address() as { port: number }).port)),
    );

    for (let start = 1; start <= 3; start++) {
      const child = spawn("node", ["server.js"], {
        cwd: process.cwd(),
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          DATABASE_URL: process.env.DATABASE_URL!,
          SESSION_SECRET: "busy-port-secret-0123456789",
          REMINDER_INTERVAL_SECONDS: "1",
          SMS_TWILIO_URL: fake.url,
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
      expect(code, output).not.toBe(0);
      expect(output).toContain(`${port}`);
    }
    // Long enough for a scheduler that had been started to have claimed and sent.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await db.select().from(smsReminders)).toEqual([]);
    expect(fake.requests).toEqual([]);
    for (const { appointment } of due) expect(await claimOf(appointment.id)).toBeUndefined();
  });

  it(
    "a claim left by a process killed mid-send is settled as sent when Twilio lists the message",
    { timeout: 60_000 },
    async () => {
      requirePrerequisite(MISSING_BUILD);
      const { appointment } = await appointmentIn(3, { client: { phone: "07400 900711" } });
      // Twilio takes the message, but the server is killed before its answer arrives.
      fake.queue({
        status: 201,
        body: { sid: "SM0000000000000000000000000000kill", status: "queued" },
        delayMs: 60_000,
      });
      const server = await startServer("node", ["server.js"], {
        DATABASE_URL: process.env.DATABASE_URL!,
        SESSION_SECRET: "killed-server-secret-0123456789",
        REMINDER_INTERVAL_SECONDS: "1",
        SMS_TWILIO_URL: fake.url,
      });
      servers.push(server);
      const deadline = Date.now() + 20_000;
      while (fake.requests.length === 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fake.requests, server.output()).toHaveLength(1);
      server.process.kill("SIGKILL");
      servers.splice(servers.indexOf(server), 1);
      await new Promise((resolve) =>
        server.process.exitCode !== null || server.process.signalCode
          ? resolve(undefined)
          : server.process.once("exit", resolve),
      );
      expect(await claimOf(appointment.id)).toMatchObject({
        status: "sending",
        claimedBy: expect.stringContaining(`:${server.process.pid}`),
      });

      // Before the lease runs out the claim is the dead process's: nothing happens.
      expect(await runReminders()).toMatchObject({
        claimed: 0,
        stranded: { sent: 0, resent: 0, unknown: 0, pending: 0 },
      });
      // Once it has run out, Twilio is asked, and has it: sent, not resent.
      const later = minutes(11);
      expect(await runReminders(() => later)).toMatchObject({ claimed: 0, stranded: { sent: 1, resent: 0 } });
      expect(fake.requests).toHaveLength(1);
      expect(fake.lookups).toEqual([expect.objectContaining({ provider: "twilio" })]);
      expect(fake.lookups[0]!.query.get("To")).toBe("+447400900711");
      const claim = await claimOf(appointment.id);
      expect(claim).toMatchObject({ status: "sent" });
      expect(await logOf(appointment.id)).toEqual([
        expect.objectContaining({
          id: claim!.smsLogId,
          status: "sent",
          providerMessageId: "SM0000000000000000000000000000kill",
          kind: "reminder",
        }),
      ]);
    },
  );
});

describe("settling a stranded claim", () => {
  it("sends the reminder when the provider confirms it never had it", async () => {
    const { appointment } = await appointmentIn(3, { client: { phone: "07400 900721" } });
    await strandedClaim(appointment);
    expect(await runReminders()).toMatchObject({ stranded: { sent: 0, resent: 1, unknown: 0 } });
    expect(fake.requests.map((request) => request.body.To)).toEqual(["+447400900721"]);
    expect(await claimOf(appointment.id)).toMatchObject({
      status: "sent",
      claimedBy: expect.not.stringContaining("other-machine"),
    });
    expect(await runReminders()).toMatchObject({ claimed: 0, stranded: { resent: 0 } });
    expect(fake.requests).toHaveLength(1);
  });

  it("does not take a message to someone else, or one already logged (a Test SMS), for the reminder", async () => {
    const { appointment } = await appointmentIn(3, { client: { phone: "07400 900722" } });
    providerHas("twilio", "+447400900799", "SMsomeoneelse");
    providerHas("twilio", "+447400900722", "SMtest");
    await db.insert(smsLog).values({
      appointmentId: appointment.id,
      provider: "twilio",
      toNumber: "+447400900722",
      body: "test",
      kind: "test",
      status: "sent",
      providerMessageId: "SMtest",
    });
    await strandedClaim(appointment);
    expect(await runReminders()).toMatchObject({ stranded: { sent: 0, resent: 1 } });
  });

  it("adopts the outcome the stopped process had already logged", async () => {
    const { appointment } = await appointmentIn(3, { client: { phone: "07400 900723" } });
    await strandedClaim(appointment);
    const [row] = await db
      .insert(smsLog)
      .values({
        appointmentId: appointment.id,
        provider: "twilio",
        toNumber: "+447400900723",
        body: "Hi",
        kind: "reminder",
        status: "sent",
        providerMessageId: "SMlogged",
        createdAt: minutes(-14).toISOString(),
      })
      .returning();
    expect(await runReminders()).toMatchObject({ stranded: { sent: 1, resent: 0 } });
    expect(await claimOf(appointment.id)).toMatchObject({ status: "sent", smsLogId: row!.id });
    expect(fake.lookups).toEqual([]);
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ["plivo", "plivo-uuid-stranded"],
    ["messagebird", "mb-stranded"],
  ] as const)("asks %s's message list too", async (provider, id) => {
    await configureSms({ smsProvider: provider });
    const { appointment } = await appointmentIn(3, { client: { phone: "07400 900731" } });
    providerHas(provider, "+447400900731", id);
    await strandedClaim(appointment, 15, provider);
    expect(await runReminders()).toMatchObject({ stranded: { sent: 1, resent: 0 } });
    expect(fake.lookups.map((lookup) => lookup.provider)).toEqual([provider]);
    expect(await logOf(appointment.id)).toEqual([
      expect.objectContaining({ status: "sent", providerMessageId: id, provider }),
    ]);
    expect(fake.requests).toEqual([]);
  });

  it("when the provider cannot be asked: reported as stranded, retried, then recorded as unknown, never resent", async () => {
    const { appointment } = await appointmentIn(1, { client: { phone: "07400 900741" } });
    await strandedClaim(appointment);
    fake.queueLookups({ status: 503, body: { message: "Service unavailable" } });
    expect(await runReminders()).toMatchObject({ stranded: { sent: 0, resent: 0, unknown: 0, pending: 1 } });
    expect(await claimOf(appointment.id)).toMatchObject({ status: "sending" });

    const health = await json((await call(healthz.loader, makeRequest("GET", "/healthz"))) as Response);
    expect(health).toMatchObject({ status: 200, body: { status: "ok", reminders: { stranded: 1 } } });
    const status = (
      await json(await call(statusApi.loader, makeRequest("GET", "/api/sms/status", { token: admin.token })))
    ).body;
    expect(status.strandedClaims).toBe(1);

    // Another provider now: the one that had the claim cannot be asked with these credentials.
    await configureSms({ smsProvider: "plivo" });
    expect(await runReminders()).toMatchObject({ stranded: { pending: 1 } });
    // Once the appointment has started there is nothing left to decide: unknown, not resent.
    expect(await runReminders(() => minutes(61))).toMatchObject({ stranded: { unknown: 1, pending: 0 } });
    expect(await claimOf(appointment.id)).toMatchObject({ status: "unknown" });
    expect(await logOf(appointment.id)).toEqual([
      expect.objectContaining({ status: "unknown", kind: "reminder", error: expect.stringContaining("not resent") }),
    ]);
    expect(fake.requests).toEqual([]);
    const after = await json((await call(healthz.loader, makeRequest("GET", "/healthz"))) as Response);
    expect(after.body.reminders.stranded).toBe(0);
  });

  it("records a reminder the provider has no record of, for an appointment that has started since, as failed", async () => {
    const { appointment } = await appointmentIn(0.1, { client: { phone: "07400 900751" } });
    await strandedClaim(appointment);
    expect(await runReminders(() => minutes(10))).toMatchObject({ stranded: { failed: 1, resent: 0 } });
    expect(await claimOf(appointment.id)).toMatchObject({ status: "failed" });
    expect(fake.requests).toEqual([]);
    const [entry] = await logOf(appointment.id);
    expect(entry).toMatchObject({ status: "failed", error: expect.stringContaining("Twilio has no record") });
  });
});
