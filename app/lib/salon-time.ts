// Salon wall-clock time. Instants are stored as UTC; days, grid rows and reports are in
// the salon's IANA time zone, so a day can be 23 or 25 hours long when the clocks change.
// Calendar dates are "YYYY-MM-DD" strings and clock times "HH:MM", free of any zone.
import { fromZonedTime } from "date-fns-tz";
import { lazy } from "./lazy";

export type CalendarDate = string; // YYYY-MM-DD
type ClockTime = string; // HH:MM

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isCalendarDate(value: string): value is CalendarDate {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function isClockTime(value: string): value is ClockTime {
  return TIME_PATTERN.test(value);
}

// fromZonedTime formats up to three instants with Intl per call, and a month view asks for
// the bounds of every day it shows. It is a pure function of its arguments (and of the
// process's own zone, which does not change while it runs), so its answers are kept; the
// clock changes' gaps and overlaps come out exactly as fromZonedTime resolves them.
const zonedInstants = new Map<string, number>();

/** The instant at which the salon's clocks show `time` on `date`. */
export function zonedToUtc(date: CalendarDate, time: ClockTime, timeZone: string): Date {
  const key = `${timeZone}|${date}T${time}`;
  let epochMs = zonedInstants.get(key);
  if (epochMs === undefined) {
    epochMs = fromZonedTime(`${date}T${time}:00`, timeZone).getTime();
    if (zonedInstants.size >= 10_000) zonedInstants.clear();
    zonedInstants.set(key, epochMs);
  }
  // A new Date each time: callers may change the one they get.
  return new Date(epochMs);
}

// One formatter per zone, reused: building an Intl.DateTimeFormat is the slow part, and
// the calendar converts hundreds of instants per page.
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

// A zone's UTC offset can only change on a quarter hour, so it is looked up once per
// quarter hour and zone; the calendar converts hundreds of instants per page.
const QUARTER_HOUR_MS = 15 * 60_000;
const offsets = new Map<string, number>();

function offsetMs(epochMs: number, timeZone: string): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  const key = `${timeZone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const at = quarter * QUARTER_HOUR_MS;
    const parts: Record<string, string> = {};
    for (const part of wallClockFormat(timeZone).formatToParts(new Date(at))) parts[part.type] = part.value;
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
    );
    offset = wall - at;
    if (offsets.size > 10_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The salon's calendar date and wall-clock minutes of an instant. */
export function wallClock(instant: Date | string, timeZone: string): { date: CalendarDate; minutes: number } {
  const epochMs = typeof instant === "string" ? Date.parse(instant) : instant.getTime();
  const local = new Date(epochMs + offsetMs(epochMs, timeZone));
  return { date: local.toISOString().slice(0, 10), minutes: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** The salon's calendar date of an instant. */
export function dateInZone(instant: Date | string, timeZone: string): CalendarDate {
  return wallClock(instant, timeZone).date;
}

/** Minutes since the salon's midnight (wall clock, so 09:00 is 540 even on a 23-hour day). */
export function minutesInZone(instant: Date | string, timeZone: string): number {
  return wallClock(instant, timeZone).minutes;
}

/** The salon's wall-clock time of an instant. */
export function timeInZone(instant: Date | string, timeZone: string): ClockTime {
  const minutes = minutesInZone(instant, timeZone);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function todayInZone(timeZone: string, now: Date = new Date()): CalendarDate {
  return dateInZone(now, timeZone);
}

/** [start, end) of the salon's day in UTC. */
export function dayBounds(date: CalendarDate, timeZone: string): { start: Date; end: Date } {
  return { start: zonedToUtc(date, "00:00", timeZone), end: zonedToUtc(addDays(date, 1), "00:00", timeZone) };
}

function utcNoon(date: CalendarDate): Date {
  return new Date(`${date}T12:00:00Z`);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const next = utcNoon(date);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1, 12));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0, 12)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** 1 (Monday) to 7 (Sunday). */
export function isoDayOfWeek(date: CalendarDate): number {
  const day = utcNoon(date).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday of the week holding `date` (weeks start on Monday, SPEC §9). */
export function weekStart(date: CalendarDate): CalendarDate {
  return addDays(date, 1 - isoDayOfWeek(date));
}

export function monthStart(date: CalendarDate): CalendarDate {
  return `${date.slice(0, 7)}-01`;
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcNoon(to).getTime() - utcNoon(from).getTime()) / 86_400_000);
}

// Bi-weekly rotas (see docs/decisions): weeks are counted from Monday 1970-01-05; even
// weeks are "Week 1" (day numbers 1-7) and odd weeks "Week 2" (day numbers 8-14).
const ROTA_EPOCH: CalendarDate = "1970-01-05";

export function rotaWeek(date: CalendarDate): 1 | 2 {
  const weeks = Math.floor(daysBetween(ROTA_EPOCH, date) / 7);
  return ((weeks % 2) + 2) % 2 === 0 ? 1 : 2;
}

/** The availability day number of a date: 1-7, or 8-14 in week 2 of a bi-weekly rota. */
export function rotaDayNumber(date: CalendarDate, mode: "weekly" | "biweekly"): number {
  const day = isoDayOfWeek(date);
  return mode === "biweekly" && rotaWeek(date) === 2 ? day + 7 : day;
}

const LONG_DATE = lazy(
  () =>
    new Intl.DateTimeFormat("en-US", {
      weekday: "long",
      year: "numeric",
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    }),
);

/** SPEC §1: English (US) long format with weekday, e.g. "Sunday, November 22, 2026". */
export function formatLongDate(date: CalendarDate): string {
  return LONG_DATE().format(utcNoon(date));
}

const SHORT_DATE = lazy(
  () =>
    new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }),
);

/** A date in a list or a short label: "Tue, Nov 24". */
export function formatShortDate(date: CalendarDate): string {
  return SHORT_DATE().format(utcNoon(date));
}

const MONTH_DAY = lazy(() => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }));
const MONTH_DAY_YEAR = lazy(
  () => new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }),
);

/** "Nov 3"; with `withYear`, "Nov 3, 2026". */
export function formatMonthDay(date: CalendarDate, withYear = false): string {
  return (withYear ? MONTH_DAY_YEAR : MONTH_DAY)().format(utcNoon(date));
}

/** "9:00 AM" for "09:00" (the salon's 12-hour clock, SPEC's); "9:00" / "13:30" on a 24-hour clock. */
export function formatClockTime(time: ClockTime, clock: "12h" | "24h" = "12h"): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  if (clock === "24h") return `${hours}:${String(minutes).padStart(2, "0")}`;
  // "24:00", the end of a day, is midnight: 12:00 AM.
  const suffix = hours % 24 < 12 ? "AM" : "PM";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}

/** "2:30 PM" to "14:30"; null when it is not a 12-hour time. */
export function parseTwelveHourTime(value: string): ClockTime | null {
  const match = value.trim().match(/^(\d{1,2}):([0-5]\d)\s*([AaPp])\.?[Mm]\.?$/);
  if (!match) return null;
  const hours = Number(match[1]);
  if (hours < 1 || hours > 12) return null;
  const pm = match[3]!.toLowerCase() === "p";
  const twentyFour = (hours % 12) + (pm ? 12 : 0);
  return `${String(twentyFour).padStart(2, "0")}:${match[2]}`;
}
