// Calendar geometry, views and colours (SPEC §2 Calendar, §9): shared by the server
// loader and the browser.
import {
  addDays,
  addMonths,
  formatLongDate,
  formatMonthDay,
  isoDayOfWeek,
  monthStart,
  weekStart,
  type CalendarDate,
} from "./salon-time";
import { lazy } from "./lazy";

/**
 * The Week view draws every stylist's bookings up to this many stylists; with more it shows
 * one stylist at a time with a switcher, which keeps the page within its size budget and
 * each day column wide enough for a time and a client (decision 0114).
 */
export const WEEK_STYLISTS_AT_ONCE = 5;
/** A week busier than this (bookings drawn) shows one stylist at a time too: each block weighs about 0.4 KB. */
export const WEEK_BLOCKS_AT_ONCE = 220;

export const CALENDAR_VIEWS = ["day", "week", "month"] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
export const VIEW_LABELS: Record<CalendarView, string> = { day: "Day", week: "Week", month: "Month" };

/**
 * The booking form's marker that an empty duration means the service's: sent only by the
 * new-booking form rendered without JavaScript (decision 0064). Here, not beside the Zod
 * schema, so the dialog's JavaScript does not pull in Zod.
 */
export const DURATION_FROM_SERVICE = "durationFromService";

/**
 * The booking form's note of the duration it filled in from a stylist and service,
 * `stylistId:serviceId:minutes` (decision 0098). A duration still at those minutes was not
 * typed, so when the stylist or service sent differs (chosen without JavaScript, or before
 * the page hydrated) the server takes the chosen pair's duration instead.
 */
export const FILLED_DURATION = "filledDuration";

/** The marker's value for a duration filled from a stylist and service. */
export function filledDuration(stylistId: number, serviceId: number, minutes: number): string {
  return `${stylistId}:${serviceId}:${minutes}`;
}

/** The marker read back, or null when it is not one. */
export function readFilledDuration(
  marker: string | null | undefined,
): { stylistId: number; serviceId: number; minutes: number } | null {
  const match = /^(\d+):(\d+):(\d+)$/.exec(marker ?? "");
  if (!match) return null;
  const [stylistId, serviceId, minutes] = match.slice(1).map(Number) as [number, number, number];
  return { stylistId, serviceId, minutes };
}

/** The sent duration when it was typed, or undefined when it still follows the stylist and service (a changed pair). */
export function typedDuration(sent: {
  stylistId: number;
  serviceId?: number | null;
  duration?: number;
  filledDuration?: string;
}): number | undefined {
  const filled = readFilledDuration(sent.filledDuration);
  if (!filled || sent.duration === undefined || !sent.serviceId) return sent.duration;
  const { stylistId, serviceId, minutes } = filled;
  const untouched = sent.duration === minutes;
  const pairChanged = stylistId !== sent.stylistId || serviceId !== sent.serviceId;
  return untouched && pairChanged ? undefined : sent.duration;
}

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
export const SLOT_TIMES: string[] = Array.from({ length: GRID_ROWS }, (_, row) =>
  minutesToClock(GRID_START_MINUTES + row * SLOT_MINUTES),
);

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

// Built once: constructing an Intl.DateTimeFormat costs far more than formatting with one.
const MONTH_YEAR = lazy(() => new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }));

export function rangeLabel(view: CalendarView, date: CalendarDate): string {
  if (view === "day") return formatLongDate(date);
  if (view === "month") return MONTH_YEAR().format(new Date(`${date}T12:00:00Z`));
  const { first, last } = viewRange("week", date);
  return `${formatMonthDay(first, first.slice(0, 4) !== last.slice(0, 4))} – ${formatMonthDay(last, true)}`;
}

export const WEEKDAY_INITIALS = ["M", "T", "W", "T", "F", "S", "S"];

export function weekdayShort(date: CalendarDate): string {
  return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][isoDayOfWeek(date) - 1]!;
}

export function calendarHref(
  view: CalendarView,
  date: CalendarDate,
  extra: Record<string, string | undefined> = {},
): string {
  const params = new URLSearchParams({ view, date });
  for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value);
  return `/calendar?${params}`;
}

// SPEC §9: 30 colour classes, chosen by a hash of the service name unless an admin chose
// one for the service (decision 0074). 15 hue families, each light and deep, so no two
// entries are near-identical (the old palette had four pinks side by side). Written out
// in full so Tailwind generates them; the keys are what the database and the API store.
export const SERVICE_COLORS = {
  red: "bg-red-100 border-red-500 text-red-950",
  orange: "bg-orange-100 border-orange-500 text-orange-950",
  amber: "bg-amber-100 border-amber-500 text-amber-950",
  yellow: "bg-yellow-100 border-yellow-500 text-yellow-950",
  lime: "bg-lime-100 border-lime-600 text-lime-950",
  green: "bg-green-100 border-green-600 text-green-950",
  teal: "bg-teal-100 border-teal-500 text-teal-950",
  cyan: "bg-cyan-100 border-cyan-500 text-cyan-950",
  sky: "bg-sky-100 border-sky-500 text-sky-950",
  blue: "bg-blue-100 border-blue-500 text-blue-950",
  indigo: "bg-indigo-100 border-indigo-500 text-indigo-950",
  violet: "bg-violet-100 border-violet-500 text-violet-950",
  fuchsia: "bg-fuchsia-100 border-fuchsia-500 text-fuchsia-950",
  pink: "bg-pink-100 border-pink-500 text-pink-950",
  stone: "bg-stone-100 border-stone-500 text-stone-950",
  "deep-red": "bg-red-300 border-red-700 text-red-950",
  "deep-orange": "bg-orange-300 border-orange-700 text-orange-950",
  "deep-amber": "bg-amber-300 border-amber-700 text-amber-950",
  "deep-yellow": "bg-yellow-300 border-yellow-700 text-yellow-950",
  "deep-lime": "bg-lime-300 border-lime-700 text-lime-950",
  "deep-green": "bg-green-300 border-green-700 text-green-950",
  "deep-teal": "bg-teal-300 border-teal-700 text-teal-950",
  "deep-cyan": "bg-cyan-300 border-cyan-700 text-cyan-950",
  "deep-sky": "bg-sky-300 border-sky-700 text-sky-950",
  "deep-blue": "bg-blue-300 border-blue-700 text-blue-950",
  "deep-indigo": "bg-indigo-300 border-indigo-700 text-indigo-950",
  "deep-violet": "bg-violet-300 border-violet-700 text-violet-950",
  "deep-fuchsia": "bg-fuchsia-300 border-fuchsia-700 text-fuchsia-950",
  "deep-pink": "bg-pink-300 border-pink-700 text-pink-950",
  "deep-stone": "bg-stone-300 border-stone-700 text-stone-950",
} as const;

type ServiceColorKey = keyof typeof SERVICE_COLORS;
export const SERVICE_COLOR_KEYS = Object.keys(SERVICE_COLORS) as [ServiceColorKey, ...ServiceColorKey[]];
export const SERVICE_PALETTE: readonly string[] = Object.values(SERVICE_COLORS);

function isServiceColorKey(value: unknown): value is ServiceColorKey {
  return typeof value === "string" && Object.hasOwn(SERVICE_COLORS, value);
}

/** "deep-teal" -> "Deep teal": the colour's name in the service dialog. */
export function serviceColorLabel(key: ServiceColorKey): string {
  const words = key.split("-").join(" ");
  return words[0]!.toUpperCase() + words.slice(1);
}

export const BLOCKED_CLASSES = "bg-slate-200 border-slate-400 text-slate-700";

/** The palette key a service name hashes to (djb2): its colour unless one was chosen. */
export function defaultServiceColorKey(serviceName: string | null | undefined): ServiceColorKey {
  if (!serviceName) return SERVICE_COLOR_KEYS[0];
  let hash = 5381;
  for (let index = 0; index < serviceName.length; index += 1)
    hash = ((hash << 5) + hash + serviceName.charCodeAt(index)) | 0;
  return SERVICE_COLOR_KEYS[Math.abs(hash) % SERVICE_COLOR_KEYS.length]!;
}

/** A service's palette key: the one an admin chose, or the stable one by its name. */
export function serviceColorKey(serviceName: string | null | undefined, chosen?: string | null): ServiceColorKey {
  return isServiceColorKey(chosen) ? chosen : defaultServiceColorKey(serviceName);
}

/**
 * A service's colour as one class, `sc-<key>` (app/tailwind.css applies the same utilities as
 * SERVICE_COLORS): the Day view draws hundreds of blocks, and three utilities each weighed
 * 30 to 40 bytes of its HTML more (decision 0129).
 */
export function serviceColorClass(serviceName: string | null | undefined, chosen?: string | null): string {
  return `sc-${serviceColorKey(serviceName, chosen)}`;
}

/** BLOCKED_CLASSES as one class, for the Day view's blocks. */
export const BLOCKED_CLASS = "sc-blocked";

/** A service's colour classes: the one an admin chose, or the stable one by its name. */
export function serviceColor(serviceName: string | null | undefined, chosen?: string | null): string {
  return SERVICE_COLORS[isServiceColorKey(chosen) ? chosen : defaultServiceColorKey(serviceName)];
}

/** "Sam Shears" -> "Sam S." (SPEC: stylist first name plus the initial of the surname). */
export function shortStylistName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]!.toUpperCase()}.` : (first ?? "");
}
