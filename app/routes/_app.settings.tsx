import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, NavLink, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PageHeader } from "~/components/shell/app-shell";
import { SignOutForm } from "~/components/shell/sign-out-form";
import { backupFailure } from "~/domain/backups.server";
import { can, type Capability } from "~/domain/permissions";
import { cn } from "~/lib/cn";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";

export const meta: MetaFunction = () => [{ title: "Settings" }];

const TABS: { to: string; label: string; capability: Capability }[] = [
  { to: "/settings", label: "Account", capability: "settings.account" },
  { to: "/settings/salon", label: "Salon", capability: "settings.salon" },
  { to: "/settings/staff", label: "Staff Accounts", capability: "users.manage" },
  { to: "/settings/online", label: "Online Booking", capability: "online.manage" },
  { to: "/settings/import", label: "Import Clients", capability: "clients.import" },
  { to: "/settings/notifications", label: "Notifications", capability: "settings.account" },
  { to: "/settings/privacy", label: "Privacy & GDPR", capability: "settings.account" },
  { to: "/settings/backups", label: "Backups", capability: "backups.manage" },
];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "settings.account");
  return {
    tabs: TABS.filter((tab) => can(user.role, tab.capability)).map(({ to, label }) => ({ to, label })),
    // Admins see a failed scheduled backup on every Settings tab.
    backupFailing: can(user.role, "backups.manage") ? (await backupFailure()) !== null : false,
  };
});

function isCurrent(pathname: string, to: string) {
  return to === "/settings" ? pathname === "/settings" || pathname === "/settings/" : pathname.startsWith(to);
}

/** Small screens: a dropdown of the tabs plus Sign Out, as a <details> so it works without JavaScript. */
function TabDropdown({ tabs }: { tabs: { to: string; label: string }[] }) {
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);
  const current = tabs.find((tab) => isCurrent(location.pathname, tab.to))?.label ?? "Settings";
  return (
    <details ref={details} className="relative mb-4 sm:hidden">
      <summary className="flex cursor-pointer items-center justify-between rounded-md bg-white px-3 py-2 text-sm font-medium shadow-sm ring-1 ring-slate-300">
        <span>{current}</span>
        <span aria-hidden="true">▾</span>
      </summary>
      <div className="absolute inset-x-0 z-20 mt-1 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200">
        <nav aria-label="Settings sections (menu)">
          <ul>
            {tabs.map((tab) => (
              <li key={tab.to}>
                <NavLink
                  to={tab.to}
                  end={tab.to === "/settings"}
                  className="block rounded px-3 py-2 text-sm hover:bg-slate-100"
                >
                  {tab.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="border-t border-slate-200 pt-1">
          <SignOutForm className="w-full text-left" />
        </div>
      </div>
    </details>
  );
}

export const shouldRevalidate = revalidateOnOwnParams();

export default function SettingsLayout() {
  const { tabs, backupFailing } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  return (
    // The tabs' Save buttons end their forms, where a toast at the bottom would cover them (and
    // a pointer resting on the toast keeps it): their toasts show at the top.
    <main className="mx-auto max-w-5xl p-4 sm:p-6" data-toasts-at-top>
      <PageHeader title="Settings" description="Your account and the salon's configuration" />
      {backupFailing && !pathname.startsWith("/settings/backups") ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          The last scheduled backup failed.{" "}
          <Link to="/settings/backups" className="font-medium underline">
            See Backups
          </Link>
        </p>
      ) : null}
      <TabDropdown tabs={tabs} />
      <nav aria-label="Settings sections" className="mb-6 hidden border-b border-slate-200 sm:block">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {tabs.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.to === "/settings"}
                className={({ isActive }) =>
                  cn(
                    "inline-block border-b-2 px-3 py-2 text-sm font-medium",
                    isActive
                      ? "border-brand-700 text-brand-800"
                      : "border-transparent text-slate-600 hover:text-slate-900",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
