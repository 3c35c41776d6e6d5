// Salon wall-clock time. Instants are stored as UTC; days, grid rows and reports are in
// the salon's IANA time zone, so a day can be 23 or 25 hours long when the clocks change.
// Calendar dates are "YYYY-MM-DD" strings and clock times "HH:MM", free of any zone.
import { formatInTimeZone, fromZonedTime } from "date-fns-tz";

export type CalendarDate = string; // YYYY-MM-DD
export type ClockTime = string; // HH:MM

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

/** The instant at which the salon's clocks show `time` on `date`. */
export function zonedToUtc(date: CalendarDate, time: ClockTime, timeZone: string): Date {
  return fromZonedTime(`${date}T${time}:00`, timeZone);
}

/** The salon's calendar date of an instant. */
export function dateInZone(instant: Date | string, timeZone: string): CalendarDate {
  return formatInTimeZone(instant, timeZone, "yyyy-MM-dd");
}

/** The salon's wall-clock time of an instant. */
export function timeInZone(instant: Date | string, timeZone: string): ClockTime {
  return formatInTimeZone(instant, timeZone, "HH:mm");
}

/** Minutes since the salon's midnight (wall clock, so 09:00 is 540 even on a 23-hour day). */
export function minutesInZone(instant: Date | string, timeZone: string): number {
  const [hours, minutes] = timeInZone(instant, timeZone).split(":").map(Number);
  return hours! * 60 + minutes!;
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

/** SPEC §1: English (US) long format with weekday, e.g. "Sunday, November 22, 2026". */
export function formatLongDate(date: CalendarDate): string {
  return new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(utcNoon(date));
}

/** "9:00 AM" for "09:00". */
export function formatClockTime(time: ClockTime): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const suffix = hours < 12 ? "AM" : "PM";
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
