// Messages to a client about their booking (decision 0103): the confirmation of an online
// booking, a move or cancellation made online, staff's acceptance or decline of a request.
// A notice is queued and claimed through the one queue of client messages
// (notice-claims.server), so several server processes never send one twice; a claim whose
// process stopped is sent again only when the SMS log shows it did not go. The sender runs
// right after the write commits and from the reminder loop for whatever is left.
//
// The manage link carries the client's token, which the database never holds (only its
// hash): it is kept in this process's memory from the write to the send, and checked
// against the stored hash before use. A notice sent by another process, or after a
// restart, goes without the link.
import { createHash } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { ClientNoticeKind } from "#db/enums";
import { appointments, clientNotices, clients, salonSettings, smsLog, type SalonSettings } from "#db/schema";
import { appointmentDateTime } from "~/lib/sms-template";
import { publish } from "./events.server";
import { claimDueNotices, insertNotice, NOTICE_LEASE_MS, stillHeld, type NoticeClaim } from "./notice-claims.server";
import { publicStylistName } from "./online-slots.server";
import { readSettingsWithSecret } from "./settings.server";
import { credentialsComplete } from "./sms-providers.server";
import { sendLoggedText, textContextQuery, type TextContext } from "./sms.server";

const BATCH = 20;
const CLOCK_SKEW_MS = 2 * 60_000;

/** Manage links by appointment id, only in this process's memory (see above). */
const links = new Map<number, { link: string; tokenHash: string; at: number }>();
/** A link kept longer than this was for a notice another process sent: forgotten. */
const LINK_KEPT_MS = 2 * NOTICE_LEASE_MS;

function forgetOldLinks(now: number) {
  for (const [id, kept] of links) if (now - kept.at > LINK_KEPT_MS) links.delete(id);
}

/**
 * Queues a notice to the appointment's client, inside the caller's transaction: by SMS when
 * the salon's SMS is on and the client has a phone and has not replied STOP; otherwise
 * nothing is queued. One per appointment, channel, kind and key (a second is a no-op).
 * `manage` is the client's manage link and its token's hash, when the caller has them.
 */
export async function queueClientNotice(
  executor: Executor,
  appointmentId: number,
  kind: ClientNoticeKind,
  key: string,
  manage?: { link: string; token: string },
  now = new Date(),
): Promise<number | null> {
  // Kept whichever channel goes: the e-mail confirmation carries the same link.
  if (manage) {
    forgetOldLinks(Date.now());
    links.set(appointmentId, { link: manage.link, tokenHash: sha256Hex(manage.token), at: Date.now() });
  }
  const [settings] = await executor
    .select({ smsEnabled: salonSettings.smsEnabled })
    .from(salonSettings)
    .where(eq(salonSettings.id, 1))
    .limit(1);
  const [client] = await executor
    .select({ phone: clients.phone, optedOut: clients.smsOptedOutAt })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!settings?.smsEnabled || !client?.phone || client.optedOut) return null;
  return insertNotice(executor, { appointmentId, channel: "sms", kind, key }, now);
}

/**
 * The client's manage link for an appointment, when this process still holds it and it
 * matches the token stored now (a cancelled or moved-away token has no link).
 */
export async function manageLinkFor(appointmentId: number): Promise<string | null> {
  const kept = links.get(appointmentId);
  if (!kept) return null;
  const [stored] = await db
    .select({ tokenHash: appointments.manageTokenHash })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return stored?.tokenHash && stored.tokenHash === kept.tokenHash ? kept.link : null;
}

function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

function salonName(settings: SalonSettings) {
  return settings.salonName.trim() || "The salon";
}

/** The text of a notice, in the salon's zone and clock. */
export function noticeText(
  settings: SalonSettings,
  context: Pick<TextContext, "serviceName" | "stylistName" | "startTime" | "status">,
  kind: ClientNoticeKind,
  link: string | null,
): string | null {
  const { appointmentDate, appointmentTime } = appointmentDateTime(
    context.startTime,
    settings.timeZone,
    settings.clockFormat,
  );
  const what = `${context.serviceName ?? "your appointment"} with ${publicStylistName(context.stylistName)} on ${appointmentDate} at ${appointmentTime}`;
  const manage = link ? ` See, move or cancel it: ${link}` : "";
  const salon = salonName(settings);
  const call = settings.phone.trim() ? ` Questions? Call ${settings.phone.trim()}.` : "";
  switch (kind) {
    case "confirmation":
      return context.status === "requested"
        ? `${salon}: we have your request for ${what}. We will text you once the salon confirms it.${manage}`
        : `${salon}: you are booked for ${what}.${manage}`;
    case "change":
      return `${salon}: your booking is now ${what}.${manage}`;
    case "cancellation":
      return `${salon}: your booking for ${what} is cancelled.${call}`;
    case "accepted":
      return `${salon}: your booking for ${what} is confirmed.${manage}${call}`;
    case "declined":
      return `${salon}: sorry, we cannot take your request for ${what}.${call}`;
    default:
      return null; // reminders and receipts are sent by their own senders
  }
}

type Outcome = { status: "sent" | "failed" | "skipped"; error: string | null };

async function sendOne(settings: SalonSettings, claim: NoticeClaim, now: () => Date): Promise<Outcome> {
  const [context] = await textContextQuery(db).where(eq(appointments.id, claim.appointmentId)).limit(1);
  if (!context) return { status: "skipped", error: "The appointment no longer exists." };
  if (!settings.smsEnabled) return { status: "skipped", error: "SMS is turned off." };
  if (!credentialsComplete(settings)) return { status: "skipped", error: "The SMS credentials are incomplete." };
  if (!context.clientPhone) return { status: "skipped", error: "The client has no phone number." };
  if (context.clientOptedOutAt) return { status: "skipped", error: "The client has opted out of SMS." };
  const stale =
    (claim.kind !== "cancellation" && claim.kind !== "declined" && context.status === "cancelled") ||
    context.startTime <= now().toISOString();
  if (stale) return { status: "skipped", error: "The booking has changed since: this notice is out of date." };
  if (claim.takenOver) {
    // A process stopped while sending this: a notice it logged for the appointment is this one.
    const [logged] = await db
      .select({ id: smsLog.id, status: smsLog.status })
      .from(smsLog)
      .where(
        and(
          eq(smsLog.appointmentId, claim.appointmentId),
          eq(smsLog.kind, "notice"),
          gte(smsLog.createdAt, new Date(Date.parse(claim.takenOver) - CLOCK_SKEW_MS).toISOString()),
        ),
      )
      .limit(1);
    if (logged) return { status: logged.status === "failed" ? "failed" : "sent", error: null };
  }
  const link = await manageLinkFor(claim.appointmentId);
  const body = noticeText(settings, context, claim.kind, link);
  if (!body) return { status: "skipped", error: "Not a text notice." };
  const lastAttempt = Date.parse(claim.leaseUntil) - CLOCK_SKEW_MS;
  const delivery = await sendLoggedText(
    settings,
    { clientId: context.clientId, appointmentId: context.appointmentId, phone: context.clientPhone },
    body,
    "notice",
    () => now().getTime() < lastAttempt,
  );
  return { status: delivery.status, error: delivery.error };
}

export type NoticeRunSummary = { claimed: number; sent: number; failed: number; skipped: number };

/**
 * Claims every due notice and sends it, exactly once: the claim is made in a write
 * transaction, and the outcome recorded only while the claim is still this process's.
 */
export async function sendClientNotices(now: () => Date = () => new Date()): Promise<NoticeRunSummary> {
  const summary: NoticeRunSummary = { claimed: 0, sent: 0, failed: 0, skipped: 0 };
  for (;;) {
    const claimed = await claimDueNotices("sms", now(), BATCH);
    if (claimed.length === 0) break;
    const settings = await readSettingsWithSecret({ fresh: true });
    for (const claim of claimed) {
      summary.claimed += 1;
      let outcome: Outcome;
      try {
        outcome = await sendOne(settings, claim, now);
      } catch (error) {
        outcome = { status: "failed", error: error instanceof Error ? error.message.slice(0, 200) : "unknown error" };
      }
      summary[outcome.status] += 1;
      await writeTransaction(async (tx) => {
        await tx
          .update(clientNotices)
          .set({ status: outcome.status, finishedAt: now().toISOString(), error: outcome.error })
          .where(stillHeld(claim));
        if (outcome.status !== "skipped") await publish(tx, "settings", null);
      });
    }
    if (claimed.length < BATCH) break;
  }
  return summary;
}

const inFlight = new Set<Promise<unknown>>();

/** Sends the notices a write has just queued, without holding up its answer; a failure waits for the reminder loop. */
export function sendClientNoticesSoon(): void {
  const run = sendClientNotices()
    .catch((error: unknown) => {
      const reason = error instanceof Error ? error.message.slice(0, 200) : "unknown error";
      console.error(`Client notices could not be sent now: ${reason}; the reminder loop will try again.`);
    })
    .finally(() => inFlight.delete(run));
  inFlight.add(run);
}

/** Resolves once the sends started by `sendClientNoticesSoon` have finished (graceful shutdown, tests). */
export async function noticesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
