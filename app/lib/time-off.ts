// How a period of time off is worded on the availability screen and its dialogs.
import type { ClockFormat } from "#db/enums";
import { formatClockTime, formatLongDate } from "./salon-time";

type Period = { startDate: string; endDate: string; startTime: string | null; endTime: string | null };

/** "Tuesday, December 15, 2026, 2:00 PM-4:00 PM" for part of a day, "first - last" for whole days. */
export function timeOffRange(period: Period, clock: ClockFormat): string {
  if (period.startTime && period.endTime)
    return `${formatLongDate(period.startDate)}, ${formatClockTime(period.startTime, clock)}-${formatClockTime(period.endTime, clock)}`;
  return `${formatLongDate(period.startDate)} - ${formatLongDate(period.endDate)}`;
}
