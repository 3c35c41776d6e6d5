// The queue of messages to clients about their bookings, by text and by e-mail (decisions
// 0103, 0108). A message is a row of `client_notices`, added in the transaction of the
// write that calls for it (so a refused write queues nothing). Before anything is sent the
// row is claimed in a write transaction (BEGIN IMMEDIATE) for a lease, so two server
// processes never send one message twice; the outcome is recorded only while the claim is
// still its process's. Each channel's sender decides what a claim whose lease ran out means.
import { hostname } from "node:os";
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { writeTransaction, type Executor } from "#db/client.server";
import type { ClientNoticeKind, NoticeChannel } from "#db/enums";
import { clientNotices } from "#db/schema";
import type { SendOutcome } from "./email.server";
import { publish } from "./events.server";

/** This process, as the claimant written on the rows it takes. */
export const noticeWorker = `${hostname()}:${process.pid}`;
/** A claim is its process's for this long: far longer than one send with its retries or time-outs. */
export const NOTICE_LEASE_MS = 10 * 60_000;

/**
 * Adds a message to send, unclaimed and due at `at`. One per appointment (or, for a
 * receipt, sale), channel, kind and key: a second is a no-op (null).
 */
export async function insertNotice(
  executor: Executor,
  notice: { appointmentId: number; channel: NoticeChannel; kind: ClientNoticeKind; key: string } | SaleNotice,
  at: Date,
): Promise<number | null> {
  const [row] = await executor
    .insert(clientNotices)
    .values({
      ...notice,
      status: "sending",
      claimedBy: "",
      claimedAt: at.toISOString(),
      nextAttemptAt: at.toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: clientNotices.id });
  return row?.id ?? null;
}

/** A message about a sale (a receipt): it names the sale, not an appointment. */
export type SaleNotice = { saleId: number; channel: NoticeChannel; kind: ClientNoticeKind; key: string };

export type NoticeClaim = {
  id: number;
  /** The booking the message is about; for a receipt, its sale instead (and 0 here). */
  appointmentId: number;
  saleId: number | null;
  kind: ClientNoticeKind;
  key: string;
  /** Attempts so far, this one included. */
  attempts: number;
  leaseUntil: string;
  /** When a claim whose lease ran out was made: its process stopped, and may have sent it. Null for a fresh row. */
  takenOver: string | null;
};

/**
 * Claims up to `limit` due messages of one channel for this process, in one write
 * transaction: unclaimed rows, and claims whose lease ran out (their process stopped).
 */
export async function claimDueNotices(channel: NoticeChannel, at: Date, limit: number): Promise<NoticeClaim[]> {
  return writeTransaction(async (tx) => {
    const due = await tx
      .select({
        id: clientNotices.id,
        appointmentId: clientNotices.appointmentId,
        saleId: clientNotices.saleId,
        kind: clientNotices.kind,
        key: clientNotices.key,
        attempts: clientNotices.attempts,
        claimedBy: clientNotices.claimedBy,
        claimedAt: clientNotices.claimedAt,
      })
      .from(clientNotices)
      .where(
        and(
          eq(clientNotices.channel, channel),
          eq(clientNotices.status, "sending"),
          lte(clientNotices.nextAttemptAt, at.toISOString()),
        ),
      )
      .orderBy(asc(clientNotices.nextAttemptAt), asc(clientNotices.id))
      .limit(limit);
    if (due.length === 0) return [];
    const leaseUntil = new Date(at.getTime() + NOTICE_LEASE_MS).toISOString();
    await tx
      .update(clientNotices)
      .set({
        claimedBy: noticeWorker,
        claimedAt: at.toISOString(),
        nextAttemptAt: leaseUntil,
        attempts: sql`${clientNotices.attempts} + 1`,
      })
      .where(
        inArray(
          clientNotices.id,
          due.map((row) => row.id),
        ),
      );
    return due.map(({ claimedBy, claimedAt, attempts, appointmentId, ...row }) => ({
      ...row,
      appointmentId: appointmentId ?? 0,
      attempts: attempts + 1,
      leaseUntil,
      takenOver: claimedBy ? claimedAt : null,
    }));
  });
}

/** The claim is still this process's (its lease was not taken over): an outcome is written only under this condition. */
export function stillHeld(claim: Pick<NoticeClaim, "id" | "leaseUntil">): SQL {
  return and(
    eq(clientNotices.id, claim.id),
    eq(clientNotices.claimedBy, noticeWorker),
    eq(clientNotices.nextAttemptAt, claim.leaseUntil),
  )!;
}

/**
 * Records a claimed e-mail's outcome, while the claim is still this process's: "retrying"
 * hands the row back to be claimed again after `retryDelayMs`; anything else finishes it.
 */
export async function recordEmailOutcome(
  tx: Executor,
  held: SQL,
  result: "sent" | "retrying" | "failed",
  outcome: SendOutcome,
  at: Date,
  retryDelayMs: number | undefined,
) {
  const error = outcome.ok ? null : outcome.error;
  await tx
    .update(clientNotices)
    .set(
      result === "retrying"
        ? { claimedBy: "", nextAttemptAt: new Date(at.getTime() + (retryDelayMs ?? 0)).toISOString(), error }
        : { status: result, finishedAt: at.toISOString(), nextAttemptAt: null, error },
    )
    .where(held);
  await publish(tx, "settings", null);
}
