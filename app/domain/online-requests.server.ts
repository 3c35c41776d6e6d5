// Online booking requests (decision 0105): with the salon's approval switch on, a client's
// online booking arrives as `requested` and holds its slot until staff answer. Accept makes
// it `scheduled`, Decline `cancelled`; each answer is one checked write (the rule chain,
// history, a live update) in one transaction, which also queues the client's notice, so an
// answer and its message cannot part. Administrators answer every request, a stylist those
// in their own column (another's is "not found", as elsewhere).
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { appointments } from "#db/schema";
import type { Page, PageRequest } from "~/lib/paging";
import { assertCan, type Actor } from "./access.server";
import { salonRules } from "./appointment-rules.server";
import { selectViews, toView, type AppointmentView } from "./appointment-views.server";
import { loadOwned, updateChecked, writeOf } from "./appointment-writes.server";
import { visibleStylistScope } from "./appointments.server";
import { queueClientNotice, sendClientNoticesSoon } from "./client-notices.server";
import { Conflict } from "./errors";
import { afterKey, cursorKey, pageOf, TextIdCursor } from "./paging.server";

export const REQUEST_ANSWERED = "This request has already been answered.";
export const REQUEST_PASSED = "This request's time has passed: decline it, or book the client another time.";

async function requestScope(actor: Actor) {
  assertCan(actor, "online.requests");
  const scope = await visibleStylistScope(actor);
  const requested = eq(appointments.status, "requested");
  if (!scope) return requested;
  return scope.length ? and(requested, inArray(appointments.stylistId, scope)) : sql`0`;
}

/** The requests awaiting an answer that the actor may answer, soonest first, keyset-paged on (start, id). */
export async function listRequests(actor: Actor, page: PageRequest): Promise<Page<AppointmentView>> {
  const scope = await requestScope(actor);
  const after = cursorKey(page.after, TextIdCursor);
  const rows = await selectViews(db, and(scope, afterKey(appointments.startTime, appointments.id, after))).limit(
    page.limit + 1,
  );
  return pageOf(
    rows,
    page,
    (row) => [row.startTime, row.id],
    (row) => toView(actor, row),
  );
}

/** How many requests await the actor's answer (the navigation's badge). */
export async function countRequests(actor: Actor): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(appointments)
    .where(await requestScope(actor));
  return Number(row?.total ?? 0);
}

export type RequestAnswer = "accept" | "decline";

/** Accepts (→ scheduled) or declines (→ cancelled) a request, and tells the client. */
export async function answerRequest(
  actor: Actor,
  id: number,
  answer: RequestAnswer,
  now = new Date(),
): Promise<AppointmentView> {
  assertCan(actor, "online.requests");
  const salon = await salonRules();
  const queued = await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    if (existing.status !== "requested") throw new Conflict(REQUEST_ANSWERED);
    if (answer === "accept" && existing.startTime <= now.toISOString()) throw new Conflict(REQUEST_PASSED);
    const status = answer === "accept" ? "scheduled" : "cancelled";
    await updateChecked(tx, actor, existing, { ...writeOf(existing), status }, salon);
    // A declined request is not the client's cancellation, late or not.
    if (status === "cancelled")
      await tx.update(appointments).set({ lateCancellation: false }).where(eq(appointments.id, id));
    return queueClientNotice(tx, id, answer === "accept" ? "accepted" : "declined", existing.startTime);
  });
  if (queued !== null) sendClientNoticesSoon();
  const [row] = await selectViews(db, eq(appointments.id, id)).limit(1);
  return toView(actor, row!);
}

export const acceptRequest = (actor: Actor, id: number, now?: Date) => answerRequest(actor, id, "accept", now);
export const declineRequest = (actor: Actor, id: number, now?: Date) => answerRequest(actor, id, "decline", now);
