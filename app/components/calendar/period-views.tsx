// Week and Month views: appointments per day (per stylist in the week); a day's heading
// opens its Day view.
import { Link } from "@remix-run/react";
import type { CalendarItem } from "~/domain/calendar.server";
import { BLOCKED_CLASSES, calendarHref, serviceColor, weekdayShort } from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { addDays, daysBetween, formatLongDate, type CalendarDate } from "~/lib/salon-time";
import { useClockFormat } from "~/components/ui/clock-format";
import { appointmentTitle, clockLabel } from "./labels";

type ViewProps = {
  first: CalendarDate;
  last: CalendarDate;
  date: CalendarDate;
  today: CalendarDate;
  stylists: { id: number; name: string }[];
  items: CalendarItem[];
  query: string;
  /** Null for display accounts, who only look. */
  editHref: ((id: number) => string) | null;
};

function Chip({ item, href }: { item: CalendarItem; href: string | null }) {
  const clock = useClockFormat();
  const className = cn(
    "block truncate rounded border-l-4 px-1.5 py-0.5 text-xs",
    item.status === "blocked" ? BLOCKED_CLASSES : serviceColor(item.serviceName, item.serviceColor),
    item.status === "cancelled" && "line-through opacity-70",
  );
  const text = (
    <>
      <span className="font-semibold">{clockLabel(item.startMinutes, clock)}</span> {appointmentTitle(item)}
    </>
  );
  return href ? (
    <Link to={href} preventScrollReset className={className}>
      {text}
    </Link>
  ) : (
    <span className={className}>{text}</span>
  );
}

function dayLabel(day: CalendarDate) {
  return `${weekdayShort(day)} ${Number(day.slice(8))}`;
}

export function WeekView({ first, today, stylists, items, query, editHref }: ViewProps) {
  const days = Array.from({ length: 7 }, (_, index) => addDays(first, index));
  return (
    <div className="overflow-auto p-2 sm:p-4">
      <table className="w-full min-w-[48rem] table-fixed border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Appointments per stylist and day</caption>
        <thead>
          <tr>
            <th scope="col" className="sticky left-0 z-10 w-28 bg-slate-50 p-2 text-left text-xs font-semibold text-slate-600">
              Stylist
            </th>
            {days.map((day) => (
              <th key={day} scope="col" className="p-1">
                <Link
                  to={calendarHref("day", day, { q: query || undefined })}
                  aria-label={`${formatLongDate(day)}: open the day`}
                  className={cn("block rounded-md px-2 py-1 text-center font-semibold hover:bg-slate-100", day === today ? "text-brand-800 ring-2 ring-brand-700 ring-inset" : "text-slate-800")}
                >
                  {dayLabel(day)}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stylists.map((stylist) => (
            <tr key={stylist.id}>
              <th scope="row" className="sticky left-0 z-10 truncate border-t border-slate-200 bg-slate-50 p-2 text-left font-semibold text-slate-900">
                {stylist.name}
              </th>
              {days.map((day) => {
                const dayItems = items.filter((item) => item.stylistId === stylist.id && item.date === day);
                return (
                  <td key={day} className="border-t border-l border-slate-200 bg-white p-1 align-top">
                    <ul className="space-y-1">
                      {dayItems.map((item) => (
                        <li key={item.id}>
                          <Chip item={item} href={editHref ? editHref(item.id) : null} />
                        </li>
                      ))}
                    </ul>
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

const MONTH_PREVIEW = 3;

export function MonthView({ first, last, date, today, items, query, editHref }: ViewProps) {
  const weeks = Math.round((daysBetween(first, last) + 1) / 7);
  const month = date.slice(0, 7);
  return (
    <div className="p-2 sm:p-4">
      <table className="w-full table-fixed border-collapse overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
        <caption className="sr-only">Appointments per day</caption>
        <thead>
          <tr>
            {["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((name) => (
              <th key={name} scope="col" className="border-b border-slate-200 bg-slate-50 py-1 text-center text-xs font-semibold text-slate-600">
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
                const dayItems = items.filter((item) => item.date === day && item.status !== "cancelled");
                const outside = day.slice(0, 7) !== month;
                return (
                  <td key={day} className={cn("h-24 border border-slate-200 p-1 align-top", outside ? "bg-slate-50" : "bg-white")}>
                    <Link
                      to={calendarHref("day", day, { q: query || undefined })}
                      aria-label={`${formatLongDate(day)}: ${dayItems.length} appointment${dayItems.length === 1 ? "" : "s"}`}
                      className={cn(
                        "mb-1 flex items-center justify-between rounded px-1 text-xs font-semibold hover:bg-slate-100",
                        day === today ? "text-brand-800" : outside ? "text-slate-600" : "text-slate-800",
                      )}
                    >
                      <span className={cn(day === today && "rounded-full bg-brand-700 px-1.5 text-white")}>{Number(day.slice(8))}</span>
                      {dayItems.length ? <span className="font-normal text-slate-600">{dayItems.length}</span> : null}
                    </Link>
                    <ul className="hidden space-y-0.5 sm:block">
                      {dayItems.slice(0, MONTH_PREVIEW).map((item) => (
                        <li key={item.id}>
                          <Chip item={item} href={editHref ? editHref(item.id) : null} />
                        </li>
                      ))}
                    </ul>
                    {dayItems.length > MONTH_PREVIEW ? (
                      <Link to={calendarHref("day", day, { q: query || undefined })} className="hidden px-1 text-xs font-medium text-brand-700 hover:underline sm:block">
                        +{dayItems.length - MONTH_PREVIEW} more
                      </Link>
                    ) : null}
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
