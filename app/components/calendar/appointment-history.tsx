// The edit dialog's "History" (decision 0085): the newest changes in a <details> closed by
// default, so the form keeps the dialog's height at 1024×768; 'Show all' opens every entry,
// a page at a time. Plain links and native disclosure: it works without JavaScript.
import { Link } from "@remix-run/react";
import type { HistoryLine } from "~/lib/appointment-history";
import { Pager } from "~/components/ui/pager";

export type HistoryView = {
  lines: HistoryLine[];
  /** Every entry, paged (`?history=all`), rather than the newest few. */
  all: boolean;
  /** The address that shows every entry, when there are more than shown. */
  allHref: string | null;
  /** Back to the newest few, when showing every entry. */
  fewerHref: string | null;
  firstHref: string | null;
  nextHref: string | null;
};

export function AppointmentHistory({ history }: { history: HistoryView }) {
  const { lines, all, allHref, fewerHref, firstHref, nextHref } = history;
  return (
    <section aria-labelledby="appointment-history-title" className="mt-6 border-t border-slate-200 pt-4">
      <h3 id="appointment-history-title" className="text-base font-semibold text-slate-900">
        History
      </h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No changes recorded.</p>
      ) : (
        <details open={all} className="group mt-1 text-sm">
          <summary className="inline-block cursor-pointer list-none py-1 font-semibold text-brand-700 underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">Show latest changes</span>
            <span className="hidden group-open:inline">Hide changes</span>
          </summary>
          <ol className="mt-2 space-y-2" aria-label="Changes, newest first">
            {lines.map((line) => (
              <li key={line.id} className="leading-snug text-slate-700">
                <span className="font-medium text-slate-900">{line.when}</span> — {line.who} {line.action}
                {line.details.length ? `: ${line.details.join(", ")}` : ""}
              </li>
            ))}
          </ol>
          {allHref ? (
            <Link to={allHref} preventScrollReset className="mt-2 inline-block font-semibold text-brand-700 underline">
              Show all
            </Link>
          ) : null}
          {all ? <Pager firstHref={firstHref} nextHref={nextHref} label="History pages" /> : null}
          {fewerHref ? (
            <Link
              to={fewerHref}
              preventScrollReset
              className="mt-2 inline-block font-semibold text-brand-700 underline"
            >
              Show only the latest
            </Link>
          ) : null}
        </details>
      )}
    </section>
  );
}
