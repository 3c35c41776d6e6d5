// Calendar geometry, views and colours (SPEC §2 Calendar, §9): shared by the server
// loader and the browser.
import { addDays, addMonths, formatLongDate, isoDayOfWeek, monthStart, weekStart, type CalendarDate } from "./salon-time";

export const CALENDAR_VIEWS = ["day", "week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const VIEW_LABELS: Record<CalendarView, string> = { day: "Day", week: "Week", month: "Month" };

/**
 * The booking form's marker that an empty duration means the service's: sent only by the
 * new-booking form rendered without JavaScript (decision 0064). Here, not beside the Zod
 * schema, so the dialog's JavaScript does not pull in Zod.
 */
export const DURATION_FROM_SERVICE = "durationFromService";

export const GRID_START_MINUTES = 7 * 60;
export const GRID_END_MINUTES = 23 * 60;
export const SLOT_MINUTES = 15;
export const ROW_HEIGHT_PX = 28;
export const GRID_ROWS = (GRID_END_MINUTES - GRID_START_MINUTES) / SLOT_MINUTES; // 64 rows, 07:00 to 22:45

/** SPEC §4: a positive duration rounds up to the next 15 minutes, 0 becomes 15. */
export function roundDuration(minutes: number): number {
  if (!Number.isFinite(minutes) || minutes <= 0) return SLOT_MINUTES;
  return Math.ceil(minutes / SLOT_MINUTES) * SLOT_MINUTES;
}

/** Pixel offset of a wall-clock minute within the day grid. */
export function minutesToTop(minutes: number): number {
  return ((minutes - GRID_START_MINUTES) / SLOT_MINUTES) * ROW_HEIGHT_PX;
}

/** SPEC §5: 28 px per 15 minutes, at least 28 px. */
export function blockHeight(startMinutes: number, endMinutes: number): number {
  return Math.max(ROW_HEIGHT_PX, ((endMinutes - startMinutes) / SLOT_MINUTES) * ROW_HEIGHT_PX);
}

/** The slot (minutes since midnight) under a vertical offset in the grid. */
export function slotAt(offsetY: number): number {
  const row = Math.min(GRID_ROWS - 1, Math.max(0, Math.floor(offsetY / ROW_HEIGHT_PX)));
  return GRID_START_MINUTES + row * SLOT_MINUTES;
}

export function minutesToClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** Every bookable start time: 07:00 to 22:45 in 15-minute steps. */
export const SLOT_TIMES: string[] = Array.from({ length: GRID_ROWS }, (_, row) => minutesToClock(GRID_START_MINUTES + row * SLOT_MINUTES));

/** The dates a view shows: a day, Monday to Sunday, or the weeks covering a month. */
export function viewRange(view: CalendarView, date: CalendarDate): { first: CalendarDate; last: CalendarDate } {
  if (view === "day") return { first: date, last: date };
  if (view === "week") {
    const first = weekStart(date);
    return { first, last: addDays(first, 6) };
  }
  const first = weekStart(monthStart(date));
  const nextMonth = monthStart(addMonths(monthStart(date), 1));
  const last = addDays(weekStart(addDays(nextMonth, -1)), 6);
  return { first, last };
}

/** Previous and next arrows: 1 day, 7 days or 1 month (SPEC §2). */
export function stepDate(view: CalendarView, date: CalendarDate, direction: 1 | -1): CalendarDate {
  if (view === "day") return addDays(date, direction);
  if (view === "week") return addDays(date, 7 * direction);
  return addMonths(date, direction);
}

export function rangeLabel(view: CalendarView, date: CalendarDate): string {
  if (view === "day") return formatLongDate(date);
  if (view === "month") {
    return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`));
  }
  const { first, last } = viewRange("week", date);
  const format = (value: CalendarDate, withYear: boolean) =>
    new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...(withYear ? { year: "numeric" } : {}), timeZone: "UTC" }).format(new Date(`${value}T12:00:00Z`));
  return `${format(first, first.slice(0, 4) !== last.slice(0, 4))} – ${format(last, true)}`;
}

export const WEEKDAY_INITIALS = ["M", "T", "W", "T", "F", "S", "S"];

export function weekdayShort(date: CalendarDate): string {
  return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][isoDayOfWeek(date) - 1]!;
}

export function calendarHref(view: CalendarView, date: CalendarDate, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams({ view, date });
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return `/calendar?${params}`;
}

// SPEC §9: 30 colour classes, chosen by a hash of the service name. Written out in full
// so Tailwind generates them.
export const SERVICE_PALETTE = [
  "bg-rose-100 border-rose-400 text-rose-950",
  "bg-pink-100 border-pink-400 text-pink-950",
  "bg-fuchsia-100 border-fuchsia-400 text-fuchsia-950",
  "bg-purple-100 border-purple-400 text-purple-950",
  "bg-violet-100 border-violet-400 text-violet-950",
  "bg-indigo-100 border-indigo-400 text-indigo-950",
  "bg-blue-100 border-blue-400 text-blue-950",
  "bg-sky-100 border-sky-400 text-sky-950",
  "bg-cyan-100 border-cyan-400 text-cyan-950",
  "bg-teal-100 border-teal-400 text-teal-950",
  "bg-emerald-100 border-emerald-400 text-emerald-950",
  "bg-green-100 border-green-400 text-green-950",
  "bg-lime-100 border-lime-500 text-lime-950",
  "bg-yellow-100 border-yellow-500 text-yellow-950",
  "bg-amber-100 border-amber-400 text-amber-950",
  "bg-orange-100 border-orange-400 text-orange-950",
  "bg-red-100 border-red-400 text-red-950",
  "bg-stone-200 border-stone-500 text-stone-950",
  "bg-rose-200 border-rose-500 text-rose-950",
  "bg-pink-200 border-pink-500 text-pink-950",
  "bg-fuchsia-200 border-fuchsia-500 text-fuchsia-950",
  "bg-purple-200 border-purple-500 text-purple-950",
  "bg-violet-200 border-violet-500 text-violet-950",
  "bg-indigo-200 border-indigo-500 text-indigo-950",
  "bg-blue-200 border-blue-500 text-blue-950",
  "bg-sky-200 border-sky-500 text-sky-950",
  "bg-teal-200 border-teal-500 text-teal-950",
  "bg-emerald-200 border-emerald-500 text-emerald-950",
  "bg-amber-200 border-amber-500 text-amber-950",
  "bg-orange-200 border-orange-500 text-orange-950",
] as const;

export const BLOCKED_CLASSES = "bg-slate-200 border-slate-400 text-slate-700";

/** A stable colour for a service name (djb2 hash). */
export function serviceColor(serviceName: string | null | undefined): string {
  if (!serviceName) return SERVICE_PALETTE[0];
  let hash = 5381;
  for (let index = 0; index < serviceName.length; index += 1) hash = ((hash << 5) + hash + serviceName.charCodeAt(index)) | 0;
  return SERVICE_PALETTE[Math.abs(hash) % SERVICE_PALETTE.length]!;
}

/** "Sam Shears" -> "Sam S." (SPEC: stylist first name plus the initial of the surname). */
export function shortStylistName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : (first ?? "");
}
