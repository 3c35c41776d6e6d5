import type { CalendarItem } from "~/domain/calendar.server";

/** The mark on a booking that falls in its stylist's time off (decision 0062): a small badge, named for screen readers. */
export function TimeOffMark({ item }: { item: Pick<CalendarItem, "duringTimeOff"> }) {
  if (!item.duringTimeOff) return null;
  return (
    <span className="mr-1 rounded bg-amber-100 px-1 text-amber-900" title="During time off">
      <span aria-hidden="true">!</span>
      <span className="sr-only">During time off: </span>
    </span>
  );
}
