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
import type { RequestAnswer } from "~/lib/schemas/online";
import { dateInZone, formatClockTime, formatShortDate, timeInZone } from "~/lib/salon-time";
import { assertCan, type Actor } from "./access.server";
import { salonRules } from "./appointment-rules.server";
import { selectViews, toView, type AppointmentView } from "./appointment-views.server";
import { loadOwned, updateChecked, writeOf } from "./appointment-writes.server";
import { visibleStylistScope } from "./appointments.server";
import { queueClientNotice, sendClientNoticesSoon } from "./client-notices.server";
import { Conflict } from "./errors";
import { can } from "./permissions";
import { readSettingsWithSecret } from "./settings.server";
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

/** The navigation's Requests entry: shown while online booking is on or requests wait, with their count. */
export async function requestsNav(actor: Actor): Promise<{ shown: boolean; count: number }> {
  if (!can(actor.role, "online.requests")) return { shown: false, count: 0 };
  const [settings, total] = await Promise.all([readSettingsWithSecret(), countRequests(actor)]);
  return { shown: settings.onlineBookingEnabled || total > 0, count: total };
}

/** How many of the newest appointments are looked at for the latest online booking (a short scan of the primary key). */
const RECENT_WINDOW = 200;

export type LatestOnlineBooking = { id: number; requested: boolean; what: string };

/**
 * The newest online booking the actor sees, among the latest appointments made: the shell
 * shows a toast when a live update brings a newer one than the page had.
 */
export async function latestOnlineBooking(actor: Actor): Promise<LatestOnlineBooking | null> {
  if (!can(actor.role, "calendar.view")) return null;
  const scope = await visibleStylistScope(actor);
  if (scope?.length === 0) return null;
  const [rows, settings] = await Promise.all([
    db.all<{ id: number; status: string; start: string; service: string | null; stylist: string | null }>(sql`
      select a.id, a.status, a.start_time as start, s.name as service, st.name as stylist
      from (select id, status, start_time, service_id, stylist_id, source from appointments order by id desc limit ${RECENT_WINDOW}) a
      left join services s on s.id = a.service_id
      left join stylists st on st.id = a.stylist_id
      where a.source = 'online' ${scope ? sql`and a.stylist_id in ${scope}` : sql``}
      order by a.id desc limit 1`),
    readSettingsWithSecret(),
  ]);
  const row = rows[0];
  if (!row) return null;
  const when = `${formatShortDate(dateInZone(row.start, settings.timeZone))} at ${formatClockTime(timeInZone(row.start, settings.timeZone), settings.clockFormat)}`;
  return {
    id: row.id,
    requested: row.status === "requested",
    what: `${row.service ?? "A booking"} with ${row.stylist ?? "a stylist"}, ${when}`,
  };
}
