// The reminder scheduler (decision 0050): runs inside every server process, at start-up and
// then every REMINDER_INTERVAL_SECONDS. Each reminder is claimed in the database (a row
// in sms_reminders, unique per appointment and start time, inserted in a write
// transaction) before it is sent, so processes and machines sharing a database never send
// one twice. See docs/decisions/0050.
import { and, asc, eq, gt, lte, lt } from "drizzle-orm";
import { hostname } from "node:os";
import { db, writeTransaction } from "#db/client.server";
import { appointments, clients, jobRuns, smsLog, smsReminders } from "#db/schema";
import { publish } from "./events.server";
import { readSettingsWithSecret } from "./settings.server";
import { credentialsComplete } from "./sms-providers.server";
import { deliverText, REMINDER_JOB, remindable, textContextQuery, type TextContext } from "./sms.server";

const BATCH = 50;
// A claim still "sending" after this long belongs to a process that died mid-send.
const STALE_CLAIM_MS = 10 * 60_000;
const worker = `${hostname()}:${process.pid}`;

type RunSummary = { skipped?: "disabled" | "credentials"; claimed: number; sent: number; failed: number; lostToOthers: number; interrupted: number };

/** One pass: every due reminder not yet claimed is claimed, sent and recorded. */
export async function runReminders(now: () => Date = () => new Date()): Promise<RunSummary> {
  const summary: RunSummary = { claimed: 0, sent: 0, failed: 0, lostToOthers: 0, interrupted: 0 };
  const startedAt = now();
  await db
    .insert(jobRuns)
    .values({ name: REMINDER_JOB, lastRunAt: startedAt.toISOString(), lastRunBy: worker, lastError: null })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: startedAt.toISOString(), lastRunBy: worker, lastError: null } });
  summary.interrupted = await failStaleClaims(startedAt);

  const settings = await readSettingsWithSecret({ fresh: true });
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
      const claimId = await claim(context, now);
      if (claimId === null) {
        summary.lostToOthers += 1;
        continue;
      }
      summary.claimed += 1;
      const delivery = await deliverText(settings, context, "reminder", () => now().toISOString() < context.startTime);
      await writeTransaction(async (tx) => {
        await tx.update(smsReminders).set({ status: delivery.status, finishedAt: now().toISOString(), smsLogId: delivery.logId }).where(eq(smsReminders.id, claimId));
        await publish(tx, "settings", null);
      });
      if (delivery.status === "sent") summary.sent += 1;
      else summary.failed += 1;
    }
    if (due.length < BATCH) break;
  }
  return summary;
}

/**
 * Claims one reminder: in a write transaction (BEGIN IMMEDIATE, so one process at a time),
 * re-reads the appointment (still scheduled, same start, not started, client not opted
 * out) and inserts the claim; the unique index makes a second claim a no-op.
 */
async function claim(seen: TextContext, now: () => Date): Promise<number | null> {
  return writeTransaction(async (tx) => {
    const [current] = await textContextQuery(tx).where(eq(appointments.id, seen.appointmentId)).limit(1);
    const at = now().toISOString();
    if (!current || current.status !== "scheduled" || current.startTime !== seen.startTime || current.startTime <= at) return null;
    if (current.clientOptedOutAt || !current.stylistSmsEnabled || !current.clientPhone) return null;
    const [row] = await tx
      .insert(smsReminders)
      .values({ appointmentId: seen.appointmentId, startTime: seen.startTime, status: "sending", claimedBy: worker, claimedAt: at })
      .onConflictDoNothing()
      .returning({ id: smsReminders.id });
    return row?.id ?? null;
  });
}

/**
 * A process that stopped between claiming and recording leaves a claim "sending". Whether
 * the provider took the message is unknown, so it is not resent (a duplicate is worse than
 * a gap the status card shows); it is recorded as failed.
 */
async function failStaleClaims(now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - STALE_CLAIM_MS).toISOString();
  return writeTransaction(async (tx) => {
    const stale = await tx
      .update(smsReminders)
      .set({ status: "failed", finishedAt: now.toISOString() })
      .where(and(eq(smsReminders.status, "sending"), lt(smsReminders.claimedAt, cutoff)))
      .returning({ appointmentId: smsReminders.appointmentId });
    for (const { appointmentId } of stale) {
      const [row] = await tx
        .select({ clientId: appointments.clientId, phone: clients.phone })
        .from(appointments)
        .leftJoin(clients, eq(clients.id, appointments.clientId))
        .where(eq(appointments.id, appointmentId))
        .limit(1);
      const settings = await readSettingsWithSecret();
      await tx.insert(smsLog).values({
        clientId: row?.clientId ?? null,
        appointmentId,
        provider: settings.smsProvider,
        toNumber: (row?.phone ?? "").slice(0, 40),
        body: "",
        kind: "reminder",
        status: "failed",
        error: "Interrupted while sending (the server stopped); not resent, to avoid a duplicate.",
      });
    }
    return stale.length;
  });
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
      await runReminders();
    } catch (error) {
      // The cause only: a query error's own message carries its parameters (personal data).
      const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 200) : "unknown error";
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
