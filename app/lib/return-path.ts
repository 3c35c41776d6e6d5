// Where a dialog closes to, and where its form redirects after a save: its screen, with
// only the query parameters that screen reads (search, page size and cursor, tab, stylist,
// calendar view and date), so Cancel and Save both land where the user was.
import { CALENDAR_VIEWS } from "./calendar";
import { isCalendarDate } from "./salon-time";

const KEPT_PARAMS = {
  "/calendar": ["view", "date", "q"],
  "/clients": ["q", "limit"],
  "/services": ["q"],
  "/availability": ["stylist"],
  "/gdpr": ["tab", "cursor", "limit"],
  "/shopping-list": ["completed"],
} as const satisfies Record<string, readonly string[]>;

export type ReturnScreen = keyof typeof KEPT_PARAMS;

/** The calendar needs a valid view and date together, or it opens on today. */
function calendarParamsValid(params: URLSearchParams): boolean {
  const view = params.get("view");
  const date = params.get("date");
  return Boolean(view && date && (CALENDAR_VIEWS as readonly string[]).includes(view) && isCalendarDate(date));
}

/**
 * `screen` with the parameters it keeps, read from `from` (a URL, a location's search or
 * a query string), after `overrides` (the calendar returns to the day just booked).
 */
export function returnPath(
  screen: ReturnScreen,
  from: URL | URLSearchParams | string,
  overrides: Record<string, string> = {},
): string {
  const source = new URLSearchParams(from instanceof URL ? from.search : from);
  for (const [key, value] of Object.entries(overrides)) source.set(key, value);
  if (screen === "/calendar") {
    if (overrides.date && !source.get("view")) source.set("view", "day");
    if (!calendarParamsValid(source)) return screen;
  }
  const kept = new URLSearchParams();
  for (const key of KEPT_PARAMS[screen]) {
    const value = source.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${screen}?${query}` : screen;
}
