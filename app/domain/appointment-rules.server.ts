// The booking rules every appointment write passes, in one chain (decision 0090). Insert,
// edit, drag move, each occurrence of a repeat and each "following" change call
// `checkAppointmentWrite` inside their write transaction; a new rule (a buffer between
// bookings, a patch test before a colour) is one more entry in `APPOINTMENT_RULES`, and its
// place in the list is the order in which a refusal is reported.
import { and, asc, eq, ne, notInArray } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import type { ClockFormat, PatchTestFinding } from "#db/enums";
import { appointments, clients, services, stylistPricing, stylists, type AppointmentStatus } from "#db/schema";
import { GRID_END_MINUTES, GRID_START_MINUTES, minutesToClock, roundDuration, SLOT_MINUTES } from "~/lib/calendar";
import { MAX_SPAN_MINUTES } from "~/lib/schemas/appointments";
import { activeParts } from "~/lib/service-limits";
import { ONLINE_PATCH_TEST, patchTestFinding, patchTestWarning } from "~/lib/patch-tests";
import {
  addDays,
  dateInZone,
  formatClockTime,
  formatLongDate,
  minutesInZone,
  timeInZone,
  todayInZone,
  type CalendarDate,
} from "~/lib/salon-time";
import { isOnlineClient, type Actor, type WriteActor } from "./access.server";
import { REDACTED } from "./appointment-history.server";
import { overlapping } from "./appointment-views.server";
import { availabilityConflict } from "./availability.server";
import { Conflict, Forbidden, Invalid, PatchTestRequired } from "./errors";
import { patchTestRecords } from "./patch-tests.server";
import {
  assertOnlineBookingOn,
  offeredStylists,
  SERVICE_NOT_OFFERED,
  STYLIST_NOT_OFFERED,
} from "./online-slots.server";
import { can } from "./permissions";
import { getBookingRules, getGlobalSettings } from "./settings.server";

/** The salon's zone, and its 12- or 24-hour clock for the times a refusal names. */
type SalonClock = { timeZone: string; clock: ClockFormat };
/** The salon's settings the rules read: its clock, the booking advance limit (days) and the cancellation notice (hours). */
export type SalonRules = SalonClock & { bookingAdvanceLimit: number; cancellationNotice: number };

/** The salon's clock and booking rules, read before a write's transaction. */
export async function salonRules(): Promise<SalonRules> {
  const [{ timeZone, clockFormat }, rules] = await Promise.all([getGlobalSettings(), getBookingRules()]);
  return { timeZone, clock: clockFormat, ...rules };
}

/**
 * One appointment write as the rules see it: who writes, the stored appointment before
 * (null for a new one) and what will be stored after. Every path builds this and nothing else.
 */
type AppointmentWriteCheck = {
  executor: Executor;
  /** A signed-in user, or the client on the public booking page (the online rules bind only them). */
  actor: WriteActor;
  salon: SalonRules;
  now: Date;
  before: {
    id: number;
    stylistId: number;
    clientId: number | null;
    serviceId: number | null;
    status: AppointmentStatus;
    startTime: string;
    endTime: string;
    notes: string | null;
  } | null;
  after: {
    stylistId: number;
    clientId: number | null;
    serviceId: number | null;
    start: Date;
    end: Date;
    status: AppointmentStatus;
    availabilityOverride: boolean;
    notes: string | null;
    /** The processing snapshot it will store (decision 0111): the stylist is free meanwhile. */
    processingAfterMinutes: number | null;
    processingMinutes: number | null;
  };
  /** What the writer confirmed after a warning: booking without a valid patch test, and an administrator's reason to override a failed one. */
  confirmations?: Confirmations;
};

/** A warning's confirmation as the write carries it (the dialog's "Book anyway", `/api`'s `patchTestConfirmed`). */
export type Confirmations = { patchTestConfirmed?: boolean; overrideReason?: string | null };

/** What a write went ahead despite, for its history entry: the patch test found and, for a failed one, the reason. */
export type Acknowledged = { patchTest: PatchTestFinding; patchTestReason: string | null };

/**
 * `wholeBooking`: the rule does not depend on the date, so a repeat booking it refuses is
 * refused whole (400), not occurrence by occurrence.
 */
type AppointmentRule = {
  name: string;
  /** Refuses by throwing; a rule that warns returns what the write confirmed, for its history. */
  check: (write: AppointmentWriteCheck) => void | Acknowledged | Promise<void | Acknowledged>;
  wholeBooking?: true;
};

const OVERRIDE_HINT = " An administrator can still book it by ticking the override.";
export const FUTURE_COMPLETED = "An appointment cannot be marked completed before it starts.";
export const FUTURE_NO_SHOW = "An appointment cannot be marked a no-show before it starts.";

/** A new appointment, or one whose start changed. */
function startChanges({ before, after }: AppointmentWriteCheck): boolean {
  return !before || before.startTime !== after.start.toISOString();
}

/** A new appointment, or one whose stylist, start or end changed: only these are held to the hours, so hours changed later never block editing notes or status. */
function placeChanges({ before, after }: AppointmentWriteCheck): boolean {
  return (
    !before ||
    before.stylistId !== after.stylistId ||
    before.startTime !== after.start.toISOString() ||
    before.endTime !== after.end.toISOString()
  );
}

const NOTES_REDACTION_MARKER = `Notes cannot contain "${REDACTED}": the app writes it where an erasure removed a client's details. Remove or reword it.`;

/**
 * Notes that add the erasure's marker are refused, so that "[erased]" in an appointment
 * and its history always means an erasure (decision 0094). Notes kept as they are stored
 * pass, so an appointment whose notes an erasure redacted can still be edited.
 */
function noRedactionMarker({ before, after }: AppointmentWriteCheck) {
  const { notes } = after;
  if (notes && notes !== (before?.notes ?? null) && notes.includes(REDACTED))
    throw new Invalid(NOTES_REDACTION_MARKER, { notes: [NOTES_REDACTION_MARKER] });
}

export const stylistInactive = (name: string) => `${name} no longer works here: choose another stylist.`;

/**
 * A stylist who no longer works here (an inactive record, decision 0098) takes no new
 * bookings and no appointment moved onto them; the appointments they already have can still
 * be edited, moved in time, or moved to another stylist.
 */
async function stylistStillWorksHere({ executor, before, after }: AppointmentWriteCheck) {
  if (before && before.stylistId === after.stylistId) return;
  const [stylist] = await executor
    .select({ name: stylists.name, isActive: stylists.isActive })
    .from(stylists)
    .where(eq(stylists.id, after.stylistId))
    .limit(1);
  if (stylist && !stylist.isActive) {
    const message = stylistInactive(stylist.name);
    throw new Invalid(message, { stylistId: [message] });
  }
}

/** Appointments live on the grid: 07:00 to 23:00 salon time, within one day. */
function onTheGrid({ after: { start, end }, salon: { timeZone, clock } }: AppointmentWriteCheck) {
  if (end.getTime() <= start.getTime())
    throw new Invalid("The end time must be after the start time.", {
      endTime: ["The end time must be after the start time."],
    });
  if (end.getTime() - start.getTime() > MAX_SPAN_MINUTES * 60_000)
    throw new Invalid("An appointment cannot last more than 24 hours.");
  const startTime = timeInZone(start, timeZone);
  const endDate = dateInZone(end, timeZone);
  const endTime = timeInZone(end, timeZone);
  const sameDay = dateInZone(start, timeZone) === endDate;
  const [first, last] = [minutesToClock(GRID_START_MINUTES), minutesToClock(GRID_END_MINUTES)];
  if (startTime < first || !sameDay || endTime > last) {
    const window = `${formatClockTime(first, clock)} and ${formatClockTime(last, clock)}`;
    throw new Invalid(`Appointments must start and end between ${window} on one day.`, {
      startTime: [`Choose a time between ${window}.`],
    });
  }
}

/**
 * A completed appointment has started: one in the future cannot be marked completed (decision
 * 0063); nor can a client miss one that has not started yet (a no-show, decision 0082).
 */
function notCompletedEarly({ after: { start, status }, now }: AppointmentWriteCheck) {
  if (start.getTime() <= now.getTime()) return;
  if (status === "completed") throw new Invalid(FUTURE_COMPLETED, { status: [FUTURE_COMPLETED] });
  if (status === "no_show") throw new Invalid(FUTURE_NO_SHOW, { status: [FUTURE_NO_SHOW] });
}

/** The last salon date a booking may start on: today plus the salon's booking advance limit (days). */
function lastBookableDate(timeZone: string, advanceDays: number, now = new Date()): CalendarDate {
  return addDays(todayInZone(timeZone, now), advanceDays);
}

/**
 * The salon's booking advance limit binds whoever lacks "appointments.beyondAdvanceLimit"
 * (decision 0062) when a booking is made or its start moves. Blocked time is not a booking
 * and is not limited.
 */
function withinAdvanceLimit(write: AppointmentWriteCheck) {
  const { actor, after, salon, now } = write;
  if (can(actor.role, "appointments.beyondAdvanceLimit") || after.status === "blocked" || !startChanges(write)) return;
  const last = lastBookableDate(salon.timeZone, salon.bookingAdvanceLimit, now);
  if (dateInZone(after.start, salon.timeZone) > last) {
    throw new Invalid(
      `Appointments can be booked at most ${salon.bookingAdvanceLimit} days ahead, so by ${formatLongDate(last)} at the latest. An administrator can book further ahead.`,
    );
  }
}

/**
 * Bookings go inside the stylist's working hours and outside their time off when they are
 * made or moved. An override excuses that only in the hands of someone who may override:
 * a stylist moving an appointment an admin booked outside the hours is held to them.
 * Blocked and cancelled entries occupy no working time, so they are not checked.
 */
async function withinWorkingHours(write: AppointmentWriteCheck) {
  const { executor, actor, after, salon } = write;
  if (after.status === "blocked" || after.status === "cancelled" || !placeChanges(write)) return;
  if (after.availabilityOverride && can(actor.role, "appointments.overrideAvailability")) return;
  const reason = await availabilityConflict(
    executor,
    after.stylistId,
    after.start,
    after.end,
    salon.timeZone,
    salon.clock,
  );
  if (reason) throw new Conflict(`${reason}${OVERRIDE_HINT}`);
}

type Span = { start: number; end: number };
const meet = (a: Span[], b: Span[]) => a.some((x) => b.some((y) => x.start < y.end && y.start < x.end));

type Clash = {
  status: string;
  notes: string | null;
  clientName: string | null;
  serviceName: string | null;
  startTime: string;
  endTime: string;
  stylistName: string;
  processingAfterMinutes: number | null;
  processingMinutes: number | null;
};

const clockAt = (instant: string | number, { timeZone, clock }: SalonClock) =>
  formatClockTime(timeInZone(new Date(instant).toISOString(), timeZone), clock);

function describeClash(clash: Clash, salon: SalonClock) {
  const from = clockAt(clash.startTime, salon);
  const to = clockAt(clash.endTime, salon);
  const what =
    clash.status === "blocked"
      ? `blocked time (${clash.notes || "Unavailable"})`
      : `${clash.clientName ?? "an appointment"}${clash.serviceName ? ` (${clash.serviceName})` : ""}`;
  const start = Date.parse(clash.startTime);
  const parts = activeParts(start, Date.parse(clash.endTime), clash);
  // Its processing is free time: say which part is, so the refusal explains itself.
  const free =
    parts.length > 1 || parts[0]!.start !== start || parts[0]!.end !== Date.parse(clash.endTime)
      ? ` (free only while it processes, ${clockAt(start + clash.processingAfterMinutes! * 60_000, salon)} to ${clockAt(start + (clash.processingAfterMinutes! + clash.processingMinutes!) * 60_000, salon)})`
      : "";
  return `${clash.stylistName} already has ${what} from ${from} to ${to}${free}.`;
}

/**
 * The stylist's active parts never overlap (decision 0111): while one appointment processes,
 * its stylist can work on another, whose own processing is free too. Blocked time counts
 * whole, cancelled appointments not at all.
 */
async function noOverlap({ executor, before, after, salon }: AppointmentWriteCheck) {
  if (after.status === "cancelled") return;
  const conditions = [
    eq(appointments.stylistId, after.stylistId),
    ne(appointments.status, "cancelled"),
    overlapping(after.start, after.end),
  ];
  if (before) conditions.push(ne(appointments.id, before.id));
  const rows = await executor
    .select({
      status: appointments.status,
      notes: appointments.notes,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      clientName: clients.name,
      serviceName: services.name,
      stylistName: stylists.name,
      processingAfterMinutes: appointments.processingAfterMinutes,
      processingMinutes: appointments.processingMinutes,
    })
    .from(appointments)
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
  const mine = activeParts(after.start.getTime(), after.end.getTime(), after);
  const clash = rows.find((row) => meet(mine, activeParts(Date.parse(row.startTime), Date.parse(row.endTime), row)));
  if (clash) throw new Conflict(describeClash(clash, salon));
}

export const clientBookedTwice = (name: string, what: string, from: string, to: string) =>
  `${name} is already booked from ${from} to ${to} (${what}): a client cannot be in two places at once.`;

/**
 * One client is never booked twice at once (decision 0111), with any stylist: the whole
 * appointment counts, its processing too (the client sits with the colour on). Blocked time
 * has no client; cancelled appointments and no-shows hold no time. Checked when a booking is
 * made, placed, given to another client or brought back from cancelled, so a clash stored
 * before the rule never stops editing notes. The online client hears only that the time is
 * not free: their other bookings are not named on a public page.
 */
async function clientNotTwiceAtOnce(write: AppointmentWriteCheck) {
  const { executor, actor, before, after, salon } = write;
  if (!after.clientId || after.status === "cancelled" || after.status === "blocked" || after.status === "no_show")
    return;
  if (before && !placeChanges(write) && before.clientId === after.clientId && before.status !== "cancelled") return;
  const conditions = [
    eq(appointments.clientId, after.clientId),
    notInArray(appointments.status, ["cancelled", "no_show"]),
    overlapping(after.start, after.end),
  ];
  if (before) conditions.push(ne(appointments.id, before.id));
  const [clash] = await executor
    .select({
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
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(1);
  if (!clash) return;
  if (isOnlineClient(actor)) throw new Conflict(ONLINE_SLOT_TAKEN, { start: [ONLINE_SLOT_TAKEN] });
  const what = clash.serviceName ? `${clash.serviceName} with ${clash.stylistName}` : `with ${clash.stylistName}`;
  throw new Conflict(
    clientBookedTwice(
      clash.clientName ?? "This client",
      what,
      clockAt(clash.startTime, salon),
      clockAt(clash.endTime, salon),
    ),
  );
}

export const ONLINE_QUARTER_HOUR = "Online bookings start on the quarter hour.";
export const ONLINE_SLOT_TAKEN = "This time is no longer free: choose another.";
export const onlineLeadTime = (hours: number) =>
  `Online bookings need at least ${hours === 1 ? "1 hour" : `${hours} hours`} of notice: choose a later time.`;
export const onlineAdvanceLimit = (days: number) =>
  `Online bookings can be made at most ${days === 1 ? "1 day" : `${days} days`} ahead: choose an earlier day.`;
const ONLINE_DURATION = "An online booking lasts as long as its service takes with the chosen stylist.";

/**
 * A write by the client on the public page (a booking, or moving one) is refused unless its
 * stylist, start and end are a slot the page offers (decision 0100): the service and stylist
 * bookable online, the lead time, the advance limit, the quarter hour, the stylist's duration,
 * and the buffers kept free around it (the one slot computation, `offeredStylists`, read in
 * this transaction). A staff write is not bound by these. Cancelling is not a placing.
 * Before the working-hours and overlap rules, whose refusals name other clients.
 */
async function offeredOnline(write: AppointmentWriteCheck) {
  const { executor, actor, before, after, now } = write;
  if (!isOnlineClient(actor) || actor.acceptingOffer || after.status === "cancelled") return;
  if (!placeChanges(write) && before) return;
  const settings = await assertOnlineBookingOn();
  if (!after.serviceId) throw new Invalid(SERVICE_NOT_OFFERED, { serviceId: [SERVICE_NOT_OFFERED] });
  const { timeZone } = settings;
  const wall = minutesInZone(after.start, timeZone);
  if (wall % SLOT_MINUTES !== 0 || after.start.getUTCSeconds() !== 0 || after.start.getUTCMilliseconds() !== 0)
    throw new Invalid(ONLINE_QUARTER_HOUR, { start: [ONLINE_QUARTER_HOUR] });
  if (after.start.getTime() < now.getTime() + settings.leadTimeHours * 3_600_000)
    throw new Invalid(onlineLeadTime(settings.leadTimeHours), { start: [onlineLeadTime(settings.leadTimeHours)] });
  if (dateInZone(after.start, timeZone) > lastBookableDate(timeZone, settings.bookingAdvanceLimit, now))
    throw new Invalid(onlineAdvanceLimit(settings.bookingAdvanceLimit));
  const [stylist] = await executor
    .select({ isActive: stylists.isActive, onlineBookable: stylists.onlineBookable })
    .from(stylists)
    .where(eq(stylists.id, after.stylistId))
    .limit(1);
  if (!stylist?.isActive || !stylist.onlineBookable)
    throw new Invalid(STYLIST_NOT_OFFERED, { stylistId: [STYLIST_NOT_OFFERED] });
  const [terms] = await executor
    .select({ duration: services.duration, own: stylistPricing.duration })
    .from(services)
    .leftJoin(
      stylistPricing,
      and(eq(stylistPricing.serviceId, services.id), eq(stylistPricing.stylistId, after.stylistId)),
    )
    .where(eq(services.id, after.serviceId))
    .limit(1);
  if (terms && after.end.getTime() - after.start.getTime() !== roundDuration(terms.own ?? terms.duration) * 60_000)
    throw new Invalid(ONLINE_DURATION);
  const offered = await offeredStylists(executor, {
    serviceId: after.serviceId,
    stylistId: after.stylistId,
    start: after.start,
    now,
    excludeAppointmentId: before?.id ?? null,
  });
  if (!offered.includes(after.stylistId)) throw new Conflict(ONLINE_SLOT_TAKEN, { start: [ONLINE_SLOT_TAKEN] });
}

export const PATCH_TEST_OVERRIDE_ADMIN_ONLY =
  "Only an administrator can book a client whose patch test failed, with a reason.";
export const PATCH_TEST_REASON_REQUIRED = "Give the reason for booking despite the failed patch test.";

/**
 * A service that needs a patch test (decision 0126) is booked only after a passed test at
 * least its lead hours before the start and at most its valid days old. Staff are warned
 * and may book anyway by confirming (recorded in the history with who confirmed); after a
 * failed test only an administrator may, with a reason. The online client is refused such a
 * service with one message whatever the record says: the salon books it. Checked when a booking is made, and when its
 * client, service or start changes or it is brought back from cancelled; last, so the
 * warning comes only for a write every other rule allows.
 */
async function patchTestBeforeService(write: AppointmentWriteCheck): Promise<Acknowledged | void> {
  const { executor, actor, before, after, confirmations } = write;
  if (!after.clientId || !after.serviceId) return;
  if (after.status === "cancelled" || after.status === "blocked" || after.status === "no_show") return;
  if (
    before &&
    before.clientId === after.clientId &&
    before.serviceId === after.serviceId &&
    before.status !== "cancelled" &&
    !startChanges(write)
  )
    return;
  const [service] = await executor
    .select({
      name: services.name,
      requiresPatchTest: services.requiresPatchTest,
      patchTestValidDays: services.patchTestValidDays,
      patchTestLeadHours: services.patchTestLeadHours,
    })
    .from(services)
    .where(eq(services.id, after.serviceId))
    .limit(1);
  if (!service?.requiresPatchTest) return;
  // Online, known and unknown clients are answered alike (decision 0102): the refusal comes
  // before the record is read, so the answer never tells whether someone has a valid test.
  // A refusal of the input (400), not of the time: the booking page says it as it is.
  // A waitlist offer's link was sent to the client it names, who is offered only a time their
  // record allows (decision 0139): that record decides, and a client cannot confirm a warning.
  if (isOnlineClient(actor) && !actor.acceptingOffer)
    throw new Invalid(ONLINE_PATCH_TEST, { serviceId: [ONLINE_PATCH_TEST] });
  const finding = patchTestFinding(await patchTestRecords(executor, after.clientId), service, after.start);
  if (!finding) return;
  if (isOnlineClient(actor)) throw new Invalid(ONLINE_PATCH_TEST, { serviceId: [ONLINE_PATCH_TEST] });
  const warning = patchTestWarning(finding, service.name, service);
  if (finding === "failed") {
    const reason = confirmations?.overrideReason?.trim() || null;
    if (reason && !can(actor.role, "appointments.overridePatchTest"))
      throw new Forbidden(PATCH_TEST_OVERRIDE_ADMIN_ONLY);
    if (!confirmations?.patchTestConfirmed || !reason) throw new PatchTestRequired(warning, finding);
    return { patchTest: finding, patchTestReason: reason };
  }
  if (!confirmations?.patchTestConfirmed) throw new PatchTestRequired(warning, finding);
  return { patchTest: finding, patchTestReason: null };
}

/** The rules, in the order they are applied: the first one a write breaks is the refusal it gets. */
export const APPOINTMENT_RULES: readonly AppointmentRule[] = [
  { name: "the stylist still works here", check: stylistStillWorksHere, wholeBooking: true },
  { name: "notes without the erasure's marker", check: noRedactionMarker, wholeBooking: true },
  { name: "on the grid", check: onTheGrid },
  { name: "not completed before it starts", check: notCompletedEarly },
  { name: "an offered online slot (online bookings only)", check: offeredOnline },
  { name: "within the booking advance limit", check: withinAdvanceLimit },
  { name: "within working hours and outside time off", check: withinWorkingHours },
  { name: "the stylist's active parts do not overlap", check: noOverlap },
  { name: "the client is not booked twice at once", check: clientNotTwiceAtOnce },
  { name: "a valid patch test before a service that needs one", check: patchTestBeforeService },
];

/**
 * The one check of an appointment write: every rule, in order; the first refusal is thrown
 * (Invalid 400 or Conflict 409). Returns what the write went ahead despite (a confirmed
 * warning), which its history entry records, or null.
 */
export async function checkAppointmentWrite(write: AppointmentWriteCheck): Promise<Acknowledged | null> {
  let acknowledged: Acknowledged | null = null;
  for (const rule of APPOINTMENT_RULES) {
    try {
      acknowledged = (await rule.check(write)) ?? acknowledged;
    } catch (error) {
      if (rule.wholeBooking && error instanceof Error) wholeBookingRefusals.add(error);
      throw error;
    }
  }
  return acknowledged;
}

const wholeBookingRefusals = new WeakSet<Error>();

/** Whether a refusal came from a rule that refuses a repeat booking whole. */
export function refusesWholeBooking(error: unknown): boolean {
  return error instanceof Error && wholeBookingRefusals.has(error);
}

/** Ticking the availability override is for those who may override (decision 0008). */
export function assertOverrideAllowed(actor: Actor, input: { availabilityOverride?: boolean }) {
  if (input.availabilityOverride && !can(actor.role, "appointments.overrideAvailability"))
    throw new Forbidden("Only an administrator can book outside a stylist's working hours.");
}

/** Whether cancelling now, for an appointment starting at `start`, falls inside the salon's cancellation notice (decision 0063). */
export function isLateCancellation(start: string, now: Date, { cancellationNotice }: SalonRules): boolean {
  return Date.parse(start) - now.getTime() < cancellationNotice * 3_600_000;
}
