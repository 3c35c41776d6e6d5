import { useLocation } from "@remix-run/react";
import { memo, useEffect, useRef, type ReactNode, type RefObject } from "react";
import { PlainLink } from "~/components/ui/plain-link";
import type { Actor } from "~/domain/access.server";
import { can, ROLE_LABELS } from "~/domain/permissions";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";
import { NavIcon } from "./nav-icon";
import { MOBILE_ITEMS, SIDEBAR_ITEMS, type NavItem } from "./navigation";
import { SignOutForm } from "./sign-out-form";

type ShellUser = Pick<Actor, "email" | "firstName" | "lastName" | "role">;

function fullName(user: ShellUser) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Counts shown beside menu entries, by path (the Messages entry's unread messages, the Requests entry's waiting requests). */
type NavBadges = Partial<Record<string, number>>;
/** What a badge counts, for screen readers. */
const BADGE_WORDS: Record<string, string> = {
  "/requests": "awaiting an answer",
  "/waitlist": "waiting clients a free time fits",
};

function Count({ count, rail, what = "unread" }: { count: number; rail: boolean; what?: string }) {
  return (
    <span
      className={cn(
        "min-w-6 rounded-full bg-brand-700 px-1.5 py-0.5 text-center text-xs font-semibold text-white",
        rail && "rail-count",
      )}
    >
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {what}</span>
    </span>
  );
}

/** The menu entry the page belongs to, as a <NavLink> would mark it: its path or one below it. */
function activeEntry(pathname: string, items: NavItem[]): string | null {
  return items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`))?.to ?? null;
}

/**
 * The menu's links. `rail`: below 1280 px the sidebar is an icon rail, each label hidden
 * but read by screen readers and shown as a tooltip on hover and keyboard focus. Drawn
 * again only when its entries, badges or the current entry change, not on every step of a
 * navigation (plain links, decision 0131).
 */
const NavList = memo(function NavList({
  items,
  user,
  badges,
  shown,
  rail = false,
  className,
  active,
}: {
  items: NavItem[];
  user: ShellUser;
  badges?: NavBadges;
  /** The optional entries to list. */
  shown?: string[];
  rail?: boolean;
  className?: string;
  /** The entry of the current page. */
  active: string | null;
}) {
  return (
    <ul className={cn("space-y-1", className)}>
      {items
        .filter((item) => can(user.role, item.capability) && (!item.optional || shown?.includes(item.to)))
        .map((item) => (
          <li key={item.to}>
            <PlainLink
              to={item.to}
              data-tip={rail ? item.label : undefined}
              aria-current={item.to === active ? "page" : undefined}
              className={cn("nav-link", rail && "rail-link", item.to === active && "nav-link-active")}
            >
              <NavIcon path={item.to} className="size-5 shrink-0" />
              <span className={cn("flex-1", rail && "rail-label")}>{item.label}</span>
              {badges?.[item.to] ? <Count count={badges[item.to]!} rail={rail} what={BADGE_WORDS[item.to]} /> : null}
            </PlainLink>
          </li>
        ))}
    </ul>
  );
});

function UserBadge({ user, rail = false }: { user: ShellUser; rail?: boolean }) {
  return (
    <div className="min-w-0">
      <div className={cn(rail && "rail-label")}>
        <p className="truncate text-sm font-semibold text-slate-900">{fullName(user)}</p>
        <p className="text-xs text-slate-600">{ROLE_LABELS[user.role]}</p>
      </div>
    </div>
  );
}

/**
 * The hamburger menu: a <details> disclosure, so it opens without JavaScript too. It
 * paints above everything on the page (the calendar's sticky headers included) and, with
 * JavaScript, closes with Escape or when the page changes.
 */
function MobileMenu({
  user,
  salonName,
  badges,
  shown,
  active,
}: {
  user: ShellUser;
  salonName: string;
  badges?: NavBadges;
  shown?: string[];
  active: string | null;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const unread = badges?.["/messages"] ?? 0;
  return (
    <details
      ref={details}
      className="group md:hidden"
      onKeyDown={(event) => {
        if (event.key !== "Escape" || !details.current?.open) return;
        details.current.open = false;
        details.current.querySelector("summary")?.focus();
      }}
    >
      <summary
        className="relative cursor-pointer rounded-md p-2 text-slate-700 hover:bg-slate-100"
        aria-label={unread ? `Open menu, ${unread} unread messages` : "Open menu"}
      >
        {unread ? (
          <span
            aria-hidden="true"
            className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-brand-700 ring-2 ring-white"
          />
        ) : null}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </summary>
      <div className="fixed inset-0 top-14 z-50 overflow-y-auto bg-white px-4 py-4 shadow-xl">
        <nav aria-label={`${salonName} menu`}>
          <NavList items={MOBILE_ITEMS} user={user} badges={badges} shown={shown} active={active} />
        </nav>
        <ClosedOnNavigation details={details} />
        <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-200 pt-4">
          <UserBadge user={user} />
          <SignOutForm />
        </div>
      </div>
    </details>
  );
}

type MenuProps = {
  user: ShellUser;
  salonName: string;
  badges?: NavBadges;
  /** The optional menu entries to list (see NavItem). */
  shown?: string[];
};

/**
 * Closes the menu when the page changes. The one part of the menu that follows the address:
 * opening a booking's dialog changes it, and draws only this again (decision 0143).
 */
function ClosedOnNavigation({ details }: { details: RefObject<HTMLDetailsElement> }) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [details, pathname]);
  return null;
}

export function AppShell({ children, ...menu }: MenuProps & { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="min-h-full md:flex">
      <Sidebar {...menu} active={activeEntry(pathname, SIDEBAR_ITEMS)} />
      <MobileHeader {...menu} active={activeEntry(pathname, MOBILE_ITEMS)} />
      <div className="min-w-0 flex-1 md:pl-16 xl:pl-60">{children}</div>
    </div>
  );
}

/** The menu beside the page from 768 px: drawn again only when what it shows changes. */
const Sidebar = memo(function Sidebar({
  user,
  salonName,
  badges,
  shown,
  active,
}: MenuProps & { active: string | null }) {
  return (
    <aside className="hidden w-16 shrink-0 flex-col border-r border-slate-200 bg-white md:fixed md:inset-y-0 md:z-40 md:flex xl:w-60">
      <div className="flex justify-center border-b border-slate-200 px-2 py-4 xl:justify-start xl:px-4">
        <Logo name={salonName} nameClassName="sr-only xl:not-sr-only" />
      </div>
      <nav aria-label="Main" className="flex-1 px-2 py-4 xl:overflow-y-auto xl:px-3">
        <NavList items={SIDEBAR_ITEMS} user={user} badges={badges} shown={shown} rail active={active} />
      </nav>
      <div className="flex flex-col items-center gap-2 border-t border-slate-200 px-2 py-3 xl:flex-row xl:justify-between xl:px-4">
        <UserBadge user={user} rail />
        <SignOutForm rail />
      </div>
    </aside>
  );
});

/** The bar with the menu button below 768 px. */
const MobileHeader = memo(function MobileHeader({ active, ...menu }: MenuProps & { active: string | null }) {
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center justify-between border-b border-slate-200 bg-white px-3 md:hidden">
      <Logo name={menu.salonName} />
      <MobileMenu {...menu} active={active} />
    </header>
  );
});

export function PageHeader({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
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
