// Which e-mails go to clients, each exactly once (decisions 0107, 0108). A staff write
// queues its message (confirmation, change, cancellation) as a row of client_notices, in
// the write's own transaction; reminders are queued by the reminder loop when they fall
// due. A row is claimed through the one queue of client messages (notice-claims.server)
// before anything is sent, so two server processes never send one message twice. A transient SMTP failure (4xx,
// no answer) hands the row back with a later next_attempt_at; a permanent one (5xx) is
// recorded as failed with the server's answer.
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { ClientNoticeKind } from "#db/enums";
import { appointments, clientNotices, clients, stylists, type SalonSettings } from "#db/schema";
import type { EmailMessage } from "~/lib/email-template";
import {
  composeAppointmentEmail,
  emailConfigured,
  emailContext,
  logEmail,
  sendEmail,
  type EmailContext,
} from "./email.server";
import { manageLinkFor } from "./client-notices.server";
import { claimDueNotices, insertNotice, recordEmailOutcome, stillHeld, type NoticeClaim } from "./notice-claims.server";
import { readSettingsWithSecret } from "./settings.server";
import { sendClaimedReceipt } from "./receipt-emails.server";

/** Waits after the 1st, 2nd, ... transient failure; after the last, the message is recorded as failed. */
export const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000];

type EmailNoticeKind = Extract<ClientNoticeKind, EmailMessage>;

/**
 * How long the change e-mail of a move that offers Undo (a drag on the calendar) waits before
 * it goes: the toast offers Undo for 10 s, and an Undo in that time takes the e-mail back
 * with the move, so the client hears of neither. Longer than the toast, for the Undo's own
 * round trip.
 */
export const UNDOABLE_CHANGE_WAIT_MS = 15_000;

/** A move that offers Undo ("offered"), or that is the Undo of the last one ("taken"). */
export type UndoOfMove = "offered" | "taken";

// Whether this process has queued a message since it last started a send: a write that
// queued nothing (e-mail off, no address) starts no run. `dueLater`: the earliest message
// it queued to go later (a move's that waits for its Undo), for a run then.
let queuedHere = false;
let dueLater: number | null = null;

/** Queues one e-mail, due at `at`, and notes that this process has something to send. */
async function queueEmail(executor: Executor, appointmentId: number, kind: EmailNoticeKind, key: string, at: Date) {
  await insertNotice(executor, { appointmentId, channel: "email", kind, key }, at);
  queuedHere = true;
  if (at.getTime() > Date.now()) dueLater = Math.min(dueLater ?? Infinity, at.getTime());
}

/**
 * The Undo of a move whose change e-mail has not gone yet: that e-mail is deleted and true
 * returned (the client was never told of the move, so is not told of its Undo). Only the
 * newest change e-mail, and only one no process has claimed: one sent, or being sent, stands,
 * and the Undo then gets its own.
 */
async function takeBackUnsentChange(tx: Executor, appointmentId: number): Promise<boolean> {
  const [newest] = await tx
    .select({ id: clientNotices.id, status: clientNotices.status, claimedBy: clientNotices.claimedBy })
    .from(clientNotices)
    .where(
      and(
        eq(clientNotices.appointmentId, appointmentId),
        eq(clientNotices.channel, "email"),
        eq(clientNotices.kind, "change"),
      ),
    )
    .orderBy(desc(clientNotices.id))
    .limit(1);
  if (!newest || newest.status !== "sending" || newest.claimedBy !== "") return false;
  await tx.delete(clientNotices).where(eq(clientNotices.id, newest.id));
  return true;
}

/** Queues a sale's receipt for its client (decision 0120), once per key; null when that key was queued already. */
export async function queueReceiptEmail(executor: Executor, saleId: number, key: string, at: Date) {
  const id = await insertNotice(executor, { saleId, channel: "email", kind: "receipt", key }, at);
  if (id !== null) queuedHere = true;
  return id;
}

type Snapshot = {
  id: number;
  clientId: number | null;
  stylistId: number;
  serviceId: number | null;
  startTime: string;
  status: string;
  revision: number;
};

/**
 * Queues the e-mail a staff write calls for, in the write's transaction: a booking gets a
 * confirmation; a change of start, stylist or service a change; a cancellation a
 * cancellation. Nothing when e-mail is off, the client has no e-mail, or the booking
 * is not (or no longer) a scheduled one. `after` is the row as written (its revision
 * makes the key, so each change is its own message).
 */
export async function queueEmailForWrite(
  tx: Executor,
  before: Snapshot | null,
  after: Snapshot,
  options: { notifyClient?: boolean; now?: Date; undo?: UndoOfMove } = {},
): Promise<void> {
  if (options.notifyClient === false || after.clientId === null) return;
  const kind = noticeKind(before, after);
  if (!kind) return;
  if (kind === "change" && options.undo === "taken" && (await takeBackUnsentChange(tx, after.id))) return;
  const settings = await readSettingsWithSecret({ fresh: true });
  if (!settings.emailEnabled) return;
  const [client] = await tx
    .select({ email: clients.email })
    .from(clients)
    .where(eq(clients.id, after.clientId))
    .limit(1);
  if (!client?.email) return;
  const now = options.now ?? new Date();
  const waits = kind === "change" && options.undo === "offered";
  await queueEmail(
    tx,
    after.id,
    kind,
    kind === "confirmation" ? "booked" : `revision-${after.revision}`,
    waits ? new Date(now.getTime() + UNDOABLE_CHANGE_WAIT_MS) : now,
  );
}

/**
 * Whether deleting this booking would leave its client, who was e-mailed about it, untold: a
 * delete sends nothing (decision 0108); a cancellation does. The delete confirmation says so.
 */
export async function deleteLeavesClientUntold(
  appointment: { status: string; startTime: string; clientId: number | null },
  now = new Date(),
): Promise<boolean> {
  if (appointment.status !== "scheduled" || appointment.clientId === null) return false;
  if (appointment.startTime <= now.toISOString()) return false;
  if (!(await readSettingsWithSecret({ fresh: true })).emailEnabled) return false;
  const [client] = await db
    .select({ email: clients.email })
    .from(clients)
    .where(eq(clients.id, appointment.clientId))
    .limit(1);
  return Boolean(client?.email);
}

function noticeKind(before: Snapshot | null, after: Snapshot): EmailNoticeKind | null {
  if (!before) return after.status === "scheduled" ? "confirmation" : null;
  if (after.status === "cancelled") return before.status === "cancelled" ? null : "cancellation";
  if (after.status !== "scheduled") return null;
  if (before.status === "cancelled" || before.status === "requested") return "confirmation";
  const changed =
    before.startTime !== after.startTime ||
    before.stylistId !== after.stylistId ||
    before.serviceId !== after.serviceId;
  return changed ? "change" : null;
}

// ---------------------------------------------------------------------------------------
// Sending what is due

type RunSummary = {
  skipped?: "disabled" | "settings";
  queuedReminders: number;
  sent: number;
  failed: number;
  retrying: number;
  notWanted: number;
};

/**
 * One pass: reminders now due are queued, then every due row is claimed and sent. Called
 * after each staff write (so a confirmation goes at once) and by the reminder loop.
 */
export async function runEmailNotices(now: () => Date = () => new Date()): Promise<RunSummary> {
  const summary: RunSummary = { queuedReminders: 0, sent: 0, failed: 0, retrying: 0, notWanted: 0 };
  const settings = await readSettingsWithSecret({ fresh: true });
  await settleStranded(now());
  if (!settings.emailEnabled) return { ...summary, skipped: "disabled" };
  if (!emailConfigured(settings)) return { ...summary, skipped: "settings" };
  summary.queuedReminders = await queueDueReminders(settings, now());
  // One claim at a time: each is sent within its lease however slow the SMTP server is.
  for (;;) {
    const [claim] = await claimDueNotices("email", now(), 1);
    if (!claim) break;
    const outcome = await sendClaimed(settings, claim, now);
    summary[outcome] += 1;
  }
  return summary;
}

/**
 * E-mail reminders (decision 0107): every scheduled appointment starting within
 * reminderHoursBefore whose client has an e-mail and has not unsubscribed, and whose
 * stylist's clients get reminders, whether or not a text goes too. The key is the start
 * time: a moved appointment is reminded again.
 */
async function queueDueReminders(settings: SalonSettings, at: Date): Promise<number> {
  const windowEnd = new Date(at.getTime() + settings.reminderHoursBefore * 3600_000).toISOString();
  const due = await db
    .select({ id: appointments.id, startTime: appointments.startTime })
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(
      and(
        eq(appointments.status, "scheduled"),
        gt(appointments.startTime, at.toISOString()),
        lte(appointments.startTime, windowEnd),
        eq(stylists.smsRemindersEnabled, true),
        isNotNull(clients.email),
        ne(clients.email, ""),
        isNull(clients.emailUnsubscribedAt),
        sql`not exists (select 1 from ${clientNotices} where ${clientNotices.appointmentId} = ${appointments.id} and ${clientNotices.channel} = 'email' and ${clientNotices.kind} = 'reminder' and ${clientNotices.key} = ${appointments.startTime})`,
      ),
    )
    .orderBy(asc(appointments.startTime))
    .limit(500);
  for (const row of due) await queueEmail(db, row.id, "reminder", row.startTime, at);
  return due.length;
}

/** Why a claimed message should no longer go (the booking changed since it was queued), or null. */
async function noLongerWanted(claim: NoticeClaim, context: EmailContext | null, at: Date): Promise<string | null> {
  if (!context) return "The appointment no longer exists.";
  if (!context.clientEmail) return "The client has no e-mail address.";
  if (claim.kind === "cancellation")
    return context.status === "cancelled" ? null : "The appointment is no longer cancelled.";
  if (context.status !== "scheduled") return "The appointment is no longer scheduled.";
  if (claim.kind === "reminder") {
    if (context.startTime !== claim.key) return "The appointment has moved: its new time gets its own reminder.";
    if (context.startTime <= at.toISOString()) return "The appointment has started.";
    if (context.clientUnsubscribedAt) return "The client has unsubscribed from e-mail reminders.";
  }
  if (claim.kind === "change") {
    // A later change's message tells the newest state: this one would only repeat it.
    const [later] = await db
      .select({ id: clientNotices.id })
      .from(clientNotices)
      .where(
        and(
          eq(clientNotices.appointmentId, claim.appointmentId),
          eq(clientNotices.channel, "email"),
          eq(clientNotices.kind, "change"),
          gt(clientNotices.id, claim.id),
        ),
      )
      .limit(1);
    if (later) return "A later change's message supersedes it.";
  }
  return null;
}

async function sendClaimed(
  settings: SalonSettings,
  claim: NoticeClaim,
  now: () => Date,
): Promise<"sent" | "failed" | "retrying" | "notWanted"> {
  const held = stillHeld(claim);
  if (claim.takenOver) {
    // Its lease ran out after this run settled the stranded ones: the same answer as theirs.
    await db
      .update(clientNotices)
      .set({ status: "failed", finishedAt: now().toISOString(), nextAttemptAt: null, error: INTERRUPTED })
      .where(held);
    return "failed";
  }
  if (claim.kind === "receipt")
    return sendClaimedReceipt(settings, claim, now, EMAIL_RETRY_DELAYS_MS[claim.attempts - 1]);
  const context = await emailContext(db, claim.appointmentId);
  const skip = await noLongerWanted(claim, context, now());
  if (skip || !context) {
    await db
      .update(clientNotices)
      .set({ status: "skipped", finishedAt: now().toISOString(), error: skip, nextAttemptAt: null })
      .where(held);
    return "notWanted";
  }
  const manageUrl = (await manageLinkFor(claim.appointmentId)) ?? undefined;
  const mail = composeAppointmentEmail(settings, claim.kind as EmailNoticeKind, context, { manageUrl });
  const outcome = await sendEmail(settings, mail);
  const retryDelay = !outcome.ok && outcome.transient ? EMAIL_RETRY_DELAYS_MS[claim.attempts - 1] : undefined;
  const stillDue = claim.kind !== "reminder" || context.startTime > now().toISOString();
  const result = outcome.ok ? "sent" : retryDelay !== undefined && stillDue ? "retrying" : "failed";
  await writeTransaction(async (tx) => {
    await logEmail(tx, {
      clientId: context.clientId,
      appointmentId: context.appointmentId,
      to: mail.to,
      subject: mail.subject,
      kind: claim.kind as EmailNoticeKind,
      outcome,
    });
    await recordEmailOutcome(tx, held, result, outcome, now(), retryDelay);
  });
  return result;
}

const INTERRUPTED =
  "Interrupted while sending (the server stopped): whether it was sent is unknown; not resent, to avoid a duplicate.";

/**
 * Claims whose process stopped mid-send (the lease ran out). SMTP cannot be asked whether
 * the message went, so it is not sent again (a duplicate cannot be taken back): recorded
 * as failed, with why.
 */
async function settleStranded(at: Date): Promise<void> {
  await db
    .update(clientNotices)
    .set({
      status: "failed",
      finishedAt: at.toISOString(),
      nextAttemptAt: null,
      error: INTERRUPTED,
    })
    .where(
      and(
        eq(clientNotices.channel, "email"),
        eq(clientNotices.status, "sending"),
        ne(clientNotices.claimedBy, ""),
        lte(clientNotices.nextAttemptAt, at.toISOString()),
      ),
    );
}

/** Sends what a write just queued, in the background: a failure is the loop's to retry, never the write's. */
export function sendQueuedEmailsSoon(): void {
  if (process.env.EMAIL_SEND_AFTER_WRITE === "0" || !queuedHere) return;
  queuedHere = false;
  const run = () => {
    runEmailNotices().catch((error: unknown) => {
      const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown error";
      console.error(`E-mail run failed: ${reason}`);
    });
  };
  setImmediate(run);
  // A message that waits (a move's, for its Undo) goes when due, not at the loop's next turn;
  // the loop still sends it if this process stops first.
  if (dueLater !== null) setTimeout(run, Math.max(0, dueLater - Date.now()) + 100).unref();
  dueLater = null;
}
