// The Reports screen's tabs for administrators (decision 0120): the overview, the day's
// takings with the cash-up, and commission. Plain links: they work without JavaScript.
import { NavLink } from "@remix-run/react";
import { cn } from "~/lib/cn";

const TABS = [
  { to: "/reports", label: "Overview" },
  { to: "/reports/takings", label: "Takings" },
  { to: "/reports/commission", label: "Commission" },
] as const;

export function ReportTabs() {
  return (
    <nav aria-label="Reports sections" className="mb-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold",
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900",
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
