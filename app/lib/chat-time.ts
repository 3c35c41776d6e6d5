// The chat's time labels and day headings (SPEC §2 Team Messages, §9): computed in the
// salon's time zone by calendar day, so "Yesterday" flips at the salon's midnight and a
// clock change (a 23- or 25-hour day) does not shift a message into another day.
import type { ClockFormat } from "#db/enums";
import { daysBetween, dateInZone, formatClockTime, formatMonthDay, timeInZone, type CalendarDate } from "./salon-time";
import { lazy } from "./lazy";

const WEEKDAY = lazy(() => new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }));

/** Same day: the time on the salon's clock; 1 day ago: 'Yesterday'; under 7 days: the weekday; otherwise 'Nov 3'. */
export function chatTimeLabel(sentAt: string | Date, now: Date, timeZone: string, clock: ClockFormat): string {
  const day = dateInZone(sentAt, timeZone);
  const age = daysBetween(day, dateInZone(now, timeZone));
  if (age <= 0) return formatClockTime(timeInZone(sentAt, timeZone), clock);
  if (age === 1) return "Yesterday";
  if (age < 7) return WEEKDAY().format(new Date(`${day}T12:00:00Z`));
  return formatMonthDay(day);
}

/** The salon's calendar day a message belongs to, for grouping under a heading. */
export function chatDay(sentAt: string | Date, timeZone: string): CalendarDate {
  return dateInZone(sentAt, timeZone);
}
