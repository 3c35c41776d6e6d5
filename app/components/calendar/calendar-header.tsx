import { Form, useNavigate } from "@remix-run/react";
import { memo, type ReactNode } from "react";
import { PlainLink } from "~/components/ui/plain-link";
import { useFieldState } from "~/hooks/use-field-state";
import { buttonClasses } from "~/components/ui/button";
import { controlClasses } from "~/components/ui/field";
import { CALENDAR_VIEWS, calendarHref, rangeLabel, stepDate, VIEW_LABELS, type CalendarView } from "~/lib/calendar";
import { cn } from "~/lib/cn";
import type { CalendarDate } from "~/lib/salon-time";
import { useClientSuggestions } from "./client-picker";

function Arrow({ direction }: { direction: "left" | "right" }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={direction === "left" ? "M12 5l-5 5 5 5" : "M8 5l5 5-5 5"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

type HeaderProps = {
  view: CalendarView;
  date: CalendarDate;
  today: CalendarDate;
  query: string;
  /** The stylist the Week view shows, kept across its pages; null when it shows them all. */
  stylist?: number | null;
  newBookingHref: string | null;
  panelToggle?: ReactNode;
};

/** Drawn again only when its props change, not while a dialog opens over the calendar (plain links, decision 0131). */
export const CalendarHeader = memo(function CalendarHeader({
  view,
  date,
  today,
  query,
  stylist,
  newBookingHref,
  panelToggle,
}: HeaderProps) {
  const keep = { q: query || undefined, stylist: stylist ? String(stylist) : undefined };
  return (
    <div className="flex flex-col gap-2 border-b border-slate-200 bg-white px-3 py-2 sm:gap-3 sm:px-4 sm:py-3">
      <div className="flex items-start gap-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-x-3">
          <h1 className="text-xl font-bold tracking-tight text-slate-900">{VIEW_LABELS[view]} Schedule</h1>
          <p className="text-sm font-medium text-slate-600" aria-live="polite">
            {rangeLabel(view, date)}
          </p>
        </div>
        {panelToggle}
        {newBookingHref ? (
          <PlainLink to={newBookingHref} className={buttonClasses("primary", "shrink-0 px-3")} preventScrollReset>
            <span className="hidden sm:inline">New Booking</span>
            <span className="sm:hidden">Book</span>
          </PlainLink>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label="Calendar dates" className="flex items-center gap-1">
          <PlainLink
            to={calendarHref(view, stepDate(view, date, -1), keep)}
            className={buttonClasses("secondary", "px-2")}
            aria-label={`Previous ${VIEW_LABELS[view].toLowerCase()}`}
          >
            <Arrow direction="left" />
          </PlainLink>
          <PlainLink to={calendarHref(view, today, keep)} className={buttonClasses("secondary", "px-3")}>
            Today
          </PlainLink>
          <PlainLink
            to={calendarHref(view, stepDate(view, date, 1), keep)}
            className={buttonClasses("secondary", "px-2")}
            aria-label={`Next ${VIEW_LABELS[view].toLowerCase()}`}
          >
            <Arrow direction="right" />
          </PlainLink>
        </nav>
        <nav aria-label="Calendar view" className="flex rounded-md bg-slate-100 p-0.5">
          {CALENDAR_VIEWS.map((option) => (
            <PlainLink
              key={option}
              to={calendarHref(option, date, keep)}
              aria-current={option === view ? "page" : undefined}
              className={cn(
                "rounded px-3 py-1.5 text-sm font-medium",
                option === view ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {VIEW_LABELS[option]}
            </PlainLink>
          ))}
        </nav>
        <ClientSearch view={view} date={date} query={query} />
      </div>
    </div>
  );
});

/**
 * The header's client search. Submitted, it filters the view to matching clients (also
 * without JavaScript); with JavaScript it suggests clients as you type, and picking one
 * opens that client's upcoming appointments across dates.
 */
function ClientSearch({ view, date, query }: { view: CalendarView; date: CalendarDate; query: string }) {
  const navigate = useNavigate();
  const [term, setTerm] = useFieldState(query, "calendar-search");
  const suggestions = useClientSuggestions(term, true, (client) => {
    navigate(
      `/calendar/upcoming?${new URLSearchParams({ view, date, client: String(client.id), ...(query ? { q: query } : {}) })}`,
      { preventScrollReset: true },
    );
  });
  return (
    <Form
      method="get"
      action="/calendar"
      role="search"
      className="relative flex min-w-40 flex-1 gap-2 sm:ml-auto sm:max-w-xs"
    >
      <input type="hidden" name="view" value={view} />
      <input type="hidden" name="date" value={date} />
      <label htmlFor="calendar-search" className="sr-only">
        Search clients
      </label>
      <input
        id="calendar-search"
        type="search"
        name="q"
        maxLength={100}
        value={term}
        {...suggestions.inputProps}
        onChange={(event) => {
          setTerm(event.target.value);
          suggestions.typed();
        }}
        placeholder="Search clients..."
        className={controlClasses}
      />
      {suggestions.list}
    </Form>
  );
}
