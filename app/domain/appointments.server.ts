// Appointments: the calendar's data and its rules. A stylist sees and books only their
// own column; display accounts only look. Two appointments of one stylist never overlap
// (blocked time counts, cancelled does not): the check and the write share one
// immediate transaction, so concurrent requests cannot both pass the check. Every write
// appends its history entry in that transaction too (decision 0085).
import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db, writeTransaction, type Executor, type Transaction } from "#db/client.server";
import { storedCountry } from "#db/phone-numbers";
import type { ClockFormat } from "#db/enums";
import { appointments, clients, services, stylists, type AppointmentStatus } from "#db/schema";
import { GRID_END_MINUTES, GRID_START_MINUTES, minutesToClock, roundDuration } from "~/lib/calendar";
import { MAX_OCCURRENCES, MAX_SPAN_MINUTES, type OccurrencePreview, type RefusedOccurrence, type Repeat, type SeriesScope } from "~/lib/schemas/appointments";
import { addDays, dateInZone, daysBetween, formatClockTime, formatLongDate, timeInZone, dayBounds, todayInZone, wallClock, zonedToUtc, type CalendarDate } from "~/lib/salon-time";
import type { Page, PageRequest } from "~/lib/paging";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { recordAppointmentChange, REDACTED } from "./appointment-history.server";
import { clientFor, clientKeys, createClientRecord, findClientByKeys, type ClientFor, type ClientSummary } from "./clients.server";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors";
import { can } from "./permissions";
import { availabilityConflict } from "./availability.server";
import { bookingTerms } from "./pricing.server";
import { SERVICE_INACTIVE } from "./services.server";
import { getBookingRules, getGlobalSettings, readSettingsWithSecret } from "./settings.server";
import { afterKey, cursorKey, pageOf, TextIdCursor } from "./paging.server";
import { stylistIdForUser } from "./stylists.server";

export type AppointmentView = {
  id: number;
  clientId: number | null;
  stylistId: number;
  serviceId: number | null;
  startTime: string;
  endTime: string;
  status: AppointmentStatus;
  notes: string | null;
  price: number;
  availabilityOverride: boolean;
  /** The repeat booking it belongs to (decision 0087), or null. */
  seriesId: string | null;
  /** Cancelled inside the salon's cancellation notice. */
  lateCancellation: boolean;
  /** Phone and e-mail only for those who may see clients' contact details. */
  client: ClientFor<ClientSummary> | null;
  stylist: { id: number; name: string };
  service: { id: number; name: string; price: number; category: string; color: string | null } | null;
};

const MAX_LOOKBACK_MS = MAX_SPAN_MINUTES * 60_000;
const stylistTable = alias(stylists, "stylist");

const viewColumns = {
  id: appointments.id,
  clientId: appointments.clientId,
  stylistId: appointments.stylistId,
  serviceId: appointments.serviceId,
  startTime: appointments.startTime,
  endTime: appointments.endTime,
  status: appointments.status,
  notes: appointments.notes,
  price: appointments.price,
  availabilityOverride: appointments.availabilityOverride,
  seriesId: appointments.seriesId,
  lateCancellation: appointments.lateCancellation,
  clientName: clients.name,
  clientPhone: clients.phone,
  clientEmail: clients.email,
  stylistName: stylistTable.name,
  serviceName: services.name,
  servicePrice: services.price,
  serviceCategory: services.category,
  serviceColor: services.color,
};

type ViewRow = Awaited<ReturnType<typeof selectViews>>[number];

function toView(actor: Actor, row: ViewRow): AppointmentView {
  return {
    id: row.id,
    clientId: row.clientId,
    stylistId: row.stylistId,
    serviceId: row.serviceId,
    startTime: row.startTime,
    endTime: row.endTime,
    status: row.status,
    notes: row.notes,
    price: row.price,
    availabilityOverride: row.availabilityOverride,
    seriesId: row.seriesId,
    lateCancellation: row.lateCancellation,
    client: row.clientId !== null && row.clientName !== null ? clientFor(actor, { id: row.clientId, name: row.clientName, phone: row.clientPhone ?? "", email: row.clientEmail }) : null,
    stylist: { id: row.stylistId, name: row.stylistName ?? "" },
    service:
      row.serviceId !== null && row.serviceName !== null
        ? { id: row.serviceId, name: row.serviceName, price: row.servicePrice ?? 0, category: row.serviceCategory ?? "", color: row.serviceColor }
        : null,
  };
}

function selectViews(executor: Executor, where: SQL | undefined, direction: "asc" | "desc" = "asc") {
  const order = direction === "asc" ? asc : desc;
  return executor
    .select(viewColumns)
    .from(appointments)
    .innerJoin(stylistTable, eq(stylistTable.id, appointments.stylistId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where)
    .orderBy(order(appointments.startTime), order(appointments.id));
}

/** Appointments overlapping [from, to), using the (stylist, start) and (start) indexes. */
function overlapping(from: Date, to: Date): SQL {
  return and(gte(appointments.startTime, new Date(from.getTime() - MAX_LOOKBACK_MS).toISOString()), lt(appointments.startTime, to.toISOString()), gt(appointments.endTime, from.toISOString()))!;
}

/** The stylist ids an actor may see, or null for all. */
export async function visibleStylistScope(actor: Actor): Promise<number[] | null> {
  if (can(actor.role, "stylists.viewAll")) return null;
  const own = await stylistIdForUser(actor.id);
  return own ? [own] : [];
}

export type AppointmentFilter = { from?: Date; to?: Date; stylistId?: number };

/** `GET /api/appointments` never spans more than this (decision 0066). */
export const MAX_RANGE_DAYS = 92;
/** The default window starts this many days before today (and ends at the booking advance limit). */
export const DEFAULT_WINDOW_DAYS_BACK = 7;
const DAY_MS = 86_400_000;
// A range of 92 salon days is 92 × 24 h give or take a clock change.
const MAX_RANGE_MS = MAX_RANGE_DAYS * DAY_MS + 3_600_000;
export const RANGE_TOO_LONG = `The range from 'from' to 'to' must be at most ${MAX_RANGE_DAYS} days; ask for longer periods in several requests.`;

/**
 * The window a list of appointments covers: as asked, or (no `from` and no `to`) from 7 days
 * before the salon's today to the booking advance limit ahead, at most 92 days; one bound
 * alone reaches 92 days from it. Longer or reversed ranges are refused.
 */
export async function appointmentWindow(filter: Pick<AppointmentFilter, "from" | "to">, now = new Date()): Promise<{ from: Date; to: Date }> {
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
async function viewsPage(actor: Actor, conditions: (SQL | undefined)[], page: PageRequest, direction: "asc" | "desc" = "asc"): Promise<Page<AppointmentView>> {
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
export async function listAppointments(actor: Actor, filter: AppointmentFilter, page: PageRequest): Promise<Page<AppointmentView>> {
  assertCan(actor, "calendar.view");
  const scope = await visibleStylistScope(actor);
  const window = await appointmentWindow(filter);
  const after = cursorKey(page.after, TextIdCursor);
  const conditions: (SQL | undefined)[] = [overlapping(window.from, window.to), afterKey(appointments.startTime, appointments.id, after)];
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
 * The next appointments from now, soonest first (SPEC: the Upcoming panel shows 3; 'View
 * All' pages through the rest with `after`); `clientId` keeps one client's (the calendar
 * header's client search).
 */
export async function upcomingAppointmentsPage(actor: Actor, page: PageRequest, { clientId }: { clientId?: number } = {}): Promise<Page<AppointmentView>> {
  assertCan(actor, "calendar.view");
  const scope = await visibleStylistScope(actor);
  const now = new Date().toISOString();
  const after = cursorKey(page.after, TextIdCursor);
  const conditions = [gt(appointments.startTime, now), ne(appointments.status, "cancelled"), afterKey(appointments.startTime, appointments.id, after)];
  if (scope) conditions.push(scope.length ? inArray(appointments.stylistId, scope) : sql`0`);
  if (clientId) conditions.push(eq(appointments.clientId, clientId));
  return viewsPage(actor, conditions, page);
}

/**
 * A page of one client's appointments that the actor may see (a stylist: their own column),
 * every status: "upcoming" (not started yet) soonest first, "past" (started) latest first.
 * Walks the (client, start time) index from the cursor (the client profile, decision 0084).
 */
export async function clientAppointmentsPage(actor: Actor, clientId: number, when: "upcoming" | "past", page: PageRequest, now = new Date()): Promise<Page<AppointmentView>> {
  assertCan(actor, "clients.profile");
  const scope = await visibleStylistScope(actor);
  const direction = when === "upcoming" ? "asc" : "desc";
  const after = cursorKey(page.after, TextIdCursor);
  const conditions = [
    eq(appointments.clientId, clientId),
    when === "upcoming" ? gt(appointments.startTime, now.toISOString()) : lte(appointments.startTime, now.toISOString()),
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
  return { totalAppointments: Number(row?.total ?? 0), revenue: Number(row?.revenue ?? 0), pending: Number(row?.pending ?? 0) };
}

// ---- writes ----

export type AppointmentWrite = {
  clientId?: number | null;
  /** Creates the client in the same transaction (a booking for someone new). */
  newClient?: { name: string; phone: string; email: string | null };
  stylistId: number;
  serviceId?: number | null;
  start: Date;
  /** Either an end or a duration; with neither, the service's (or stylist's) duration. */
  end?: Date;
  durationMinutes?: number;
  status: AppointmentStatus;
  notes: string | null;
  availabilityOverride?: boolean;
};

async function assertStylistAllowed(executor: Executor, actor: Actor, stylistId: number) {
  const [stylist] = await executor.select({ id: stylists.id, userId: stylists.userId, isActive: stylists.isActive }).from(stylists).where(eq(stylists.id, stylistId)).limit(1);
  if (!stylist || !stylist.isActive) throw new Invalid("Stylist not found", { stylistId: ["Stylist not found"] });
  if (!can(actor.role, "stylists.viewAll") && stylist.userId !== actor.id) throw new Forbidden("You can only book appointments in your own column.");
}

function describe(
  clash: { status: string; notes: string | null; clientName: string | null; serviceName: string | null; startTime: string; endTime: string; stylistName: string },
  { timeZone, clock }: SalonClock,
) {
  const from = formatClockTime(timeInZone(clash.startTime, timeZone), clock);
  const to = formatClockTime(timeInZone(clash.endTime, timeZone), clock);
  const what = clash.status === "blocked" ? `blocked time (${clash.notes || "Unavailable"})` : `${clash.clientName ?? "an appointment"}${clash.serviceName ? ` (${clash.serviceName})` : ""}`;
  return `${clash.stylistName} already has ${what} from ${from} to ${to}.`;
}

/** Refuses a span that overlaps another live appointment of the same stylist. */
async function assertNoOverlap(executor: Executor, stylistId: number, start: Date, end: Date, exceptId: number | null, salonClock: SalonClock) {
  const conditions = [eq(appointments.stylistId, stylistId), ne(appointments.status, "cancelled"), overlapping(start, end)];
  if (exceptId) conditions.push(ne(appointments.id, exceptId));
  const [clash] = await executor
    .select({
      status: appointments.status,
      notes: appointments.notes,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      clientName: clients.name,
      serviceName: services.name,
      stylistName: stylists.name,
    })
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startTime))
    .limit(1);
  if (clash) throw new Conflict(describe(clash, salonClock));
}

/** Appointments live on the grid: 07:00 to 23:00 salon time, within one day. */
function assertOnGrid(start: Date, end: Date, { timeZone, clock }: SalonClock) {
  if (end.getTime() <= start.getTime()) throw new Invalid("The end time must be after the start time.", { endTime: ["The end time must be after the start time."] });
  if (end.getTime() - start.getTime() > MAX_SPAN_MINUTES * 60_000) throw new Invalid("An appointment cannot last more than 24 hours.");
  const startTime = timeInZone(start, timeZone);
  const endDate = dateInZone(end, timeZone);
  const endTime = timeInZone(end, timeZone);
  const sameDay = dateInZone(start, timeZone) === endDate;
  const [first, last] = [minutesToClock(GRID_START_MINUTES), minutesToClock(GRID_END_MINUTES)];
  if (startTime < first || !sameDay || endTime > last) {
    const window = `${formatClockTime(first, clock)} and ${formatClockTime(last, clock)}`;
    throw new Invalid(`Appointments must start and end between ${window} on one day.`, { startTime: [`Choose a time between ${window}.`] });
  }
}

type Resolved = { clientId: number | null; reusedClient: ReusedClient | null; serviceId: number | null; price: number; start: Date; end: Date };

/** A booking typed for someone new whose phone or e-mail is already a client's books that client (decision 0060). */
export type ReusedClient = { id: number; name: string };
export type SavedAppointment = AppointmentView & { reusedClient?: ReusedClient };

async function bookingClient(executor: Executor, actor: Actor, newClient: NonNullable<AppointmentWrite["newClient"]>): Promise<{ id: number; reused: boolean; name: string }> {
  const existing = await findClientByKeys(executor, clientKeys(newClient, await storedCountry(executor)));
  if (existing) return { id: existing.id, name: existing.name, reused: true };
  const created = await createClientRecord(executor, actor, { ...newClient, consentType: "service" });
  return { id: created.id, name: created.name, reused: false };
}

async function resolveWrite(executor: Executor, actor: Actor, input: AppointmentWrite, existing: { serviceId: number | null; stylistId: number; price: number } | null): Promise<Resolved> {
  const blocked = input.status === "blocked";
  let clientId = blocked ? null : (input.clientId ?? null);
  let reusedClient: ReusedClient | null = null;
  if (!blocked && !clientId) {
    if (!input.newClient) throw new Invalid("Client name is required", { clientName: ["Client name is required"] });
    const client = await bookingClient(executor, actor, input.newClient);
    clientId = client.id;
    if (client.reused) reusedClient = { id: client.id, name: client.name };
  } else if (clientId) {
    const [client] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
    if (!client) throw new Invalid("Client not found", { clientId: ["Client not found"] });
  }

  const serviceId = input.serviceId ?? null;
  if (!blocked && !serviceId) throw new Invalid("Service is required", { serviceId: ["Service is required"] });
  if (blocked && serviceId) throw new Invalid(BLOCKED_NO_SERVICE, { serviceId: [BLOCKED_NO_SERVICE] });
  let price = existing?.price ?? 0;
  let duration = input.durationMinutes;
  if (serviceId) {
    const terms = await bookingTerms(executor, input.stylistId, serviceId);
    const serviceChanged = !existing || existing.serviceId !== serviceId || existing.stylistId !== input.stylistId;
    if (serviceChanged && !terms.isActive) throw new Invalid(SERVICE_INACTIVE, { serviceId: [SERVICE_INACTIVE] });
    // The price is fixed when the service is booked, so later price changes never rewrite history.
    if (serviceChanged) price = terms.price;
    duration ??= terms.duration;
  } else {
    price = 0;
  }
  const end = input.end ?? new Date(input.start.getTime() + roundDuration(duration ?? 60) * 60_000);
  return { clientId, reusedClient, serviceId, price, start: input.start, end };
}

async function loadOwned(executor: Executor, actor: Actor, id: number) {
  const [row] = await executor.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  if (!row) throw new NotFound("Appointment not found.");
  await assertStylistAllowed(executor, actor, row.stylistId).catch((error) => {
    if (error instanceof Invalid) return; // a retired stylist's history stays editable by admins
    // Another stylist's appointment is "not found", as a missing one is: no existence oracle.
    if (error instanceof Forbidden) throw new NotFound("Appointment not found.");
    throw error;
  });
  return row;
}

const OVERRIDE_HINT = " An administrator can still book it by ticking the override.";
export const BLOCKED_NO_SERVICE = "Blocked time carries no service: leave the service out.";
export const FUTURE_COMPLETED = "An appointment cannot be marked completed before it starts.";
export const FUTURE_NO_SHOW = "An appointment cannot be marked a no-show before it starts.";

/**
 * A completed appointment has started: one in the future cannot be marked completed
 * (decision 0063); nor can a client miss one that has not started yet (a no-show, decision 0082).
 */
function assertNotFutureCompleted(status: AppointmentStatus, start: Date, now: Date) {
  if (start.getTime() <= now.getTime()) return;
  if (status === "completed") throw new Invalid(FUTURE_COMPLETED, { status: [FUTURE_COMPLETED] });
  if (status === "no_show") throw new Invalid(FUTURE_NO_SHOW, { status: [FUTURE_NO_SHOW] });
}

/** The salon's zone, and its 12- or 24-hour clock for the times a refusal names. */
type SalonClock = { timeZone: string; clock: ClockFormat };
type Rules = SalonClock & { bookingAdvanceLimit: number; cancellationNotice: number };

/** The salon's clock and booking rules, read before a write's transaction. */
async function rulesForWrites(): Promise<Rules> {
  const [{ timeZone, clockFormat }, rules] = await Promise.all([getGlobalSettings(), getBookingRules()]);
  return { timeZone, clock: clockFormat, ...rules };
}

/** The last salon date a booking may start on: today plus the salon's booking advance limit (days). */
export function lastBookableDate(timeZone: string, advanceDays: number, now = new Date()): CalendarDate {
  return addDays(todayInZone(timeZone, now), advanceDays);
}

/**
 * The salon's booking advance limit binds every non-admin (decision 0062): a client booking
 * may start at most that many days ahead. Administrators are not limited; blocked time is
 * not a booking and is not limited either.
 */
function assertWithinAdvanceLimit(actor: Actor, status: AppointmentStatus, start: Date, { timeZone, bookingAdvanceLimit }: Rules) {
  if (actor.role === "admin" || status === "blocked") return;
  const last = lastBookableDate(timeZone, bookingAdvanceLimit);
  if (dateInZone(start, timeZone) > last) {
    throw new Invalid(`Appointments can be booked at most ${bookingAdvanceLimit} days ahead, so by ${formatLongDate(last)} at the latest. An administrator can book further ahead.`);
  }
}

/** Whether cancelling now, for an appointment starting at `start`, falls inside the salon's cancellation notice (decision 0063). */
function isLateCancellation(start: string, now: Date, { cancellationNotice }: Rules): boolean {
  return Date.parse(start) - now.getTime() < cancellationNotice * 3_600_000;
}

/**
 * Bookings go inside the stylist's working hours and outside their time off, unless an
 * admin overrides (recorded on the appointment). Blocked and cancelled entries occupy no
 * working time, so they are not checked.
 */
async function assertAvailable(executor: Executor, status: AppointmentStatus, override: boolean, stylistId: number, start: Date, end: Date, { timeZone, clock }: SalonClock) {
  if (override || status === "blocked" || status === "cancelled") return;
  const reason = await availabilityConflict(executor, stylistId, start, end, timeZone, clock);
  if (reason) throw new Conflict(`${reason}${OVERRIDE_HINT}`);
}

function assertOverrideAllowed(actor: Actor, input: AppointmentWrite) {
  if (input.availabilityOverride && actor.role !== "admin") throw new Forbidden("Only an administrator can book outside a stylist's working hours.");
}

const NOTES_REDACTION_MARKER = `Notes cannot contain "${REDACTED}": the app writes it where an erasure removed a client's details. Remove or reword it.`;

/**
 * Notes that add the erasure's marker are refused, so that "[erased]" in an appointment
 * and its history always means an erasure (decision 0094). Notes kept as they are stored
 * pass, so an appointment whose notes an erasure redacted can still be edited.
 */
function assertNoRedactionMarker(notes: string | null | undefined, stored: string | null = null) {
  if (notes && notes !== stored && notes.includes(REDACTED)) throw new Invalid(NOTES_REDACTION_MARKER, { notes: [NOTES_REDACTION_MARKER] });
}

/** The stored columns of a checked write. */
function columnsOf(input: AppointmentWrite, resolved: Resolved, availabilityOverride: boolean, lateCancellation = false) {
  return {
    clientId: resolved.clientId,
    stylistId: input.stylistId,
    serviceId: resolved.serviceId,
    startTime: resolved.start.toISOString(),
    endTime: resolved.end.toISOString(),
    status: input.status,
    notes: input.notes,
    price: resolved.price,
    availabilityOverride,
    lateCancellation,
  };
}

/**
 * The one insert of an appointment, after every rule a single booking passes: grid, not
 * completed ahead of time, advance limit, working hours and time off, no overlap. A
 * series books each occurrence through it, in the series' transaction.
 */
async function insertChecked(tx: Transaction, actor: Actor, input: AppointmentWrite, resolved: Resolved, rules: Rules, seriesId: string | null = null): Promise<number> {
  assertOnGrid(resolved.start, resolved.end, rules);
  assertNotFutureCompleted(input.status, resolved.start, new Date());
  assertWithinAdvanceLimit(actor, input.status, resolved.start, rules);
  await assertAvailable(tx, input.status, Boolean(input.availabilityOverride), input.stylistId, resolved.start, resolved.end, rules);
  if (input.status !== "cancelled") await assertNoOverlap(tx, input.stylistId, resolved.start, resolved.end, null, rules);
  const [row] = await tx
    .insert(appointments)
    .values({ ...columnsOf(input, resolved, Boolean(input.availabilityOverride)), seriesId, createdByUserId: actor.id })
    .returning();
  await recordAppointmentChange(tx, actor, null, row!);
  await publish(tx, "appointments", row!.id);
  return row!.id;
}

export async function createAppointment(actor: Actor, input: AppointmentWrite): Promise<SavedAppointment> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  const rules = await rulesForWrites();
  const { id, reusedClient } = await writeTransaction(async (tx) => {
    await assertStylistAllowed(tx, actor, input.stylistId);
    assertNoRedactionMarker(input.notes);
    const resolved = await resolveWrite(tx, actor, input, null);
    return { id: await insertChecked(tx, actor, input, resolved, rules), reusedClient: resolved.reusedClient };
  });
  return withReused(await getAppointment(actor, id), reusedClient);
}

function withReused(view: AppointmentView, reusedClient: ReusedClient | null): SavedAppointment {
  return reusedClient ? { ...view, reusedClient } : view;
}

type StoredAppointment = typeof appointments.$inferSelect;

/**
 * The one update of an appointment (an edit of every field), after the rules a single
 * edit passes. `existing` is the row as loaded (and owned) in this transaction.
 */
async function updateChecked(tx: Transaction, actor: Actor, existing: StoredAppointment, input: AppointmentWrite, rules: Rules): Promise<Resolved> {
  const id = existing.id;
  if (existing.stylistId !== input.stylistId) await assertStylistAllowed(tx, actor, input.stylistId);
  assertNoRedactionMarker(input.notes, existing.notes);
  const resolved = await resolveWrite(tx, actor, input, existing);
  assertOnGrid(resolved.start, resolved.end, rules);
  // Only a change of time or stylist is checked, so hours changed later never block editing notes or status.
  const moved = existing.stylistId !== input.stylistId || existing.startTime !== resolved.start.toISOString() || existing.endTime !== resolved.end.toISOString();
  const override = Boolean(input.availabilityOverride ?? existing.availabilityOverride);
  const now = new Date();
  assertNotFutureCompleted(input.status, resolved.start, now);
  if (existing.startTime !== resolved.start.toISOString()) assertWithinAdvanceLimit(actor, input.status, resolved.start, rules);
  if (moved) await assertAvailable(tx, input.status, override, input.stylistId, resolved.start, resolved.end, rules);
  if (input.status !== "cancelled") await assertNoOverlap(tx, input.stylistId, resolved.start, resolved.end, id, rules);
  // Cancelling records whether it came inside the notice; staying cancelled keeps the record; un-cancelling clears it.
  const lateCancellation = input.status !== "cancelled" ? false : existing.status === "cancelled" ? existing.lateCancellation : isLateCancellation(existing.startTime, now, rules);
  const [updated] = await tx
    .update(appointments)
    .set({ ...columnsOf(input, resolved, override, lateCancellation), updatedAt: now.toISOString() })
    .where(eq(appointments.id, id))
    .returning();
  await recordAppointmentChange(tx, actor, existing, updated!);
  await publish(tx, "appointments", id);
  return resolved;
}

/** The one delete of an appointment, once it is loaded (and owned) in this transaction. */
async function deleteChecked(tx: Transaction, actor: Actor, existing: StoredAppointment): Promise<void> {
  await tx.delete(appointments).where(eq(appointments.id, existing.id));
  await recordAppointmentChange(tx, actor, existing, null);
  await publish(tx, "appointments", existing.id);
}

/** An appointment's stored fields as a write that changes nothing. */
function writeOf(row: StoredAppointment): AppointmentWrite {
  return {
    clientId: row.clientId,
    stylistId: row.stylistId,
    serviceId: row.serviceId,
    start: new Date(row.startTime),
    end: new Date(row.endTime),
    status: row.status,
    notes: row.notes,
    availabilityOverride: row.availabilityOverride,
  };
}

export async function updateAppointment(actor: Actor, id: number, input: AppointmentWrite, scope: SeriesScope = "this"): Promise<SavedAppointment> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  const rules = await rulesForWrites();
  const reusedClient = await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    // Every occurrence affected must be the actor's before anything changes.
    const following = scope === "following" ? await followingOwned(tx, actor, existing) : [];
    const resolved = await updateChecked(tx, actor, existing, input, rules);
    if (following.length) {
      await updateFollowing(tx, actor, following, rules, (row) =>
        seriesChange(existing, { ...input, clientId: resolved.clientId, serviceId: resolved.serviceId, start: resolved.start, end: resolved.end }, row, rules.timeZone),
      );
    }
    return resolved.reusedClient;
  });
  return withReused(await getAppointment(actor, id), reusedClient);
}

/**
 * A drag-and-drop move: new start (and stylist); the length stays unless an end is given.
 * The calendar's drag moves only that occurrence of a series; `/api` may ask for "following".
 */
export async function moveAppointment(actor: Actor, id: number, move: { start: Date; end?: Date; stylistId?: number }, scope: SeriesScope = "this"): Promise<AppointmentView> {
  assertCan(actor, "appointments.write");
  const rules = await rulesForWrites();
  const { timeZone } = rules;
  await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    if (existing.status === "blocked") throw new Invalid("Blocked time cannot be moved by dragging. Open it to change it.");
    const following = scope === "following" ? await followingOwned(tx, actor, existing) : [];
    const stylistId = move.stylistId ?? existing.stylistId;
    if (stylistId !== existing.stylistId) await assertStylistAllowed(tx, actor, stylistId);
    const length = new Date(existing.endTime).getTime() - new Date(existing.startTime).getTime();
    const end = move.end ?? new Date(move.start.getTime() + length);
    assertOnGrid(move.start, end, rules);
    assertNotFutureCompleted(existing.status, move.start, new Date());
    if (existing.startTime !== move.start.toISOString()) assertWithinAdvanceLimit(actor, existing.status, move.start, rules);
    await assertAvailable(tx, existing.status, actor.role === "admin" && existing.availabilityOverride, stylistId, move.start, end, rules);
    if (existing.status !== "cancelled") await assertNoOverlap(tx, stylistId, move.start, end, id, rules);
    const [moved] = await tx
      .update(appointments)
      .set({ stylistId, startTime: move.start.toISOString(), endTime: end.toISOString(), updatedAt: new Date().toISOString() })
      .where(eq(appointments.id, id))
      .returning();
    await recordAppointmentChange(tx, actor, existing, moved!);
    await publish(tx, "appointments", id);
    if (following.length) {
      await updateFollowing(tx, actor, following, rules, (row) => seriesChange(existing, { ...writeOf(existing), stylistId, start: move.start, end }, row, timeZone));
    }
  });
  return getAppointment(actor, id);
}

export async function deleteAppointment(actor: Actor, id: number, scope: SeriesScope = "this"): Promise<void> {
  assertCan(actor, "appointments.write");
  await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    const following = scope === "following" ? await followingOwned(tx, actor, existing) : [];
    for (const row of [existing, ...following]) await deleteChecked(tx, actor, row);
  });
}

// ---- repeat bookings (decision 0087) ----

/**
 * The later occurrences of `existing`'s series that are still to come (never past ones),
 * by start time; each must be the actor's to change, as a single appointment must.
 */
async function followingOwned(tx: Transaction, actor: Actor, existing: StoredAppointment): Promise<StoredAppointment[]> {
  if (!existing.seriesId) return [];
  const now = new Date().toISOString();
  const rows = await tx
    .select()
    .from(appointments)
    // By the start `existing` had before this change (which may have moved it already).
    .where(and(eq(appointments.seriesId, existing.seriesId), ne(appointments.id, existing.id), gt(appointments.startTime, existing.startTime), gte(appointments.startTime, now)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
  for (const row of rows) {
    await assertStylistAllowed(tx, actor, row.stylistId).catch((error) => {
      if (error instanceof Invalid) return; // a retired stylist's, as for one appointment
      if (error instanceof Forbidden) throw new Forbidden(`A later appointment of this series (${row.startTime}) is in another stylist's column: change this appointment only.`);
      throw error;
    });
  }
  return rows;
}

/**
 * "This and following": `change` turns each later occurrence into its write; each is
 * checked as a single edit, and the first one refused refuses the whole change, naming its date.
 */
async function updateFollowing(tx: Transaction, actor: Actor, rows: StoredAppointment[], rules: Rules, change: (row: StoredAppointment) => AppointmentWrite) {
  const writes = rows.map((row) => ({ row, write: change(row) }));
  // Moving later, the last goes first (and earlier, the first), so none lands on a sibling not yet moved.
  if (writes.some(({ row, write }) => write.start.getTime() > Date.parse(row.startTime))) writes.reverse();
  for (const { row, write } of writes) {
    try {
      await updateChecked(tx, actor, row, write, rules);
    } catch (error) {
      if (error instanceof Invalid || error instanceof Conflict) {
        const when = `${formatLongDate(dateInZone(write.start, rules.timeZone))} at ${formatClockTime(timeInZone(write.start, rules.timeZone), rules.clock)}`;
        throw new Conflict(`The appointment on ${when} cannot take this change: ${error.message}`);
      }
      throw error;
    }
  }
}

/** Whole days and wall-clock minutes from one instant to another, in the salon's zone. */
function wallClockShift(from: Date | string, to: Date | string, timeZone: string): { days: number; minutes: number } {
  const a = wallClock(from, timeZone);
  const b = wallClock(to, timeZone);
  return { days: daysBetween(a.date, b.date), minutes: b.minutes - a.minutes };
}

/** The instant `shift` later than `instant` on the salon's wall clock (so 10:00 stays 10:00 across a clock change). */
function shiftWallClock(instant: Date | string, shift: { days: number; minutes: number }, timeZone: string): Date {
  const { date, minutes } = wallClock(instant, timeZone);
  const total = minutes + shift.minutes;
  const dayCarry = Math.floor(total / (24 * 60));
  return zonedToUtc(addDays(date, shift.days + dayCarry), minutesToClock(total - dayCarry * 24 * 60), timeZone);
}

/**
 * The change made to one occurrence (`before` → `after`) applied to a later one (`row`):
 * the same wall-clock shift and length, and each of stylist, service, notes and status
 * only when it changed (a status only to cancelled or back to scheduled), so what was
 * set on that occurrence alone stays.
 */
function seriesChange(before: StoredAppointment, after: AppointmentWrite & { end: Date }, row: StoredAppointment, timeZone: string): AppointmentWrite {
  const start = shiftWallClock(row.startTime, wallClockShift(before.startTime, after.start, timeZone), timeZone);
  const length = after.end.getTime() - after.start.getTime();
  const statusChanged = after.status !== before.status && (after.status === "cancelled" || after.status === "scheduled");
  return {
    ...writeOf(row),
    start,
    end: new Date(start.getTime() + length),
    stylistId: after.stylistId !== before.stylistId ? after.stylistId : row.stylistId,
    serviceId: after.serviceId !== undefined && after.serviceId !== before.serviceId ? after.serviceId : row.serviceId,
    notes: after.notes !== before.notes ? after.notes : row.notes,
    status: statusChanged ? after.status : row.status,
    availabilityOverride: Boolean(after.availabilityOverride) || row.availabilityOverride,
  };
}

/** The salon dates of a series, the first's included: every `everyWeeks` weeks, `count` of them or up to `until` (inclusive). */
export function seriesDates(first: CalendarDate, repeat: Repeat): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let n = 0; n < MAX_OCCURRENCES; n += 1) {
    const date = addDays(first, n * 7 * repeat.everyWeeks);
    if ("count" in repeat ? n >= repeat.count : date > repeat.until) break;
    dates.push(date);
  }
  if ("until" in repeat) {
    if (repeat.until < first) throw new Invalid("The last date must be on or after the first appointment's date.", { until: ["Must be on or after the first appointment's date"] });
    if (addDays(first, MAX_OCCURRENCES * 7 * repeat.everyWeeks) <= repeat.until) {
      const message = `A series has at most ${MAX_OCCURRENCES} appointments: the last would be on ${formatLongDate(dates.at(-1)!)}; choose that date or an earlier one.`;
      throw new Invalid(message, { until: [message] });
    }
  }
  return dates;
}

export type SeriesBooking = { seriesId: string; created: AppointmentView[]; refused: RefusedOccurrence[]; reusedClient?: ReusedClient };
export type SeriesPreview = { occurrences: OccurrencePreview[] };

/** Thrown to roll a preview's transaction back, carrying what it found. */
class PreviewRollback extends Error {
  constructor(readonly preview: SeriesPreview) {
    super("preview");
  }
}

/**
 * Books a repeat: each occurrence is an ordinary appointment, booked through the same
 * insert as a single one and carrying one new series id, in one transaction (a failure
 * midway books nothing). Occurrences keep the first's wall-clock time in the salon's
 * zone. Those a single booking would refuse (a clash, outside hours, time off, past the
 * advance limit) are left out and reported; if none can be booked, nothing is (409).
 */
export async function createSeries(actor: Actor, input: AppointmentWrite, repeat: Repeat): Promise<SeriesBooking> {
  const outcome = await runSeries(actor, input, repeat, false);
  const created = outcome.ids.length ? await selectViews(db, inArray(appointments.id, outcome.ids)) : [];
  return { seriesId: outcome.seriesId, created: created.map((row) => toView(actor, row)), refused: outcome.refused, ...(outcome.reusedClient ? { reusedClient: outcome.reusedClient } : {}) };
}

/**
 * What `createSeries` would book, computed by the very same code in a transaction that is
 * rolled back: every occurrence with the reason it would be refused (null when free).
 */
export async function previewSeries(actor: Actor, input: AppointmentWrite, repeat: Repeat): Promise<SeriesPreview> {
  return runSeries(actor, input, repeat, true).then(
    () => ({ occurrences: [] }),
    (error: unknown) => {
      if (error instanceof PreviewRollback) return error.preview;
      throw error;
    },
  );
}

type SeriesOutcome = { seriesId: string; ids: number[]; refused: RefusedOccurrence[]; reusedClient: ReusedClient | null };

async function runSeries(actor: Actor, input: AppointmentWrite, repeat: Repeat, preview: boolean): Promise<SeriesOutcome> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  const rules = await rulesForWrites();
  const { timeZone } = rules;
  const firstDate = dateInZone(input.start, timeZone);
  const time = timeInZone(input.start, timeZone);
  const dates = seriesDates(firstDate, repeat);
  return writeTransaction(async (tx) => {
    await assertStylistAllowed(tx, actor, input.stylistId);
    assertNoRedactionMarker(input.notes);
    // The client (perhaps new) and the service's terms once, for all occurrences.
    const first = await resolveWrite(tx, actor, input, null);
    const length = first.end.getTime() - first.start.getTime();
    const write: AppointmentWrite = { ...input, clientId: first.clientId, newClient: undefined };
    const seriesId = crypto.randomUUID();
    const ids: number[] = [];
    const refused: RefusedOccurrence[] = [];
    const occurrences: OccurrencePreview[] = [];
    for (const date of dates) {
      const start = zonedToUtc(date, time, timeZone);
      const end = new Date(start.getTime() + length);
      const when = { startTime: start.toISOString(), endTime: end.toISOString(), date, time };
      try {
        ids.push(await insertChecked(tx, actor, { ...write, start, end }, { ...first, start, end }, rules, seriesId));
        occurrences.push({ ...when, reason: null });
      } catch (error) {
        if (!(error instanceof Invalid || error instanceof Conflict)) throw error;
        refused.push({ ...when, reason: error.message });
        occurrences.push({ ...when, reason: error.message });
      }
    }
    if (preview) throw new PreviewRollback({ occurrences });
    if (!ids.length) {
      const error = new Conflict(`None of the ${dates.length} appointments can be booked: ${refused[0]?.reason ?? ""}`);
      error.details = { refused };
      throw error;
    }
    return { seriesId, ids, refused, reusedClient: first.reusedClient };
  });
}
