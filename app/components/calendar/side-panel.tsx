// The right-hand panel (not for display accounts): Today's Summary, the Service Colors
// legend and the next 3 Upcoming Appointments. A column from 1280 px; below that a drawer
// over the grid, opened by a toggle whose choice this device remembers (decision 0073).
import { Form, useLocation } from "@remix-run/react";
import { memo, useEffect } from "react";
import { PlainLink } from "~/components/ui/plain-link";
import type { LegendEntry, UpcomingItem } from "~/domain/calendar.server";
import type { DashboardStats } from "~/domain/appointments.server";
import { BLOCKED_CLASSES, serviceColor, serviceColorClass, shortStylistName } from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { formatShortDate } from "~/lib/salon-time";
import { buttonClasses } from "~/components/ui/button";
import { useClockFormat } from "~/components/ui/clock-format";
import { appointmentTitle, clockLabel, statusLabel } from "./labels";

export type PanelPreference = "open" | "closed" | null;

/** What the panel's classes are for a stored preference (none: a column from 1280 px, hidden below). */
function panelClasses(preference: PanelPreference) {
  if (preference === "closed") return "hidden";
  const drawer =
    "absolute inset-y-0 right-0 z-40 w-72 max-w-[85vw] shadow-xl xl:static xl:z-auto xl:w-56 xl:max-w-none xl:shadow-none";
  return preference === "open" ? cn("block", drawer) : cn("hidden xl:block", drawer);
}

const PANEL_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** Stores the choice as the no-JavaScript form would (the server reads the same cookie). */
function rememberPanel(open: boolean) {
  document.cookie = `calendar_panel=${open ? "open" : "closed"}; Path=/; Max-Age=${PANEL_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/**
 * A Show/Hide summary button: a form that posts to the cookie-setting route without
 * JavaScript; with it, `onToggle` switches at once and the cookie is written here.
 */
function PanelToggle({
  open,
  onToggle,
  className,
  children,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  className?: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  return (
    <Form
      method="post"
      action="/resources/calendar-panel"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        rememberPanel(!open);
        onToggle(!open);
      }}
    >
      <input type="hidden" name="open" value={open ? "0" : "1"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-controls="calendar-panel"
        aria-expanded={open}
        className={buttonClasses("secondary", "px-2.5")}
      >
        {children}
      </button>
    </Form>
  );
}

const PanelIcon = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="size-5"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM15 5v14" />
  </svg>
);

/**
 * The header's toggle. Without a stored choice the panel shows from 1280 px only, so the
 * button offers "Show" below that width and "Hide" above it.
 */
export function PanelToggles({
  preference,
  onChange,
}: {
  preference: PanelPreference;
  onChange: (preference: PanelPreference) => void;
}) {
  const label = (open: boolean) => (
    <>
      <PanelIcon />
      <span className="sr-only lg:not-sr-only lg:ml-1.5">{open ? "Hide summary" : "Show summary"}</span>
    </>
  );
  const set = (open: boolean) => onChange(open ? "open" : "closed");
  if (preference !== null) {
    return (
      <PanelToggle open={preference === "open"} onToggle={set}>
        {label(preference === "open")}
      </PanelToggle>
    );
  }
  return (
    <>
      <PanelToggle open={false} onToggle={set} className="xl:hidden">
        {label(false)}
      </PanelToggle>
      <PanelToggle open onToggle={set} className="hidden xl:block">
        {label(true)}
      </PanelToggle>
    </>
  );
}

/** The date of an upcoming entry when it is not today: "Tue, Nov 24". */
function dayLabel(date: string, today: string | undefined) {
  if (!today || date === today) return null;
  return formatShortDate(date);
}

export function UpcomingEntry({ item, href, today }: { item: UpcomingItem; href: string; today?: string }) {
  const day = dayLabel(item.date, today);
  const clock = useClockFormat();
  return (
    <PlainLink to={href} preventScrollReset className="block rounded-md px-2 py-2 hover:bg-slate-50">
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className={cn(
            "size-2.5 shrink-0 rounded-full border",
            item.status === "blocked" ? BLOCKED_CLASSES : serviceColor(item.serviceName, item.serviceColor),
          )}
        />
        <span className="truncate text-sm font-semibold text-slate-900">{appointmentTitle(item)}</span>
      </span>
      <span className="mt-0.5 block text-xs text-slate-600">
        {day ? `${day}, ` : ""}
        {clockLabel(item.startMinutes, clock)}
        {item.serviceName ? ` · ${item.serviceName}` : ""} · {shortStylistName(item.stylistName)}
        {statusLabel(item.status) ? ` · ${statusLabel(item.status)}` : ""}
      </span>
    </PlainLink>
  );
}

/** Drawn again only when its props change, not while a dialog opens over the calendar (decision 0131). */
export const SidePanel = memo(function SidePanel({
  stats,
  upcoming,
  legend,
  editHref,
  allHref,
  today,
  preference,
  onChange,
}: {
  today: string;
  preference: PanelPreference;
  onChange: (preference: PanelPreference) => void;
  stats: DashboardStats;
  upcoming: UpcomingItem[];
  /** The services shown in the view with their colours, by name: the Service Colors legend. */
  legend: LegendEntry[];
  editHref: (id: number) => string;
  allHref: string;
}) {
  const open = preference === "open";
  // Escape closes the drawer (with JavaScript), as it would a dialog.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || document.querySelector("dialog[open]")) return;
      rememberPanel(false);
      onChange("closed");
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, onChange]);
  return (
    <aside
      id="calendar-panel"
      aria-label="Summary"
      className={cn(
        "shrink-0 space-y-4 overflow-y-auto border-l border-slate-200 bg-white p-4",
        panelClasses(preference),
      )}
    >
      <section>
        <div className="flex items-center justify-between gap-2">
          <h2 className="text-sm font-semibold text-slate-900">Today&apos;s Summary</h2>
          {open ? (
            <PanelToggle open onToggle={(next) => onChange(next ? "open" : "closed")} className="xl:hidden">
              <span className="sr-only">Hide summary</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </PanelToggle>
          ) : null}
        </div>
        <dl className="mt-2 divide-y divide-slate-100 rounded-md bg-slate-50 px-3">
          {[
            ["Total Appointments", String(stats.totalAppointments)],
            ["Revenue", formatPence(stats.revenue)],
            ["Pending", String(stats.pending)],
          ].map(([label, value]) => (
            <div key={label} className="flex items-baseline justify-between py-1.5">
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className="text-base font-bold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section>
        <h2 className="text-sm font-semibold text-slate-900">Service Colors</h2>
        {legend.length ? (
          <ul className="mt-2 space-y-1">
            {legend.map(({ name, color }) => (
              <li key={name} className="legend-row">
                <span aria-hidden="true" className={serviceColorClass(name, color)} />
                {name}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-xs text-slate-600">No services on this view.</p>
        )}
      </section>
      <section>
        <h2 className="text-sm font-semibold text-slate-900">Upcoming Appointments</h2>
        {upcoming.length ? (
          <ul className="mt-1 divide-y divide-slate-100">
            {upcoming.map((item) => (
              <li key={item.id}>
                <UpcomingEntry item={item} href={editHref(item.id)} today={today} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No upcoming appointments</p>
        )}
        <PlainLink to={allHref} preventScrollReset className={buttonClasses("secondary", "mt-2 w-full")}>
          View All Appointments
        </PlainLink>
      </section>
    </aside>
  );
});
