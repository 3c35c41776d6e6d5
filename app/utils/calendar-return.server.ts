import { calendarHref, CALENDAR_VIEWS, type CalendarView } from "~/lib/calendar";
import { isCalendarDate } from "~/lib/salon-time";

/** Where a calendar dialog returns: the view, date and search it was opened from (or the date just booked). */
export function calendarReturnPath(url: URL, dateOverride?: string): string {
  const view = url.searchParams.get("view") ?? (dateOverride ? "day" : null);
  const date = dateOverride ?? url.searchParams.get("date");
  if (!view || !date || !(CALENDAR_VIEWS as readonly string[]).includes(view) || !isCalendarDate(date)) return "/calendar";
  return calendarHref(view as CalendarView, date, { q: url.searchParams.get("q") ?? undefined });
}
