// When each stylist works (SPEC §2 "My Availability"): a weekly or bi-weekly rota of day
// entries plus time off. Stylists manage their own, admins anyone's. The calendar reads
// the result through stylistSchedulesForDate and availabilityConflict.
import { and, asc, count, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import type { ClockFormat } from "#db/enums";
import { appointments, clients, services, stylistAvailability, stylists, timeOff, type Stylist } from "#db/schema";
import { MAX_SPAN_MINUTES } from "~/lib/schemas/appointments";
import { END_AFTER_START, type AvailabilityDayInput, type TimeOffInput } from "~/lib/schemas/availability";
import {
  addDays,
  dateInZone,
  dayBounds,
  formatClockTime,
  formatLongDate,
  isCalendarDate,
  minutesInZone,
  rotaDayNumber,
  timeInZone,
  zonedToUtc,
} from "~/lib/salon-time";
import { publish } from "~/domain/events.server";
import type { Actor } from "./access.server";
import { Invalid, NeedsConfirmation, NotFound } from "./errors";
import { getGlobalSettings } from "./settings.server";
import { resolveManagedStylist, STYLIST_NOT_FOUND, type StylistSummary } from "./stylists.server";

export type ScheduleMode = Stylist["scheduleMode"];
/** A day entry; `id` and the timestamps are null while the day still has SPEC's default. */
export type AvailabilityEntry = {
  id: number | null;
  stylistId: number;
  dayOfWeek: number;
  isWorking: boolean;
  startTime: string;
  endTime: string;
  createdAt: string | null;
  updatedAt: string | null;
};
export type TimeOffPeriod = {
  id: number;
  stylistId: number;
  startDate: string;
  endDate: string;
  /** Salon wall-clock "HH:MM" for part of one day; both null for whole days. */
  startTime: string | null;
  endTime: string | null;
  reason: string | null;
  createdAt: string;
};
/** Part of a working day off (the dentist at 14:00), salon wall clock. */
export type HoursOff = { startTime: string; endTime: string; reason: string | null };
export type DaySchedule = {
  isWorking: boolean;
  startTime: string /* HH:MM */;
  endTime: string;
  /** Whole-day time off. */
  timeOff: { reason: string | null } | null;
  /** Part-day time off that date, earliest first; absent when there is none. */
  hoursOff?: HoursOff[];
};

const CHOOSE_STYLIST = "Choose a stylist: administrators have no working hours of their own (add ?stylistId=).";
const TIME_OFF_NOT_FOUND = "Time off not found";

/** SPEC §2: a day with no saved entry works 09:00-17:00, except day numbers 7 and above. */
function defaultDay(dayOfWeek: number): Pick<AvailabilityEntry, "isWorking" | "startTime" | "endTime"> {
  return { isWorking: dayOfWeek < 7, startTime: "09:00", endTime: "17:00" };
}

const DAY_NUMBERS = Array.from({ length: 14 }, (_, i) => i + 1);
type StoredDay = typeof stylistAvailability.$inferSelect;

function effectiveDays(stylistId: number, rows: StoredDay[]): AvailabilityEntry[] {
  const byDay = new Map(rows.map((row) => [row.dayOfWeek, row]));
  return DAY_NUMBERS.map((dayOfWeek) => {
    const row = byDay.get(dayOfWeek);
    if (row)
      return {
        id: row.id,
        stylistId,
        dayOfWeek,
        isWorking: row.isWorking,
        startTime: row.startTime,
        endTime: row.endTime,
        createdAt: row.createdAt,
        updatedAt: row.updatedAt,
      };
    return { id: null, stylistId, dayOfWeek, ...defaultDay(dayOfWeek), createdAt: null, updatedAt: null };
  });
}

async function managedStylist(
  actor: Actor,
  requestedId: number | null | undefined,
  executor: Executor = db,
): Promise<StylistSummary> {
  const stylist = await resolveManagedStylist(actor, "availability.manage", requestedId ?? null, executor);
  if (!stylist) throw new Invalid(CHOOSE_STYLIST);
  return stylist;
}

/** The stylist's schedule mode and all 14 day numbers, defaults filled in. */
export async function getAvailability(
  actor: Actor,
  requestedId: number | null,
): Promise<{ stylist: StylistSummary; days: AvailabilityEntry[] }> {
  const stylist = await managedStylist(actor, requestedId);
  const rows = await db.select().from(stylistAvailability).where(eq(stylistAvailability.stylistId, stylist.id));
  return { stylist, days: effectiveDays(stylist.id, rows) };
}

/** The days that apply in the stylist's mode: 1-7, or 1-14 for a bi-weekly rota (`GET /api/stylist/availability`). */
export function daysInMode(days: AvailabilityEntry[], mode: ScheduleMode): AvailabilityEntry[] {
  return mode === "biweekly" ? days : days.filter((day) => day.dayOfWeek <= 7);
}

/** Saves one day: the fields given replace the stored (or default) ones. */
export async function saveAvailabilityDay(actor: Actor, input: AvailabilityDayInput): Promise<AvailabilityEntry> {
  return writeTransaction(async (tx) => {
    const stylist = await managedStylist(actor, input.stylistId, tx);
    const [stored] = await tx
      .select()
      .from(stylistAvailability)
      .where(and(eq(stylistAvailability.stylistId, stylist.id), eq(stylistAvailability.dayOfWeek, input.dayOfWeek)))
      .limit(1);
    const base = stored ?? defaultDay(input.dayOfWeek);
    const next = {
      isWorking: input.isWorking ?? base.isWorking,
      startTime: input.startTime ?? base.startTime,
      endTime: input.endTime ?? base.endTime,
    };
    if (next.endTime <= next.startTime) throw new Invalid(END_AFTER_START, { endTime: [END_AFTER_START] });
    const updatedAt = new Date().toISOString();
    const [row] = await tx
      .insert(stylistAvailability)
      .values({ stylistId: stylist.id, dayOfWeek: input.dayOfWeek, ...next })
      .onConflictDoUpdate({
        target: [stylistAvailability.stylistId, stylistAvailability.dayOfWeek],
        set: { ...next, updatedAt },
      })
      .returning();
    await publish(tx, "availability", stylist.id);
    return effectiveDays(stylist.id, [row!]).find((day) => day.dayOfWeek === input.dayOfWeek)!;
  });
}

/** Weekly or bi-weekly, kept on the stylist so it follows them to any tablet. */
/**
 * A new bi-weekly rota starts with Week 2 as a copy of Week 1's saved days, so the other
 * week is not suddenly unbookable. Days Week 2 already has (an earlier rota) are kept, and
 * Week 1 days never saved leave their Week 2 day at SPEC's default.
 */
async function copyWeekOneIntoWeekTwo(tx: Executor, stylistId: number): Promise<void> {
  const weekOne = await tx
    .select()
    .from(stylistAvailability)
    .where(and(eq(stylistAvailability.stylistId, stylistId), lte(stylistAvailability.dayOfWeek, 7)));
  if (weekOne.length === 0) return;
  const rows = weekOne.map((day) => ({
    stylistId,
    dayOfWeek: day.dayOfWeek + 7,
    isWorking: day.isWorking,
    startTime: day.startTime,
    endTime: day.endTime,
  }));
  await tx.insert(stylistAvailability).values(rows).onConflictDoNothing();
}

export async function setScheduleMode(
  actor: Actor,
  input: { stylistId?: number; scheduleMode: ScheduleMode },
): Promise<{ stylistId: number; scheduleMode: ScheduleMode }> {
  return writeTransaction(async (tx) => {
    const stylist = await managedStylist(actor, input.stylistId, tx);
    if (input.scheduleMode === "biweekly" && stylist.scheduleMode !== "biweekly")
      await copyWeekOneIntoWeekTwo(tx, stylist.id);
    await tx.update(stylists).set({ scheduleMode: input.scheduleMode }).where(eq(stylists.id, stylist.id));
    await publish(tx, "availability", stylist.id);
    return { stylistId: stylist.id, scheduleMode: input.scheduleMode };
  });
}

const timeOffColumns = {
  id: timeOff.id,
  stylistId: timeOff.stylistId,
  startDate: timeOff.startDate,
  endDate: timeOff.endDate,
  startTime: timeOff.startTime,
  endTime: timeOff.endTime,
  reason: timeOff.reason,
  createdAt: timeOff.createdAt,
};

/** Every period of the stylist's time off, earliest first. */
export async function listTimeOff(actor: Actor, requestedId: number | null): Promise<TimeOffPeriod[]> {
  const stylist = await managedStylist(actor, requestedId);
  return db
    .select(timeOffColumns)
    .from(timeOff)
    .where(eq(timeOff.stylistId, stylist.id))
    .orderBy(asc(timeOff.startDate), asc(timeOff.endDate), asc(timeOff.id));
}

/** A scheduled booking that a new period of time off would cover (it stays booked). */
type BookingInTimeOff = {
  id: number;
  startTime: string;
  endTime: string;
  date: string;
  time: string;
  clientName: string | null;
  serviceName: string | null;
};
/** How many covered bookings a refusal lists; the count says how many there are in all. */
const LISTED_BOOKINGS = 50;
export type TimeOffConflicts = { conflicts: BookingInTimeOff[]; conflictCount: number };

/** The covered bookings of a refused addTimeOff, or null for any other error. */
export function timeOffConflictsOf(error: unknown): (TimeOffConflicts & { message: string }) | null {
  return error instanceof NeedsConfirmation && Array.isArray(error.details.conflicts)
    ? { message: error.message, ...(error.details as TimeOffConflicts) }
    : null;
}

/** The instants a period of time off covers: whole salon days, or its hours on its one day. */
function timeOffBounds(input: Pick<TimeOffInput, "startDate" | "endDate" | "startTime" | "endTime">, timeZone: string) {
  if (input.startTime && input.endTime)
    return {
      from: zonedToUtc(input.startDate, input.startTime, timeZone),
      to: zonedToUtc(input.startDate, input.endTime, timeZone),
    };
  return { from: dayBounds(input.startDate, timeZone).start, to: dayBounds(input.endDate, timeZone).end };
}

async function bookingsInRange(tx: Executor, stylistId: number, from: Date, to: Date, timeZone: string) {
  const where = and(
    eq(appointments.stylistId, stylistId),
    eq(appointments.status, "scheduled"),
    // Bounded below too (no appointment lasts over a day), so the (stylist, start) index reads only the range.
    gte(appointments.startTime, new Date(from.getTime() - MAX_SPAN_MINUTES * 60_000).toISOString()),
    lt(appointments.startTime, to.toISOString()),
    gt(appointments.endTime, from.toISOString()),
  );
  const [total] = await tx.select({ n: count() }).from(appointments).where(where);
  const rows = await tx
    .select({
      id: appointments.id,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      clientName: clients.name,
      serviceName: services.name,
    })
    .from(appointments)
    .leftJoin(clients, eq(clients.id, appointments.clientId))
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .where(where)
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(LISTED_BOOKINGS);
  const conflicts: BookingInTimeOff[] = rows.map((row) => ({
    ...row,
    date: dateInZone(row.startTime, timeZone),
    time: timeInZone(row.startTime, timeZone),
  }));
  return { conflicts, total: Number(total?.n ?? 0) };
}

/**
 * Adds whole days off, start and end inclusive, as salon calendar dates, or part of one
 * day (`startTime`-`endTime` on the salon's wall clock, decision 0112). Time off over
 * scheduled bookings needs `confirm` (decision 0062): without it the answer is a
 * NeedsConfirmation listing them. The bookings stay; the calendar marks them.
 */
export async function addTimeOff(actor: Actor, input: TimeOffInput): Promise<TimeOffPeriod> {
  const { timeZone } = await getGlobalSettings();
  return writeTransaction(async (tx) => {
    const stylist = await managedStylist(actor, input.stylistId, tx);
    if (!input.confirm) {
      const { from, to } = timeOffBounds(input, timeZone);
      const { conflicts, total } = await bookingsInRange(tx, stylist.id, from, to, timeZone);
      if (total > 0) {
        const message = `${stylist.name} has ${total === 1 ? "1 booked appointment" : `${total} booked appointments`} in this time off. The bookings stay booked: confirm to add the time off anyway.`;
        throw new NeedsConfirmation<TimeOffConflicts>(message, { conflicts, conflictCount: total });
      }
    }
    const [row] = await tx
      .insert(timeOff)
      .values({
        stylistId: stylist.id,
        startDate: input.startDate,
        endDate: input.endDate,
        startTime: input.startTime ?? null,
        endTime: input.endTime ?? null,
        reason: input.reason,
      })
      .returning(timeOffColumns);
    await publish(tx, "availability", stylist.id);
    return row!;
  });
}

/** One period, for the owner or an admin (the delete confirmation). */
export async function getTimeOff(actor: Actor, id: number): Promise<TimeOffPeriod> {
  await resolveManagedStylist(actor, "availability.manage", null);
  const [row] = await db.select(timeOffColumns).from(timeOff).where(eq(timeOff.id, id)).limit(1);
  if (!row) throw new NotFound(TIME_OFF_NOT_FOUND);
  await managedStylist(actor, row.stylistId);
  return row;
}

/** The owner or an admin removes a period. */
export async function deleteTimeOff(actor: Actor, id: number): Promise<void> {
  await writeTransaction(async (tx) => {
    // The capability is checked before the row's existence is revealed.
    await resolveManagedStylist(actor, "availability.manage", null, tx);
    const [row] = await tx.select(timeOffColumns).from(timeOff).where(eq(timeOff.id, id)).limit(1);
    if (!row) throw new NotFound(TIME_OFF_NOT_FOUND);
    await managedStylist(actor, row.stylistId, tx);
    await tx.delete(timeOff).where(eq(timeOff.id, id));
    await publish(tx, "availability", row.stylistId);
  });
}

// --- What the calendar reads -------------------------------------------------------

type RotaDay = Pick<StoredDay, "stylistId" | "dayOfWeek" | "isWorking" | "startTime" | "endTime">;
type Rota = {
  name: string;
  mode: ScheduleMode;
  days: Map<number, RotaDay>;
  timeOff: Pick<TimeOffPeriod, "startDate" | "endDate" | "startTime" | "endTime" | "reason">[];
};

/** The day numbers (weekly or bi-weekly) the dates firstDate..lastDate can fall on: 2 for one day, all 14 from two weeks on. */
function dayNumbersIn(firstDate: string, lastDate: string): number[] {
  const numbers = new Set<number>();
  for (let date = firstDate, n = 0; date <= lastDate && n < 14; date = addDays(date, 1), n += 1) {
    numbers.add(rotaDayNumber(date, "weekly"));
    numbers.add(rotaDayNumber(date, "biweekly"));
  }
  return [...numbers];
}

/** Each stylist's mode, day entries and the time off touching [firstDate, lastDate]. */
async function loadRotas(
  executor: Executor,
  stylistIds: number[],
  firstDate: string,
  lastDate: string,
): Promise<Map<number, Rota>> {
  const rotas = new Map<number, Rota>();
  if (stylistIds.length === 0) return rotas;
  // One statement at a time: the executor may be the booking's transaction.
  const people = await executor
    .select({ id: stylists.id, name: stylists.name, mode: stylists.scheduleMode })
    .from(stylists)
    .where(inArray(stylists.id, stylistIds));
  // Only the columns and day numbers a schedule needs, as one JSON value: the calendar reads
  // these on every page view, and the driver's cost is per value (docs/decisions/0071).
  const [dayRows] = await executor.all<{ rows: string }>(sql`
    select json_group_array(json_array(stylist_id, day_of_week, is_working, start_time, end_time)) as rows
    from stylist_availability
    where stylist_id in ${stylistIds} and day_of_week in ${dayNumbersIn(firstDate, lastDate)}`);
  const days: RotaDay[] = (JSON.parse(dayRows?.rows ?? "[]") as [number, number, number, string, string][]).map(
    ([stylistId, dayOfWeek, isWorking, startTime, endTime]) => ({
      stylistId,
      dayOfWeek,
      isWorking: Boolean(isWorking),
      startTime,
      endTime,
    }),
  );
  const leave = await executor
    .select({
      stylistId: timeOff.stylistId,
      startDate: timeOff.startDate,
      endDate: timeOff.endDate,
      startTime: timeOff.startTime,
      endTime: timeOff.endTime,
      reason: timeOff.reason,
    })
    .from(timeOff)
    .where(
      and(inArray(timeOff.stylistId, stylistIds), lte(timeOff.startDate, lastDate), gte(timeOff.endDate, firstDate)),
    )
    .orderBy(asc(timeOff.startDate), asc(timeOff.startTime));
  for (const person of people)
    rotas.set(person.id, { name: person.name, mode: person.mode, days: new Map(), timeOff: [] });
  for (const day of days) rotas.get(day.stylistId)?.days.set(day.dayOfWeek, day);
  for (const period of leave) rotas.get(period.stylistId)?.timeOff.push(period);
  return rotas;
}

/** The rota's time off on `date`: the whole day's (if any) and the part-day periods. */
function timeOffOn(rota: Rota | undefined, date: string): Pick<DaySchedule, "timeOff" | "hoursOff"> {
  if (!rota?.timeOff.length) return { timeOff: null };
  let whole: Rota["timeOff"][number] | undefined;
  const hoursOff: HoursOff[] = [];
  for (const period of rota.timeOff) {
    if (period.startDate > date || period.endDate < date) continue;
    if (period.startTime && period.endTime)
      hoursOff.push({ startTime: period.startTime, endTime: period.endTime, reason: period.reason });
    else whole ??= period;
  }
  hoursOff.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return { timeOff: whole ? { reason: whole.reason } : null, ...(hoursOff.length ? { hoursOff } : {}) };
}

function scheduleOn(rota: Rota | undefined, date: string): DaySchedule {
  const dayOfWeek = rotaDayNumber(date, rota?.mode ?? "weekly");
  const entry = rota?.days.get(dayOfWeek) ?? defaultDay(dayOfWeek);
  return { isWorking: entry.isWorking, startTime: entry.startTime, endTime: entry.endTime, ...timeOffOn(rota, date) };
}

/**
 * Each stylist's working hours and time off on one salon date (defaults applied, bi-weekly
 * rota honoured). `date` is already a salon calendar date, so `timeZone` does not change
 * the answer; it is part of the signature the calendar shares with availabilityConflict.
 */
export async function stylistSchedulesForDate(
  stylistIds: number[],
  date: string /* YYYY-MM-DD */,
  timeZone: string,
): Promise<Record<number, DaySchedule>> {
  void timeZone;
  if (!isCalendarDate(date)) throw new Invalid("The date must be a real calendar date as YYYY-MM-DD.");
  const ids = [...new Set(stylistIds)];
  const rotas = await loadRotas(db, ids, date, date);
  return Object.fromEntries(ids.map((id) => [id, scheduleOn(rotas.get(id), date)]));
}

/**
 * Each stylist's schedule on every salon date firstDate..lastDate (the Week and Month views'
 * working time, the online booking page's slots). `executor`: the booking's transaction when
 * read inside one.
 */
export async function stylistSchedulesForDates(
  stylistIds: number[],
  firstDate: string,
  lastDate: string,
  executor: Executor = db,
): Promise<Record<string, Record<number, DaySchedule>>> {
  const ids = [...new Set(stylistIds)];
  const rotas = await loadRotas(executor, ids, firstDate, lastDate);
  const schedules: Record<string, Record<number, DaySchedule>> = {};
  // The dates' day numbers once for everyone (a month for 20 stylists is 840 stylist-days).
  for (let date = firstDate; date <= lastDate; date = addDays(date, 1)) {
    const numbers = { weekly: rotaDayNumber(date, "weekly"), biweekly: rotaDayNumber(date, "biweekly") };
    const day: Record<number, DaySchedule> = (schedules[date] = {});
    for (const id of ids) {
      const rota = rotas.get(id);
      const dayNumber = rota?.mode === "biweekly" ? numbers.biweekly : numbers.weekly;
      const entry = rota?.days.get(dayNumber) ?? defaultDay(dayNumber);
      day[id] = {
        isWorking: entry.isWorking,
        startTime: entry.startTime,
        endTime: entry.endTime,
        ...timeOffOn(rota, date),
      };
    }
  }
  return schedules;
}

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const overlapMinutes = (aStart: string, aEnd: string, bStart: string, bEnd: string) =>
  Math.max(0, Math.min(toMinutes(aEnd), toMinutes(bEnd)) - Math.max(toMinutes(aStart), toMinutes(bStart)));

/**
 * Each stylist's working minutes over each range of salon dates from..to (a report and its
 * previous period, the rotas read once): their rota's hours on working days, days of time
 * off removed. Wall-clock hours, so a 09:00-17:00 day is 480 minutes even when the clocks
 * change that night. Reports divide booked time by it.
 */
export async function workingMinutesForRanges(
  stylistIds: number[],
  ranges: { from: string; to: string }[],
): Promise<Map<number, number>[]> {
  if (ranges.length === 0) return [];
  const ids = [...new Set(stylistIds)];
  const first = ranges.reduce((earliest, range) => (range.from < earliest ? range.from : earliest), ranges[0]!.from);
  const last = ranges.reduce((latest, range) => (range.to > latest ? range.to : latest), ranges[0]!.to);
  const rotas = await loadRotas(db, ids, first, last);
  return ranges.map(({ from, to }) => {
    // The dates' day numbers once for everyone: a year for 20 stylists is 7,000 stylist-days.
    const days: { date: string; weekly: number; biweekly: number }[] = [];
    for (let date = from; date <= to; date = addDays(date, 1))
      days.push({ date, weekly: rotaDayNumber(date, "weekly"), biweekly: rotaDayNumber(date, "biweekly") });
    const totals = new Map<number, number>();
    for (const id of ids) {
      const rota = rotas.get(id);
      const minutesOn = DAY_NUMBERS.map((dayNumber) => {
        const entry = rota?.days.get(dayNumber) ?? defaultDay(dayNumber);
        return entry.isWorking ? Math.max(0, toMinutes(entry.endTime) - toMinutes(entry.startTime)) : 0;
      });
      const leave = rota?.timeOff ?? [];
      let total = 0;
      for (const day of days) {
        const dayNumber = rota?.mode === "biweekly" ? day.biweekly : day.weekly;
        const minutes = minutesOn[dayNumber - 1]!;
        if (minutes === 0) continue;
        const off = leave.length ? timeOffOn(rota, day.date) : null;
        if (off?.timeOff) continue;
        total += minutes;
        // Part-day time off takes the hours it shares with the working day.
        if (off?.hoursOff) {
          const entry = rota?.days.get(dayNumber) ?? defaultDay(dayNumber);
          for (const hours of off.hoursOff)
            total -= overlapMinutes(entry.startTime, entry.endTime, hours.startTime, hours.endTime);
        }
      }
      totals.set(id, total);
    }
    return totals;
  });
}
const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const MAX_SPAN_DAYS = 62;

/**
 * Why a stylist cannot take [start, end) (outside working hours, a day off, or time off: a
 * clear sentence naming the stylist and the hours), or null when they can. The span may
 * cross days; each salon day it touches is checked on the salon's wall clock, so a day
 * on which the clocks change is judged by the times its clocks show.
 */
export async function availabilityConflict(
  executor: Executor,
  stylistId: number,
  start: Date,
  end: Date,
  timeZone: string,
  clock: ClockFormat,
): Promise<string | null> {
  if (!(end.getTime() > start.getTime())) throw new Invalid("An appointment must end after it starts.");
  const firstDate = dateInZone(start, timeZone);
  const lastDate = dateInZone(new Date(end.getTime() - 1), timeZone);
  const rotas = await loadRotas(executor, [stylistId], firstDate, lastDate);
  const rota = rotas.get(stylistId);
  if (!rota) throw new NotFound(STYLIST_NOT_FOUND);

  for (let date = firstDate, n = 0; date <= lastDate && n < MAX_SPAN_DAYS; date = addDays(date, 1), n += 1) {
    const bounds = dayBounds(date, timeZone);
    const from = start > bounds.start ? minutesInZone(start, timeZone) : 0;
    const to = end < bounds.end ? minutesInZone(end, timeZone) : 24 * 60;
    const schedule = scheduleOn(rota, date);
    const when = formatLongDate(date);
    if (schedule.timeOff)
      return `${rota.name} is on time off on ${when}${schedule.timeOff.reason ? ` (${schedule.timeOff.reason})` : ""}.`;
    if (!schedule.isWorking) return `${rota.name} is not working on ${when}.`;
    const span = (first: string, last: string) => `${formatClockTime(first, clock)}-${formatClockTime(last, clock)}`;
    if (from < toMinutes(schedule.startTime) || to > toMinutes(schedule.endTime))
      return `${rota.name} works ${span(schedule.startTime, schedule.endTime)} on ${when}, so ${span(clockTime(from), clockTime(to))} is outside their working hours.`;
    const off = schedule.hoursOff?.find((hours) => from < toMinutes(hours.endTime) && to > toMinutes(hours.startTime));
    if (off)
      return `${rota.name} is on time off ${span(off.startTime, off.endTime)} on ${when}${off.reason ? ` (${off.reason})` : ""}.`;
  }
  if (lastDate > addDays(firstDate, MAX_SPAN_DAYS - 1))
    return `${rota.name} cannot be booked for more than ${MAX_SPAN_DAYS} days at once.`;
  return null;
}
