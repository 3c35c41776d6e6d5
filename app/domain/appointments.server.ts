// Appointments: the calendar's data and its writes. A stylist sees and books only their
// own column; display accounts only look. Every write goes through the checked writes of
// `appointment-writes.server.ts`, which apply the one rule chain (decision 0090) and the
// write in one immediate transaction, so concurrent requests cannot both pass the check,
// and append the history entry in that transaction too (decision 0085). Repeat bookings
// live in `appointment-series.server.ts` (decision 0087).
import { and, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { sendQueuedEmailsSoon, type UndoOfMove } from "./email-notices.server";
import { appointments } from "#db/schema";
import type { SeriesScope } from "~/lib/schemas/appointments";
import { addDays, dayBounds, isCalendarDate, todayInZone, type CalendarDate } from "~/lib/salon-time";
import type { Page, PageRequest } from "~/lib/paging";
import { parseOnlineDetails, type OnlineDetails } from "~/lib/online-details";
import { assertCan, type Actor } from "./access.server";
import { assertOverrideAllowed, salonRules } from "./appointment-rules.server";
import { followingOwned, seriesChange, updateFollowing } from "./appointment-series.server";
import { overlapping, selectViews, toView, type AppointmentView } from "./appointment-views.server";
import {
  assertNotRequestedByHand,
  assertStylistAllowed,
  deleteChecked,
  insertChecked,
  loadOwned,
  moveChecked,
  resolveWrite,
  updateChecked,
  writeOf,
  type AppointmentWrite,
  type ReusedClient,
  type SavedAppointment,
} from "./appointment-writes.server";
import { Invalid, NotFound } from "./errors";
import { can } from "./permissions";
import { getGlobalSettings, readSettingsWithSecret } from "./settings.server";
import { afterKey, cursorKey, pageOf, TextIdCursor } from "./paging.server";
import { stylistIdForUser } from "./stylists.server";

export type { AppointmentView } from "./appointment-views.server";
export type { AppointmentWrite, ReusedClient, SavedAppointment } from "./appointment-writes.server";

/** The stylist ids an actor may see, or null for all. */
export async function visibleStylistScope(actor: Actor): Promise<number[] | null> {
  if (can(actor.role, "stylists.viewAll")) return null;
  const own = await stylistIdForUser(actor.id);
  return own ? [own] : [];
}

type AppointmentFilter = { from?: Date; to?: Date; stylistId?: number };
/** A list's bounds as asked in `/api`: each a salon date (a whole day, `to` inclusive) or an exact instant. */
type AppointmentListQuery = { from?: string; to?: string; stylistId?: number };

/** A bound as asked: a salon date stands for its whole day in the salon's zone (`from` its start, `to` its end); anything else is an instant. */
async function salonBound(value: string | undefined, edge: "start" | "end"): Promise<Date | undefined> {
  if (!value) return undefined;
  if (!isCalendarDate(value)) return new Date(value);
  const { timeZone } = await getGlobalSettings();
  const bounds = dayBounds(value, timeZone);
  return edge === "start" ? bounds.start : bounds.end;
}

/** `GET /api/appointments` never spans more than this (decision 0066). */
export const MAX_RANGE_DAYS = 92;
/** The default window starts this many days before today (and ends at the booking advance limit). */
const DEFAULT_WINDOW_DAYS_BACK = 7;
const DAY_MS = 86_400_000;
// A range of 92 salon days is 92 × 24 h give or take a clock change.
const MAX_RANGE_MS = MAX_RANGE_DAYS * DAY_MS + 3_600_000;
const RANGE_TOO_LONG = `The range from 'from' to 'to' must be at most ${MAX_RANGE_DAYS} days; ask for longer periods in several requests.`;

/**
 * The window a list of appointments covers: as asked, or (no `from` and no `to`) from 7 days
 * before the salon's today to the booking advance limit ahead, at most 92 days; one bound
 * alone reaches 92 days from it. Longer or reversed ranges are refused.
 */
async function appointmentWindow(
  filter: Pick<AppointmentFilter, "from" | "to">,
  now = new Date(),
): Promise<{ from: Date; to: Date }> {
  let { from, to } = filter;
  if (!from && !to) {
    const { timeZone, bookingAdvanceLimit } = await readSettingsWithSecret();
    const today = todayInZone(timeZone, now);
    const first = addDays(today, -DEFAULT_WINDOW_DAYS_BACK);
    const last = addDays(today, Math.min(bookingAdvanceLimit, MAX_RANGE_DAYS - 1 - DEFAULT_WINDOW_DAYS_BACK));
    return { from: dayBounds(first, timeZone).start, to: dayBounds(last, timeZone).end };
  }
  from ??= new Date(to!.getTime() - MAX_RANGE_DAYS * DAY_MS);
  to ??= new Date(from.getTime() + MAX_RANGE_DAYS * DAY_MS);
  if (to.getTime() <= from.getTime()) throw new Invalid("'to' must be after 'from'.", { to: ["Must be after 'from'"] });
  if (to.getTime() - from.getTime() > MAX_RANGE_MS) throw new Invalid(RANGE_TOO_LONG, { to: [RANGE_TOO_LONG] });
  return { from, to };
}

/** A page of appointment views matching the conditions, keyset-paged on (start time, id). */
async function viewsPage(
  actor: Actor,
  conditions: (SQL | undefined)[],
  page: PageRequest,
  direction: "asc" | "desc" = "asc",
): Promise<Page<AppointmentView>> {
  const rows = await selectViews(db, and(...conditions), direction).limit(page.limit + 1);
  return pageOf(
    rows,
    page,
    (row) => [row.startTime, row.id],
    (row) => toView(actor, row),
  );
}

/**
 * A page of the appointments overlapping the window (see `appointmentWindow`) that the
 * actor may see, by start time then id, keyset-paged on that order.
 */
export async function listAppointments(
  actor: Actor,
  query: AppointmentListQuery,
  page: PageRequest,
): Promise<Page<AppointmentView>> {
  assertCan(actor, "calendar.view");
  const scope = await visibleStylistScope(actor);
  const filter: AppointmentFilter = {
    from: await salonBound(query.from, "start"),
    to: await salonBound(query.to, "end"),
    stylistId: query.stylistId,
  };
  const window = await appointmentWindow(filter);
  const after = cursorKey(page.after, TextIdCursor);
  const conditions: (SQL | undefined)[] = [
    overlapping(window.from, window.to),
    afterKey(appointments.startTime, appointments.id, after),
  ];
  if (scope) conditions.push(scope.length ? inArray(appointments.stylistId, scope) : sql`0`);
  if (filter.stylistId) conditions.push(eq(appointments.stylistId, filter.stylistId));
  return viewsPage(actor, conditions, page);
}

export async function getAppointment(actor: Actor, id: number): Promise<AppointmentView> {
  assertCan(actor, "calendar.view");
  const [row] = await selectViews(db, eq(appointments.id, id)).limit(1);
  if (!row) throw new NotFound("Appointment not found.");
  const scope = await visibleStylistScope(actor);
  // Someone else's appointment is "not found", as a missing one is: no existence oracle.
  if (scope && !scope.includes(row.stylistId)) throw new NotFound("Appointment not found.");
  return toView(actor, row);
}

/**
 * What the client typed on the booking page that differs from their record (an online
 * booking by a known client), for staff who may see contact details; null otherwise.
 */
export async function onlineDetailsOf(actor: Actor, id: number): Promise<OnlineDetails | null> {
  await getAppointment(actor, id);
  if (!can(actor.role, "clients.contact")) return null;
  const [row] = await db
    .select({ onlineDetails: appointments.onlineDetails })
    .from(appointments)
    .where(eq(appointments.id, id))
    .limit(1);
  return parseOnlineDetails(row?.onlineDetails);
}

/**
 * The next appointments from now, soonest first (SPEC: the Upcoming panel shows 3; 'View
 * All' pages through the rest with `after`); `clientId` keeps one client's (the calendar
 * header's client search).
 */
export async function upcomingAppointmentsPage(
  actor: Actor,
  page: PageRequest,
  { clientId }: { clientId?: number } = {},
): Promise<Page<AppointmentView>> {
  assertCan(actor, "calendar.view");
  const scope = await visibleStylistScope(actor);
  const now = new Date().toISOString();
  const after = cursorKey(page.after, TextIdCursor);
  const conditions = [
    gt(appointments.startTime, now),
    ne(appointments.status, "cancelled"),
    afterKey(appointments.startTime, appointments.id, after),
  ];
  if (scope) conditions.push(scope.length ? inArray(appointments.stylistId, scope) : sql`0`);
  if (clientId) conditions.push(eq(appointments.clientId, clientId));
  return viewsPage(actor, conditions, page);
}

/**
 * A page of one client's appointments that the actor may see (a stylist: their own column),
 * every status: "upcoming" (not started yet) soonest first, "past" (started) latest first.
 * Walks the (client, start time) index from the cursor (the client profile, decision 0084).
 */
export async function clientAppointmentsPage(
  actor: Actor,
  clientId: number,
  when: "upcoming" | "past",
  page: PageRequest,
  now = new Date(),
): Promise<Page<AppointmentView>> {
  assertCan(actor, "clients.profile");
  const scope = await visibleStylistScope(actor);
  const direction = when === "upcoming" ? "asc" : "desc";
  const after = cursorKey(page.after, TextIdCursor);
  const conditions = [
    eq(appointments.clientId, clientId),
    when === "upcoming"
      ? gt(appointments.startTime, now.toISOString())
      : lte(appointments.startTime, now.toISOString()),
    afterKey(appointments.startTime, appointments.id, after, direction),
  ];
  if (scope) conditions.push(scope.length ? inArray(appointments.stylistId, scope) : sql`0`);
  return viewsPage(actor, conditions, page, direction);
}

/** The first `limit` upcoming appointments (the calendar's side panel). */
export async function upcomingAppointments(actor: Actor, limit: number): Promise<AppointmentView[]> {
  return (await upcomingAppointmentsPage(actor, { limit, after: null })).items;
}

export type DashboardStats = { totalAppointments: number; revenue: number; pending: number };

/**
 * Today's Summary for a salon date: appointments that day (blocked time and cancellations
 * excluded), revenue of the completed ones at their booked price, and those still scheduled.
 */
export async function dashboardStats(actor: Actor, date: CalendarDate): Promise<DashboardStats> {
  assertCan(actor, "calendar.view");
  const { timeZone } = await getGlobalSettings();
  const { start, end } = dayBounds(date, timeZone);
  const scope = await visibleStylistScope(actor);
  const conditions = [gte(appointments.startTime, start.toISOString()), lt(appointments.startTime, end.toISOString())];
  if (scope) conditions.push(scope.length ? inArray(appointments.stylistId, scope) : sql`0`);
  const [row] = await db
    .select({
      total: sql<number>`coalesce(sum(case when ${appointments.status} in ('scheduled', 'completed') then 1 else 0 end), 0)`,
      revenue: sql<number>`coalesce(sum(case when ${appointments.status} = 'completed' then ${appointments.price} else 0 end), 0)`,
      pending: sql<number>`coalesce(sum(case when ${appointments.status} = 'scheduled' then 1 else 0 end), 0)`,
    })
    .from(appointments)
    .where(and(...conditions));
  return {
    totalAppointments: Number(row?.total ?? 0),
    revenue: Number(row?.revenue ?? 0),
    pending: Number(row?.pending ?? 0),
  };
}

// ---- writes ----

export async function createAppointment(actor: Actor, input: AppointmentWrite): Promise<SavedAppointment> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  assertNotRequestedByHand(input.status, null);
  const salon = await salonRules();
  const { id, reusedClient } = await writeTransaction(async (tx) => {
    await assertStylistAllowed(tx, actor, input.stylistId);
    const resolved = await resolveWrite(tx, actor, input, null);
    return { id: await insertChecked(tx, actor, input, resolved, salon), reusedClient: resolved.reusedClient };
  });
  sendQueuedEmailsSoon();
  return withReused(await getAppointment(actor, id), reusedClient);
}

function withReused(view: AppointmentView, reusedClient: ReusedClient | null): SavedAppointment {
  return reusedClient ? { ...view, reusedClient } : view;
}

export async function updateAppointment(
  actor: Actor,
  id: number,
  input: AppointmentWrite,
  scope: SeriesScope = "this",
): Promise<SavedAppointment> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  const salon = await salonRules();
  const reusedClient = await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    assertNotRequestedByHand(input.status, existing.status);
    // Every occurrence affected must be the actor's before anything changes.
    const following = scope === "following" ? await followingOwned(tx, actor, existing) : [];
    const resolved = await updateChecked(tx, actor, existing, input, salon);
    if (following.length) {
      await updateFollowing(tx, actor, following, salon, (row) =>
        seriesChange(
          existing,
          {
            ...input,
            clientId: resolved.clientId,
            serviceId: resolved.serviceId,
            start: resolved.start,
            end: resolved.end,
          },
          row,
          salon.timeZone,
        ),
      );
    }
    return resolved.reusedClient;
  });
  sendQueuedEmailsSoon();
  return withReused(await getAppointment(actor, id), reusedClient);
}

/**
 * A drag-and-drop move: new start (and stylist); the length stays unless an end is given.
 * The calendar's drag moves only that occurrence of a series; `/api` may ask for "following".
 */
export async function moveAppointment(
  actor: Actor,
  id: number,
  move: {
    start: Date;
    end?: Date;
    stylistId?: number;
    notifyClient?: boolean;
    patchTestConfirmed?: boolean;
    overrideReason?: string | null;
    undo?: UndoOfMove;
  },
  scope: SeriesScope = "this",
): Promise<AppointmentView> {
  assertCan(actor, "appointments.write");
  const salon = await salonRules();
  await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    if (existing.status === "blocked")
      throw new Invalid("Blocked time cannot be moved by dragging. Open it to change it.");
    const following = scope === "following" ? await followingOwned(tx, actor, existing) : [];
    const stylistId = move.stylistId ?? existing.stylistId;
    const length = new Date(existing.endTime).getTime() - new Date(existing.startTime).getTime();
    const end = move.end ?? new Date(move.start.getTime() + length);
    await moveChecked(
      tx,
      actor,
      existing,
      {
        stylistId,
        start: move.start,
        end,
        notifyClient: move.notifyClient,
        patchTestConfirmed: move.patchTestConfirmed,
        overrideReason: move.overrideReason,
        undo: move.undo,
      },
      salon,
    );
    if (following.length) {
      await updateFollowing(tx, actor, following, salon, (row) =>
        seriesChange(
          existing,
          { ...writeOf(existing), stylistId, start: move.start, end, notifyClient: move.notifyClient },
          row,
          salon.timeZone,
        ),
      );
    }
  });
  sendQueuedEmailsSoon();
  return getAppointment(actor, id);
}

/** Deletes the appointment (and with "following" the rest of its series); answers how many were deleted. */
export async function deleteAppointment(actor: Actor, id: number, scope: SeriesScope = "this"): Promise<number> {
  assertCan(actor, "appointments.write");
  return writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    const following = scope === "following" ? await followingOwned(tx, actor, existing) : [];
    for (const row of [existing, ...following]) await deleteChecked(tx, actor, row);
    return 1 + following.length;
  });
}
