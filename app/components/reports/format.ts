// Date wording for the Reports screen, without the time-zone library (the dates are
// already salon calendar dates).
const SHORT = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** "Oct 19" */
export function shortDate(date: string): string {
  return SHORT.format(noon(date));
}

/** "October 19, 2026 – October 25, 2026", or one date. */
export function dateRange(from: string, to: string): string {
  return from === to ? LONG.format(noon(from)) : `${LONG.format(noon(from))} – ${LONG.format(noon(to))}`;
}
