// The right-hand panel on large screens (not for display accounts): Today's Summary,
// the Service Colors legend and the next 3 Upcoming Appointments.
import { Link } from "@remix-run/react";
import type { UpcomingItem } from "~/domain/calendar.server";
import type { DashboardStats } from "~/domain/appointments.server";
import { BLOCKED_CLASSES, serviceColor, shortStylistName } from "~/lib/calendar";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { buttonClasses } from "~/components/ui/button";
import { appointmentTitle, clockLabel } from "./labels";

export function UpcomingEntry({ item, href }: { item: UpcomingItem; href: string }) {
  return (
    <Link to={href} preventScrollReset className="block rounded-md px-2 py-2 hover:bg-slate-50">
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className={cn("size-2.5 shrink-0 rounded-full border", item.status === "blocked" ? BLOCKED_CLASSES : serviceColor(item.serviceName))} />
        <span className="truncate text-sm font-semibold text-slate-900">{appointmentTitle(item)}</span>
      </span>
      <span className="mt-0.5 block text-xs text-slate-600">
        {clockLabel(item.startMinutes)}
        {item.serviceName ? ` · ${item.serviceName}` : ""} · {shortStylistName(item.stylistName)}
      </span>
    </Link>
  );
}

export function SidePanel({
  stats,
  upcoming,
  serviceNames,
  editHref,
  allHref,
}: {
  stats: DashboardStats;
  upcoming: UpcomingItem[];
  /** The services shown in the view, sorted: the Service Colors legend. */
  serviceNames: string[];
  editHref: (id: number) => string;
  allHref: string;
}) {
  const legend = serviceNames;
  return (
    <aside aria-label="Summary" className="hidden w-64 shrink-0 space-y-4 overflow-y-auto border-l border-slate-200 bg-white p-4 lg:block">
      <section>
        <h2 className="text-sm font-semibold text-slate-900">Today&apos;s Summary</h2>
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
            {legend.map((name) => (
              <li key={name} className="flex items-center gap-2 text-xs text-slate-700">
                <span aria-hidden="true" className={cn("size-3 rounded border", serviceColor(name))} />
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
                <UpcomingEntry item={item} href={editHref(item.id)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-600">No upcoming appointments</p>
        )}
        <Link to={allHref} preventScrollReset className={buttonClasses("secondary", "mt-2 w-full")}>
          View All Appointments
        </Link>
      </section>
    </aside>
  );
}
