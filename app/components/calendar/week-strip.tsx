import { memo } from "react";
import { PlainLink } from "~/components/ui/plain-link";
import { calendarHref, WEEKDAY_INITIALS, type CalendarView } from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { addDays, formatLongDate, weekStart, type CalendarDate } from "~/lib/salon-time";

/** Monday to Sunday around the selected date, with Prev Week / Next Week (SPEC §2). Plain links: decision 0131. */
export const WeekStrip = memo(function WeekStrip({
  view,
  date,
  today,
  query,
  stylist,
}: {
  view: CalendarView;
  date: CalendarDate;
  today: CalendarDate;
  query: string;
  /** The stylist the Week view shows, kept by Prev Week / Next Week. */
  stylist?: number | null;
}) {
  const monday = weekStart(date);
  const days = Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  const keep = { q: query || undefined, stylist: stylist ? String(stylist) : undefined };
  return (
    <nav aria-label="Week" className="flex items-center gap-1 border-b border-slate-200 bg-white px-2 py-2 sm:px-4">
      <PlainLink
        to={calendarHref(view, addDays(date, -7), keep)}
        className="rounded-md px-2 py-2 text-xs font-semibold text-slate-700 hover:bg-slate-100"
      >
        Prev Week
      </PlainLink>
      <ol className="grid flex-1 grid-cols-7 gap-1">
        {days.map((day, index) => {
          const selected = day === date;
          const isToday = day === today;
          return (
            <li key={day}>
              <PlainLink
                to={calendarHref("day", day, keep)}
                aria-current={selected ? "date" : undefined}
                aria-label={`${formatLongDate(day)}${isToday ? " (today)" : ""}`}
                className={cn(
                  "flex flex-col items-center rounded-md py-1 text-sm",
                  selected
                    ? "bg-brand-700 text-white"
                    : isToday
                      ? "text-brand-800 ring-2 ring-brand-700 ring-inset"
                      : "text-slate-700 hover:bg-slate-100",
                )}
              >
                <span className="text-xs font-medium" aria-hidden="true">
                  {WEEKDAY_INITIALS[index]}
                </span>
                <span className="font-semibold" aria-hidden="true">
                  {Number(day.slice(8))}
                </span>
              </PlainLink>
            </li>
          );
        })}
      </ol>
      <PlainLink
        to={calendarHref(view, addDays(date, 7), keep)}
        className="rounded-md px-2 py-2 text-xs font-semibold text-slate-700 hover:bg-slate-100"
      >
        Next Week
      </PlainLink>
    </nav>
  );
});
