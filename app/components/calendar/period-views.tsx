// Week and Month views. Week: one row per stylist drawn, each day's bookings as compact
// blocks that open the booking, and per day the number booked and the load (decision 0114).
// Month: a summary per day, not every appointment (docs/decisions/0070): the number of
// appointments and the load. Every day opens its Day view (plain links: no JavaScript needed).
import { useNavigate } from "@remix-run/react";
import type { MouseEvent as ReactMouseEvent } from "react";
import type { CalendarItem, DaySummary, LegendEntry, PeriodSummary } from "~/domain/calendar.server";
import {
  BLOCKED_CLASSES,
  calendarHref,
  serviceColor,
  serviceColorKey,
  shortStylistName,
  weekdayShort,
} from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { addDays, daysBetween, formatLongDate, type CalendarDate } from "~/lib/salon-time";
import type { ClockFormat } from "#db/enums";
import { useClockFormat } from "~/components/ui/clock-format";
import { appointmentTitle, clockLabel, statusLabel } from "./labels";

type ViewProps = {
  first: CalendarDate;
  last: CalendarDate;
  date: CalendarDate;
  today: CalendarDate;
  /** `readOnly`: a colleague's row (decision 0113): its blocks open the read-only dialog. */
  stylists: { id: number; name: string; readOnly?: boolean }[];
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

type WeekProps = ViewProps & {
  /** The week's bookings of the stylists drawn (no cancellations). */
  items: CalendarItem[];
  /** The one stylist drawn when there are too many at once (the switcher picks another); null: all of them. */
  weekStylistId: number | null;
  legend: LegendEntry[];
  canWrite: boolean;
  editHref: (id: number) => string;
  viewHref: (id: number) => string;
};

/**
 * A booking in a week's day: its start and client (or blocked time's note) on screen, the
 * service by colour; its name says the whole client and the service. Kept lean: the page
 * carries a few hundred (decision 0114).
 */
function WeekBlock({ item, href }: { item: CalendarItem; href: string | null }) {
  const clock = useClockFormat();
  const blocked = item.status === "blocked";
  const status = statusLabel(item.status);
  const title = appointmentTitle(item);
  const time = clockLabel(item.startMinutes, clock);
  const className = cn(
    blocked ? "c-blocked" : `c-${serviceColorKey(item.serviceName, item.serviceColor)}`,
    item.status === "completed" && "appt-done",
    item.status === "no_show" && "appt-no-show",
    item.status === "requested" && "appt-requested",
  );
  // A client as "Harriet J." to fit a tablet's day column.
  const short = blocked || !item.clientName ? title : shortStylistName(title);
  const name = `${time} ${title}${item.serviceName ? `, ${item.serviceName}` : ""}${status ? `, ${status}` : ""}`;
  const label = name === `${time} ${short}` ? undefined : name;
  const text = (
    <>
      <b>{time}</b>
      {` ${short}`}
    </>
  );
  // Display screens only look: no link to a dialog they may not open.
  return href ? (
    <a href={href} className={className} aria-label={label}>
      {text}
    </a>
  ) : (
    <span className={className}>{text}</span>
  );
}

/**
 * One link handler for the week's blocks: a plain left click opens the booking on the client
 * (as <Link> would, without resolving a path per block); other clicks and no-JavaScript
 * visits follow the href.
 */
function useOpenOnClient() {
  const navigate = useNavigate();
  return (event: ReactMouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(".wk-list > a[href]") : null;
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.getAttribute("href")!, { preventScrollReset: true });
  };
}

const chip =
  "shrink-0 rounded-full border px-3 py-1 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-700";

/**
 * The Week view (decision 0114): seven days by the stylists drawn, each day's bookings as
 * compact blocks (start and client, the service by colour) that open the booking. Up to
 * WEEK_STYLISTS_AT_ONCE stylists all at once; with more, one at a time with a switcher.
 * On a phone each stylist's week becomes a list of days.
 */
export function WeekView({
  first,
  today,
  stylists,
  summary,
  query,
  items,
  weekStylistId,
  legend,
  canWrite,
  editHref,
  viewHref,
}: WeekProps) {
  const clock = useClockFormat();
  const openOnClient = useOpenOnClient();
  const days = Array.from({ length: 7 }, (_, index) => addDays(first, index));
  const dayHref = (day: CalendarDate) => calendarHref("day", day, { q: query || undefined });
  const drawn = weekStylistId ? stylists.filter((stylist) => stylist.id === weekStylistId) : stylists;
  const byCell = new Map<string, CalendarItem[]>();
  for (const item of items) {
    const key = `${item.stylistId} ${item.date}`;
    const list = byCell.get(key);
    if (list) list.push(item);
    else byCell.set(key, [item]);
  }
  // The days' totals over the stylists drawn.
  const totalOf = (day: CalendarDate): DaySummary => {
    const total = { ...EMPTY };
    for (const stylist of drawn) {
      const own = summary?.byStylist?.[day]?.[stylist.id];
      if (!own) continue;
      total.count += own.count;
      total.noShows += own.noShows;
      total.bookedMinutes += own.bookedMinutes;
      total.workingMinutes += own.workingMinutes;
      if (own.first !== null && (total.first === null || own.first < total.first)) total.first = own.first;
      if (own.last !== null && (total.last === null || own.last > total.last)) total.last = own.last;
    }
    return total;
  };
  const hasBlocked = items.some((item) => item.status === "blocked");
  return (
    <div className="p-2 sm:p-4">
      {weekStylistId ? (
        <nav aria-label="Stylists" className="mb-2 flex gap-1 overflow-x-auto pb-1 md:flex-wrap">
          {stylists.map((stylist) => (
            <a
              key={stylist.id}
              href={calendarHref("week", first, { q: query || undefined, stylist: String(stylist.id) })}
              aria-current={stylist.id === weekStylistId ? "page" : undefined}
              className={cn(
                chip,
                stylist.id === weekStylistId
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100",
              )}
            >
              {stylist.name}
            </a>
          ))}
        </nav>
      ) : drawn.length > 1 ? (
        <nav aria-label="Stylists" className="mb-2 flex gap-1 overflow-x-auto pb-1 md:hidden">
          {drawn.map((stylist) => (
            <a
              key={stylist.id}
              href={`#week-stylist-${stylist.id}`}
              className={cn(chip, "border-slate-300 bg-white text-slate-800 hover:bg-slate-100")}
            >
              {stylist.name.split(/\s+/)[0]}
            </a>
          ))}
        </nav>
      ) : null}
      <table
        className="wk-table w-full table-fixed border-separate border-spacing-0 rounded-lg bg-white text-sm ring-1 ring-slate-200"
        data-testid="week-view"
        onClick={canWrite ? openOnClient : undefined}
      >
        <caption className="sr-only">Bookings per stylist and day, each with its start time and client</caption>
        <thead className="max-md:hidden">
          <tr>
            <th scope="col" className="w-28 p-2 text-left text-xs font-semibold text-slate-600">
              Stylist
            </th>
            {days.map((day) => {
              const total = totalOf(day);
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
          {drawn.map((stylist) => (
            <tr key={stylist.id} id={`week-stylist-${stylist.id}`} className="wk-row">
              <th scope="row" className="wk-name">
                {stylist.name}
              </th>
              {days.map((day) => {
                const own = byCell.get(`${stylist.id} ${day}`);
                const summed = summary?.byStylist?.[day]?.[stylist.id] ?? EMPTY;
                const off = summed.count === 0 && summed.bookedMinutes === 0;
                return (
                  <td key={day} className={cn("wk-day", day === today && "wk-today")}>
                    {/* The stylist's day: its summary for screen readers, the load and flags; it opens the Day view. */}
                    <a
                      href={dayHref(day)}
                      className="wk-date"
                      aria-label={`${stylist.name}, ${formatLongDate(day)}: ${summaryLabel(summed, clock)}`}
                    >
                      <span className="font-semibold text-slate-800 md:hidden">
                        {weekdayShort(day)} {Number(day.slice(8))}
                      </span>
                      {summed.count > 0 && summed.workingMinutes === 0 ? (
                        <span className="rounded bg-amber-100 px-1 text-amber-900" title="Outside working hours">
                          !
                        </span>
                      ) : null}
                      <NoShows day={summed} />
                      {off ? (
                        <span className="wk-none">{summed.workingMinutes > 0 ? "Free" : "Off"}</span>
                      ) : (
                        <LoadBar day={summed} />
                      )}
                    </a>
                    {own ? (
                      <div className="wk-list">
                        {own.map((item) => (
                          <WeekBlock
                            key={item.id}
                            item={item}
                            href={!canWrite ? null : stylist.readOnly ? viewHref(item.id) : editHref(item.id)}
                          />
                        ))}
                      </div>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="week-legend" className="mt-3 rounded-lg bg-white p-2 ring-1 ring-slate-200">
        <h2 id="week-legend" className="text-xs font-semibold text-slate-900">
          Service Colors
        </h2>
        {legend.length || hasBlocked ? (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {legend.map(({ name, color }) => (
              <li key={name} className="flex items-center gap-1.5 text-xs text-slate-700">
                <span aria-hidden="true" className={cn("size-3 rounded border", serviceColor(name, color))} />
                {name}
              </li>
            ))}
            {hasBlocked ? (
              <li className="flex items-center gap-1.5 text-xs text-slate-700">
                <span aria-hidden="true" className={cn("size-3 rounded border", BLOCKED_CLASSES)} />
                Blocked time
              </li>
            ) : null}
          </ul>
        ) : (
          <p className="mt-1 text-xs text-slate-600">No bookings this week.</p>
        )}
      </section>
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
