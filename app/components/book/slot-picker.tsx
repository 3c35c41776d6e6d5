// The day-and-time step, shared by the booking page and the manage page's "move": a week of
// days that have free times (the next free days first), the chosen day's times below, and
// links to the week before and after. Every choice is a link, so it works without JavaScript.
import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";

export type SlotDay = { date: string; label: string; times: { start: string; label: string }[] };

export type SlotWeek = {
  days: SlotDay[];
  /** The first and last day the week covers, for its heading ("Dec 1 – Dec 7"). */
  rangeLabel: string;
  earlier: string | null;
  later: string | null;
};

const chip =
  "flex min-h-11 items-center justify-center rounded-md px-2 text-sm font-semibold ring-1 ring-inset focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

export function SlotPicker({
  week,
  selectedDate,
  hrefFor,
  headingLevel = 2,
}: {
  week: SlotWeek;
  selectedDate: string | undefined;
  hrefFor: { week: (from: string) => string; date: (date: string) => string; start: (start: string) => string };
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const selected = week.days.find((day) => day.date === selectedDate) ?? week.days[0];
  return (
    <div className="space-y-4">
      <nav aria-label="Weeks" className="flex items-center justify-between gap-2">
        {week.earlier ? (
          <Link to={hrefFor.week(week.earlier)} className={cn(chip, "bg-white px-3 text-slate-800 ring-slate-300")}>
            <span aria-hidden="true">←</span>&nbsp;Earlier
          </Link>
        ) : (
          <span />
        )}
        <p className="text-sm font-medium text-slate-700">{week.rangeLabel}</p>
        {week.later ? (
          <Link to={hrefFor.week(week.later)} className={cn(chip, "bg-white px-3 text-slate-800 ring-slate-300")}>
            Later&nbsp;<span aria-hidden="true">→</span>
          </Link>
        ) : (
          <span />
        )}
      </nav>
      {week.days.length === 0 ? (
        <p className="rounded-lg bg-white p-4 text-slate-700 ring-1 ring-slate-200">
          No free times in these days.{" "}
          {week.later ? (
            <Link to={hrefFor.week(week.later)} className="font-semibold text-brand-700 underline">
              Look at the next days
            </Link>
          ) : (
            "Please call the salon."
          )}
        </p>
      ) : (
        <>
          <Heading className="sr-only">Days with free times</Heading>
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-7">
            {week.days.map((day) => {
              const current = day.date === selected?.date;
              return (
                <li key={day.date}>
                  <Link
                    to={hrefFor.date(day.date)}
                    aria-current={current ? "date" : undefined}
                    className={cn(
                      chip,
                      "h-full flex-col py-1.5 text-center leading-tight",
                      current ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-900 ring-slate-300",
                    )}
                  >
                    {/* "Thu, Dec 3": the weekday above the date, so seven days fit a tablet's row. */}
                    <span>{day.label.split(", ")[0]}</span>
                    <span>{day.label.split(", ").slice(1).join(", ")}</span>
                    <span className={cn("text-xs font-normal", current ? "text-white" : "text-slate-600")}>
                      {day.times.length} free
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {selected ? (
            <section aria-labelledby="times-heading">
              <Heading id="times-heading" className="mb-2 text-base font-semibold text-slate-900">
                Free times on {selected.label}
              </Heading>
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
                {selected.times.map((time) => (
                  <li key={time.start}>
                    <Link
                      to={hrefFor.start(time.start)}
                      className={cn(chip, "bg-white text-brand-800 ring-slate-300 hover:bg-brand-50")}
                    >
                      {time.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
