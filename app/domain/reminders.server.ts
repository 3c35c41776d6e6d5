// The reminder scheduler (decisions 0050, 0095): runs inside every server process that
// listens, at start-up and then every REMINDER_INTERVAL_SECONDS. Each reminder is claimed
// in the database (a row in sms_reminders, unique per appointment and start time, inserted
// in a write transaction) before it is sent, so processes and machines sharing a database
// never send one twice. A claim is a lease: a claim still "sending" when its lease has run
// out belongs to a process that stopped mid-send, and is settled by asking the provider.
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { hostname } from "node:os";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { SmsProvider } from "#db/enums";
import { appointments, jobRuns, smsLog, smsReminders, type SalonSettings } from "#db/schema";
import { toE164 } from "~/lib/phone";
import { renderTemplate } from "~/lib/sms-template";
import { DEFAULT_REMINDER_TEMPLATE } from "~/lib/schemas/settings";
import { sendClientNotices } from "./client-notices.server";
import { runEmailNotices } from "./email-notices.server";
import { purgeOldHits } from "./rate-limits.server";
import { runWaitlistOffers } from "./waitlist.server";
import { publish } from "./events.server";
import { readSettingsWithSecret } from "./settings.server";
import { credentialsComplete, listSentMessages } from "./sms-providers.server";
import { providerName } from "~/lib/sms-providers";
import {
  deliverText,
  REMINDER_JOB,
  remindable,
  templateValues,
  textContextQuery,
  type TextContext,
} from "./sms.server";

const BATCH = 50;
/**
 * How long a claim is its process's. A send takes at most SMS_MAX_ATTEMPTS times
 * SMS_TIMEOUT_MS plus the backoff (about a minute and a half by default), and no attempt
 * starts in the lease's last LEASE_MARGIN_MS, so a lease runs out only on a process that
 * has stopped (or frozen).
 */
const LEASE_MS = 10 * 60_000;
const LEASE_MARGIN_MS = 2 * 60_000;
// The provider's clock and ours differ a little: the window asked about is that much wider.
const CLOCK_SKEW_MS = 2 * 60_000;
const worker = `${hostname()}:${process.pid}`;

type StrandedSummary = { sent: number; resent: number; failed: number; unknown: number; pending: number };
type RunSummary = {
  skipped?: "disabled" | "credentials";
  claimed: number;
  sent: number;
  failed: number;
  lostToOthers: number;
  stranded: StrandedSummary;
};
type Lease = { id: number; leaseUntil: string };

const iso = (ms: number) => new Date(ms).toISOString();

/** One pass: stranded claims are settled, then every due reminder not yet claimed is claimed, sent and recorded. */
export async function runReminders(now: () => Date = () => new Date()): Promise<RunSummary> {
  const summary: RunSummary = {
    claimed: 0,
    sent: 0,
    failed: 0,
    lostToOthers: 0,
    stranded: { sent: 0, resent: 0, failed: 0, unknown: 0, pending: 0 },
  };
  const startedAt = now();
  await db
    .insert(jobRuns)
    .values({ name: REMINDER_JOB, lastRunAt: startedAt.toISOString(), lastRunBy: worker, lastError: null })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunAt: startedAt.toISOString(), lastRunBy: worker, lastError: null },
    });

  const settings = await readSettingsWithSecret({ fresh: true });
  summary.stranded = await settleStrandedClaims(settings, now);
  if (!settings.smsEnabled) return { ...summary, skipped: "disabled" };
  if (!credentialsComplete(settings)) return { ...summary, skipped: "credentials" };

  for (;;) {
    const at = now();
    const windowEnd = new Date(at.getTime() + settings.reminderHoursBefore * 3600_000).toISOString();
    const due = await textContextQuery(db)
      .where(and(remindable(), gt(appointments.startTime, at.toISOString()), lte(appointments.startTime, windowEnd)))
      .orderBy(asc(appointments.startTime), asc(appointments.id))
      .limit(BATCH);
    if (due.length === 0) break;
    for (const context of due) {
      const lease = await claim(context, settings.smsProvider, now);
      if (lease === null) {
        summary.lostToOthers += 1;
        continue;
      }
      summary.claimed += 1;
      if ((await sendClaimed(settings, context, lease, now)) === "sent") summary.sent += 1;
      else summary.failed += 1;
    }
    if (due.length < BATCH) break;
  }
  return summary;
}

/**
 * Claims one reminder: in a write transaction (BEGIN IMMEDIATE, so one process at a time),
 * re-reads the appointment (still scheduled, same start, not started, client not opted
 * out) and inserts the claim with its lease; the unique index makes a second claim a no-op.
 */
async function claim(seen: TextContext, provider: SmsProvider, now: () => Date): Promise<Lease | null> {
  return writeTransaction(async (tx) => {
    const [current] = await textContextQuery(tx).where(eq(appointments.id, seen.appointmentId)).limit(1);
    const at = now();
    if (
      !current ||
      current.status !== "scheduled" ||
      current.startTime !== seen.startTime ||
      current.startTime <= at.toISOString()
    )
      return null;
    if (current.clientOptedOutAt || !current.stylistSmsEnabled || !current.clientPhone) return null;
    const leaseUntil = iso(at.getTime() + LEASE_MS);
    const [row] = await tx
      .insert(smsReminders)
      .values({
        appointmentId: seen.appointmentId,
        startTime: seen.startTime,
        status: "sending",
        claimedBy: worker,
        claimedAt: at.toISOString(),
        leaseUntil,
        provider,
      })
      .onConflictDoNothing()
      .returning({ id: smsReminders.id });
    return row ? { id: row.id, leaseUntil } : null;
  });
}

/** Sends a claimed reminder and records the outcome on the claim, if the lease is still this process's. */
async function sendClaimed(
  settings: SalonSettings,
  context: TextContext,
  lease: Lease,
  now: () => Date,
): Promise<"sent" | "failed"> {
  const lastAttempt = Date.parse(lease.leaseUntil) - LEASE_MARGIN_MS;
  const stillWanted = () => now().toISOString() < context.startTime && now().getTime() < lastAttempt;
  const delivery = await deliverText(settings, context, "reminder", stillWanted);
  await writeTransaction(async (tx) => {
    const [held] = await tx
      .update(smsReminders)
      .set({ status: delivery.status, finishedAt: now().toISOString(), smsLogId: delivery.logId })
      .where(
        and(
          eq(smsReminders.id, lease.id),
          eq(smsReminders.status, "sending"),
          eq(smsReminders.claimedBy, worker),
          eq(smsReminders.leaseUntil, lease.leaseUntil),
        ),
      )
      .returning({ id: smsReminders.id });
    if (!held)
      console.error(
        `SMS reminder claim ${lease.id} was settled by another process after this one overran its lease; this outcome stays in the SMS log.`,
      );
    await publish(tx, "settings", null);
  });
  return delivery.status;
}

// ---------------------------------------------------------------------------------------
// Stranded claims: "sending" with the lease run out

function strandedCondition(at: Date) {
  return and(
    eq(smsReminders.status, "sending"),
    // Claims made before leases existed have none: their lease is the claim time plus LEASE_MS.
    or(
      lt(smsReminders.leaseUntil, at.toISOString()),
      and(isNull(smsReminders.leaseUntil), lt(smsReminders.claimedAt, iso(at.getTime() - LEASE_MS))),
    ),
  );
}

/** Claims whose process stopped mid-send and that no run has settled yet (for /healthz and the status card). */
export async function countStrandedClaims(executor: Executor = db, at = new Date()): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(smsReminders).where(strandedCondition(at));
  return row?.n ?? 0;
}

type Stranded = {
  id: number;
  appointmentId: number;
  startTime: string;
  claimedBy: string;
  claimedAt: string;
  leaseUntil: string | null;
  provider: SmsProvider | null;
};

async function settleStrandedClaims(settings: SalonSettings, now: () => Date): Promise<StrandedSummary> {
  const summary: StrandedSummary = { sent: 0, resent: 0, failed: 0, unknown: 0, pending: 0 };
  const rows = await db
    .select({
      id: smsReminders.id,
      appointmentId: smsReminders.appointmentId,
      startTime: smsReminders.startTime,
      claimedBy: smsReminders.claimedBy,
      claimedAt: smsReminders.claimedAt,
      leaseUntil: smsReminders.leaseUntil,
      provider: smsReminders.provider,
    })
    .from(smsReminders)
    .where(strandedCondition(now()))
    .orderBy(asc(smsReminders.claimedAt))
    .limit(BATCH);
  for (const row of rows) {
    const outcome = await settle(settings, row, now);
    if (outcome) summary[outcome] += 1;
  }
  return summary;
}

/**
 * Settles one stranded claim. It is first taken over (a new lease for this process, given
 * only if the claim is still the stopped process's), so that two processes never settle
 * one claim. Then, in order: the outcome the stopped process had already logged; else
 * the provider's message list for the client's number over the claim's lease: a message
 * there means sent; none means the provider never took it, and the reminder is sent now
 * if it is still due (else recorded as failed). When the provider cannot be asked the
 * claim is handed back, stranded, for the next run; once the appointment has started (or
 * is no longer due) it is recorded as unknown. It is never resent without the provider's
 * word: a duplicate cannot be taken back.
 */
async function settle(
  settings: SalonSettings,
  stranded: Stranded,
  now: () => Date,
): Promise<keyof StrandedSummary | null> {
  const at = now();
  const lease: Lease = { id: stranded.id, leaseUntil: iso(at.getTime() + LEASE_MS) };
  // The claim time stays: a process that stops while settling leaves a window that still
  // covers the first sender's attempt as well as its own.
  const [taken] = await db
    .update(smsReminders)
    .set({ claimedBy: worker, leaseUntil: lease.leaseUntil })
    .where(
      and(
        eq(smsReminders.id, stranded.id),
        eq(smsReminders.status, "sending"),
        eq(smsReminders.claimedBy, stranded.claimedBy),
        stranded.leaseUntil ? eq(smsReminders.leaseUntil, stranded.leaseUntil) : isNull(smsReminders.leaseUntil),
      ),
    )
    .returning({ id: smsReminders.id });
  if (!taken) return null; // another process is settling it

  const finish = async (status: "sent" | "failed" | "unknown", logId: number | null) => {
    await writeTransaction(async (tx) => {
      await tx
        .update(smsReminders)
        .set({ status, finishedAt: now().toISOString(), smsLogId: logId })
        .where(
          and(
            eq(smsReminders.id, stranded.id),
            eq(smsReminders.claimedBy, worker),
            eq(smsReminders.leaseUntil, lease.leaseUntil),
          ),
        );
      await publish(tx, "settings", null);
    });
  };
  const since = new Date(Date.parse(stranded.claimedAt) - CLOCK_SKEW_MS);
  const until = new Date(
    (stranded.leaseUntil ? Date.parse(stranded.leaseUntil) : Date.parse(stranded.claimedAt) + LEASE_MS) + CLOCK_SKEW_MS,
  );

  // 1. The stopped process logged the outcome but did not record it on the claim.
  const [logged] = await db
    .select({ id: smsLog.id, status: smsLog.status })
    .from(smsLog)
    .where(
      and(
        eq(smsLog.appointmentId, stranded.appointmentId),
        eq(smsLog.kind, "reminder"),
        gte(smsLog.createdAt, since.toISOString()),
        lte(smsLog.createdAt, until.toISOString()),
      ),
    )
    .orderBy(desc(smsLog.id))
    .limit(1);
  if (logged) {
    await finish(logged.status, logged.id);
    return logged.status === "sent" ? "sent" : logged.status === "failed" ? "failed" : "unknown";
  }

  const [context] = await textContextQuery(db).where(eq(appointments.id, stranded.appointmentId)).limit(1);
  const provider = stranded.provider ?? settings.smsProvider;
  const name = providerName(provider);
  const to = context ? toE164(context.clientPhone, settings.country) : null;
  const stillDue =
    !!context &&
    context.status === "scheduled" &&
    context.startTime === stranded.startTime &&
    context.startTime > now().toISOString();
  const log = (
    status: "sent" | "failed" | "unknown",
    fields: { body?: string | null; providerMessageId?: string | null; error?: string | null },
  ) =>
    db
      .insert(smsLog)
      .values({
        clientId: context?.clientId ?? null,
        appointmentId: stranded.appointmentId,
        provider,
        toNumber: to ?? (context?.clientPhone ?? "").slice(0, 40),
        body:
          fields.body ??
          (context
            ? renderTemplate(settings.reminderTemplate || DEFAULT_REMINDER_TEMPLATE, templateValues(settings, context))
            : ""),
        kind: "reminder",
        status,
        providerMessageId: fields.providerMessageId ?? null,
        error: fields.error ?? null,
      })
      .returning({ id: smsLog.id })
      .then(([row]) => row!.id);

  // 2. Ask the provider, when it is the one the claim was made with.
  let unanswered: string | null = null;
  let listed: Awaited<ReturnType<typeof listSentMessages>> | null = null;
  if (provider !== settings.smsProvider)
    unanswered = `the SMS provider has been changed since, so ${name} cannot be asked`;
  else if (!credentialsComplete(settings))
    unanswered = `the SMS credentials are incomplete, so ${name} cannot be asked`;
  else if (!to) unanswered = "the client's phone number is not valid";
  else {
    listed = await listSentMessages(
      { provider, apiKey: settings.smsApiKey, apiSecret: settings.smsApiSecret },
      { to, since, until },
    );
    if (!listed.ok) unanswered = `${name} could not be asked (${listed.error})`;
  }

  if (!listed?.ok) {
    if (stillDue) {
      // Hand it back as it was: reported as stranded, asked again at the next run.
      await db
        .update(smsReminders)
        .set({ claimedBy: stranded.claimedBy, leaseUntil: stranded.leaseUntil })
        .where(
          and(
            eq(smsReminders.id, stranded.id),
            eq(smsReminders.claimedBy, worker),
            eq(smsReminders.leaseUntil, lease.leaseUntil),
          ),
        );
      console.error(`SMS reminder claim ${stranded.id} is stranded: ${unanswered}; asking again at the next run.`);
      return "pending";
    }
    await finish(
      "unknown",
      await log("unknown", {
        error: `Interrupted while sending (the server stopped), and ${unanswered}: whether it was sent is unknown; not resent, to avoid a duplicate.`,
      }),
    );
    return "unknown";
  }

  // Messages the log already accounts for (a Test SMS to the same number) are not this reminder.
  const ids = listed.messages.map((message) => message.messageId);
  const known = new Set(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: smsLog.providerMessageId })
            .from(smsLog)
            .where(and(eq(smsLog.provider, provider), inArray(smsLog.providerMessageId, ids)))
        ).map((row) => row.id),
  );
  const found = listed.messages.find((message) => !known.has(message.messageId));
  if (found) {
    const status = found.failed ? "failed" : "sent";
    const error = found.failed
      ? `Interrupted while sending (the server stopped); ${name} took the message but reports it undelivered.`
      : null;
    await finish(status, await log(status, { body: found.body, providerMessageId: found.messageId, error }));
    return status;
  }

  // 3. The provider never took it: send it now if it is still due.
  const mayResend =
    stillDue &&
    context &&
    settings.smsEnabled &&
    !context.clientOptedOutAt &&
    context.stylistSmsEnabled &&
    !!context.clientPhone;
  if (mayResend) {
    await db.update(smsReminders).set({ provider: settings.smsProvider }).where(eq(smsReminders.id, stranded.id));
    return (await sendClaimed(settings, context, lease, now)) === "sent" ? "resent" : "failed";
  }
  const why = !stillDue
    ? "the appointment is no longer due a reminder"
    : !settings.smsEnabled
      ? "SMS reminders are off"
      : "the client is no longer to be texted";
  await finish(
    "failed",
    await log("failed", {
      error: `Interrupted while sending (the server stopped); ${name} has no record of it, and ${why}: not sent.`,
    }),
  );
  return "failed";
}

// ---------------------------------------------------------------------------------------
// The loop

function intervalSeconds(): number {
  const raw = process.env.REMINDER_INTERVAL_SECONDS;
  const value = raw === undefined || raw.trim() === "" ? 60 : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : 60;
}

const globalStore = globalThis as unknown as { __salonReminderScheduler?: true };

/**
 * Starts this process's scheduler once (a second call, e.g. after a dev-server reload, is
 * a no-op). REMINDER_INTERVAL_SECONDS=0 turns it off. Runs never overlap: the next is
 * scheduled when the previous one has finished. It runs for the life of the process.
 */
export function startReminderScheduler(): void {
  if (globalStore.__salonReminderScheduler) return;
  globalStore.__salonReminderScheduler = true;
  const seconds = intervalSeconds();
  if (seconds === 0) return;
  const tick = async () => {
    try {
      await runEmailNotices().catch((error: unknown) =>
        console.error(`E-mail run failed: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`),
      );
      await runReminders();
      // Notices about online bookings that were not sent right after their write (a send
      // that failed, a process that stopped): claimed here exactly once like a reminder.
      await sendClientNotices();
      // Waitlist offers: holds that ran out, freed slots offered, their messages sent once.
      await runWaitlistOffers().catch((error: unknown) =>
        console.error(`Waitlist run failed: ${error instanceof Error ? error.message.slice(0, 200) : "unknown error"}`),
      );
      // The public booking limits' counters older than their longest window.
      await purgeOldHits(db);
    } catch (error) {
      // The cause only: a query error's own message carries its parameters (personal data).
      const reason =
        error instanceof Error
          ? (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 200)
          : "unknown error";
      console.error(`SMS reminder run failed: ${reason}`);
      await db
        .update(jobRuns)
        .set({ lastError: reason })
        .where(eq(jobRuns.name, REMINDER_JOB))
        .catch(() => undefined);
    }
    setTimeout(() => void tick(), seconds * 1000).unref?.();
  };
  void tick();
}
