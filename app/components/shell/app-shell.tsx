import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import type { Actor } from "~/domain/access.server";
import { can, ROLE_LABELS } from "~/domain/permissions";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";
import { MOBILE_ITEMS, SIDEBAR_ITEMS, type NavItem } from "./navigation";
import { SignOutForm } from "./sign-out-form";

type ShellUser = Pick<Actor, "email" | "firstName" | "lastName" | "role">;

function fullName(user: ShellUser) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Counts shown beside menu entries, by path (the Messages entry's unread messages). */
export type NavBadges = Partial<Record<string, number>>;

function NavList({ items, user, badges, className }: { items: NavItem[]; user: ShellUser; badges?: NavBadges; className?: string }) {
  return (
    <ul className={cn("space-y-1", className)}>
      {items
        .filter((item) => can(user.role, item.capability))
        .map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium",
                  isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              {item.label}
              {badges?.[item.to] ? (
                <span className="min-w-6 rounded-full bg-brand-700 px-1.5 py-0.5 text-center text-xs font-semibold text-white">
                  {badges[item.to]! > 99 ? "99+" : badges[item.to]}
                  <span className="sr-only"> unread</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
    </ul>
  );
}

function UserBadge({ user }: { user: ShellUser }) {
  return (
    <div className="min-w-0">
      <p className="truncate text-sm font-semibold text-slate-900">{fullName(user)}</p>
      <p className="text-xs text-slate-600">{ROLE_LABELS[user.role]}</p>
    </div>
  );
}

/** The hamburger menu: a <details> disclosure, so it opens without JavaScript too. */
function MobileMenu({ user, salonName, badges }: { user: ShellUser; salonName: string; badges?: NavBadges }) {
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const unread = badges?.["/messages"] ?? 0;
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.pathname]);
  return (
    <details ref={details} className="group md:hidden">
      <summary className="relative cursor-pointer rounded-md p-2 text-slate-700 hover:bg-slate-100" aria-label={unread ? `Open menu, ${unread} unread messages` : "Open menu"}>
        {unread ? <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-brand-700 ring-2 ring-white" /> : null}
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="fixed inset-0 top-14 z-40 overflow-y-auto bg-white px-4 py-4 shadow-xl">
        <nav aria-label={`${salonName} menu`}>
          <NavList items={MOBILE_ITEMS} user={user} badges={badges} />
        </nav>
        <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <UserBadge user={user} />
          <SignOutForm />
        </div>
      </div>
    </details>
  );
}

export function AppShell({ user, salonName, badges, children }: { user: ShellUser; salonName: string; badges?: NavBadges; children: ReactNode }) {
  return (
    <div className="min-h-full md:flex">
      <aside className="hidden w-60 shrink-0 flex-col border-r border-slate-200 bg-white md:fixed md:inset-y-0 md:flex">
        <div className="border-b border-slate-200 px-4 py-4">
          <Logo name={salonName} />
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 py-4">
          <NavList items={SIDEBAR_ITEMS} user={user} badges={badges} />
        </nav>
        <div className="flex items-center justify-between gap-2 border-t border-slate-200 px-4 py-3">
          <UserBadge user={user} />
          <SignOutForm />
        </div>
      </aside>
      <header className="sticky top-0 z-30 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-3 md:hidden">
        <Logo name={salonName} />
        <MobileMenu user={user} salonName={salonName} badges={badges} />
      </header>
      <div className="min-w-0 flex-1 md:pl-60">{children}</div>
    </div>
  );
}

export function PageHeader({ title, description, children }: { title: ReactNode; description?: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </div>
  );
}
