// Week and Month views: a summary per day, not every appointment (docs/decisions/0070).
// Week: one row per stylist and a row for the whole salon; each day shows the number of
// appointments, the first start and last end, and how much of the working time is taken.
// Month: per day the number of appointments and the load. Every day opens its Day view
// (plain links: no JavaScript needed).
import type { DaySummary, PeriodSummary } from "~/domain/calendar.server";
import { calendarHref, weekdayShort } from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { addDays, daysBetween, formatLongDate, type CalendarDate } from "~/lib/salon-time";
import type { ClockFormat } from "#db/enums";
import { useClockFormat } from "~/components/ui/clock-format";
import { clockLabel } from "./labels";

type ViewProps = {
  first: CalendarDate;
  last: CalendarDate;
  date: CalendarDate;
  today: CalendarDate;
  stylists: { id: number; name: string }[];
  summary: PeriodSummary | null;
  query: string;
};

/** Percent of the working time taken; a day with bookings but no working hours counts as full. */
function loadPercent(day: DaySummary): number {
  if (day.workingMinutes > 0) return Math.round((day.bookedMinutes / day.workingMinutes) * 100);
  return day.bookedMinutes > 0 ? 100 : 0;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** What a screen reader hears for a day: "3 appointments, 9:00 AM to 5:30 PM, 80% booked". */
function summaryLabel(day: DaySummary, clock?: ClockFormat): string {
  if (day.count === 0 && day.bookedMinutes === 0) return day.workingMinutes > 0 ? "no appointments" : "not working";
  const span =
    day.first !== null && day.last !== null
      ? `, ${clockLabel(day.first, clock)} to ${clockLabel(day.last, clock)}`
      : "";
  // Bookings on a day without working hours: time off added over them, or booked with an override.
  const outside = day.count > 0 && day.workingMinutes === 0 ? ", outside working hours" : "";
  const missed = day.noShows > 0 ? `, ${plural(day.noShows, "no-show")}` : "";
  return `${plural(day.count, "appointment")}${missed}${span}, ${loadPercent(day)}% booked${outside}`;
}

/** The load bar: its fill's width is the percentage taken, its colour the level. */
function LoadBar({ day }: { day: DaySummary }) {
  const percent = loadPercent(day);
  return (
    <span className={cn("load", percent >= 85 ? "load-high" : percent >= 50 && "load-mid")} aria-hidden="true">
      <span style={{ width: `${Math.min(100, percent)}%` }} />
    </span>
  );
}

const EMPTY: DaySummary = { count: 0, noShows: 0, first: null, last: null, bookedMinutes: 0, workingMinutes: 0 };

/** A day's no-shows beside its count: the ⊘ of a no-show block and the number (the label says "no-shows"). */
function NoShows({ day, className }: { day: DaySummary; className?: string }) {
  if (day.noShows === 0) return null;
  return (
    <span className={cn("no-show-count", className)} aria-hidden="true" title={plural(day.noShows, "no-show")}>
      ⊘{day.noShows}
    </span>
  );
}

function WeekCell({ day, href, label }: { day: DaySummary; href: string; label: string }) {
  const clock = useClockFormat();
  const off = day.count === 0 && day.bookedMinutes === 0;
  return (
    <a href={href} aria-label={label} className={cn("week-cell", off && "week-off")}>
      {off ? (
        day.workingMinutes > 0 ? (
          "Free"
        ) : (
          "Off"
        )
      ) : (
        <>
          <b>
            {day.count}
            {day.count > 0 && day.workingMinutes === 0 ? (
              <span
                className="rounded bg-amber-100 px-1 text-amber-900"
                aria-hidden="true"
                title="Outside working hours"
              >
                !
              </span>
            ) : null}
            <NoShows day={day} />
          </b>
          {day.first !== null && day.last !== null ? (
            <>
              <i>{clockLabel(day.first, clock)}</i>
              <i>{clockLabel(day.last, clock)}</i>
            </>
          ) : null}
          <LoadBar day={day} />
        </>
      )}
    </a>
  );
}

export function WeekView({ first, today, stylists, summary, query }: ViewProps) {
  const clock = useClockFormat();
  const days = Array.from({ length: 7 }, (_, index) => addDays(first, index));
  const dayHref = (day: CalendarDate) => calendarHref("day", day, { q: query || undefined });
  return (
    <div className="p-2 sm:p-4">
      <table
        className="week-table w-full table-fixed border-separate border-spacing-0 rounded-lg bg-white text-sm ring-1 ring-slate-200"
        data-testid="week-view"
      >
        <caption className="sr-only">
          Appointments, first and last times and the share of working time booked, per stylist and day
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-20 p-2 text-left text-xs font-semibold text-slate-600 lg:w-28">
              Stylist
            </th>
            {days.map((day) => {
              const total = summary?.days[day] ?? EMPTY;
              return (
                <th key={day} scope="col" className="p-1 align-top">
                  <a
                    href={dayHref(day)}
                    aria-label={`${formatLongDate(day)}: ${summaryLabel(total, clock)}. Open the day`}
                    className={cn(
                      "block rounded-md px-1 py-1 text-center hover:bg-slate-100",
                      day === today ? "text-brand-800 ring-2 ring-brand-700 ring-inset" : "text-slate-800",
                    )}
                  >
                    <span className="block font-semibold">
                      {weekdayShort(day)} {Number(day.slice(8))}
                    </span>
                    {/* Wraps in a narrow phone column instead of running into the next day. */}
                    <span className="flex flex-wrap justify-center gap-x-1 text-[10px] font-normal text-slate-600">
                      <span>{total.count} booked</span>
                      <NoShows day={total} />
                    </span>
                    <LoadBar day={total} />
                  </a>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {stylists.map((stylist) => (
            <tr key={stylist.id}>
              <th
                scope="row"
                className="truncate border-t border-slate-200 px-2 py-1 text-left text-xs font-semibold text-slate-900 lg:text-sm"
              >
                {stylist.name}
              </th>
              {days.map((day) => {
                const own = summary?.byStylist?.[day]?.[stylist.id] ?? EMPTY;
                return (
                  <td key={day} className="border-t border-l border-slate-200 p-0.5 align-top">
                    <WeekCell
                      day={own}
                      href={dayHref(day)}
                      label={`${stylist.name}, ${formatLongDate(day)}: ${summaryLabel(own, clock)}`}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MonthView({ first, last, date, today, summary, query }: ViewProps) {
  const clock = useClockFormat();
  const weeks = Math.round((daysBetween(first, last) + 1) / 7);
  const month = date.slice(0, 7);
  return (
    <div className="p-2 sm:p-4">
      <table
        className="w-full table-fixed border-collapse overflow-hidden rounded-lg bg-white ring-1 ring-slate-200"
        data-testid="month-view"
      >
        <caption className="sr-only">Appointments and the share of working time booked, per day</caption>
        <thead>
          <tr>
            {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((name) => (
              <th
                key={name}
                scope="col"
                className="border-b border-slate-200 bg-slate-50 py-1 text-center text-xs font-semibold text-slate-600"
              >
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: weeks }, (_, week) => (
            <tr key={week}>
              {Array.from({ length: 7 }, (_, weekday) => {
                const day = addDays(first, week * 7 + weekday);
                const total = summary?.days[day] ?? EMPTY;
                const outside = day.slice(0, 7) !== month;
                return (
                  <td key={day} className={cn("border border-slate-200 p-0 align-top", outside && "bg-slate-50")}>
                    <a
                      href={calendarHref("day", day, { q: query || undefined })}
                      aria-label={`${formatLongDate(day)}: ${summaryLabel(total, clock)}`}
                      className={cn(
                        "month-cell",
                        day === today ? "text-brand-800" : outside ? "text-slate-600" : "text-slate-900",
                      )}
                    >
                      <span
                        className={cn(
                          "self-start font-semibold",
                          day === today && "rounded-full bg-brand-700 px-1.5 text-white",
                        )}
                      >
                        {Number(day.slice(8))}
                      </span>
                      {total.count || total.bookedMinutes ? (
                        <>
                          <span className="text-xs text-slate-700">
                            <b className="text-sm">{total.count}</b> <span className="hidden sm:inline">booked</span>
                            <NoShows day={total} className="ml-1" />
                          </span>
                          <LoadBar day={total} />
                          <span className="hidden text-xs text-slate-600 sm:block">{loadPercent(total)}%</span>
                        </>
                      ) : null}
                    </a>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
