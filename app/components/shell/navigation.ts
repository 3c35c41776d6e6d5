import type { Capability } from "~/domain/permissions";

/** `to` also names the item's icon: `.nav-icon-calendar` for "/calendar" (app/tailwind.css). */
/** `optional`: listed only when the shell is told to (Requests: while online booking is on or requests wait). */
export type NavItem = { to: string; label: string; capability: Capability; optional?: boolean };

// SPEC §2 Navigation: the desktop sidebar and the mobile menu list the same screens in
// different orders and words. Both are filtered by the one capability table.
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/calendar", label: "Calendar", capability: "calendar.view" },
  { to: "/checkout", label: "Checkout", capability: "sales.take" },
  { to: "/requests", label: "Requests", capability: "online.requests", optional: true },
  { to: "/clients", label: "Clients", capability: "clients.view" },
  { to: "/waitlist", label: "Waitlist", capability: "waitlist.manage" },
  { to: "/services", label: "Services", capability: "services.view" },
  { to: "/pricing", label: "Pricing", capability: "pricing.view" },
  { to: "/reports", label: "Reports", capability: "reports.view" },
  { to: "/sms", label: "Reminders", capability: "sms.manage" },
  { to: "/availability", label: "My Availability", capability: "availability.manage" },
  { to: "/shopping-list", label: "Shopping List", capability: "shopping.use" },
  { to: "/messages", label: "Messages", capability: "messages.use" },
  { to: "/gdpr", label: "GDPR Compliance", capability: "gdpr.manage" },
  { to: "/settings", label: "Settings", capability: "settings.account" },
];

export const MOBILE_ITEMS: NavItem[] = [
  { to: "/calendar", label: "Calendar", capability: "calendar.view" },
  { to: "/checkout", label: "Checkout", capability: "sales.take" },
  { to: "/requests", label: "Requests", capability: "online.requests", optional: true },
  { to: "/clients", label: "Clients", capability: "clients.view" },
  { to: "/waitlist", label: "Waitlist", capability: "waitlist.manage" },
  { to: "/services", label: "Services", capability: "services.view" },
  { to: "/pricing", label: "Pricing", capability: "pricing.view" },
  { to: "/messages", label: "Messages", capability: "messages.use" },
  { to: "/shopping-list", label: "Shopping List", capability: "shopping.use" },
  { to: "/reports", label: "Reports", capability: "reports.view" },
  { to: "/availability", label: "Availability", capability: "availability.manage" },
  { to: "/sms", label: "SMS", capability: "sms.manage" },
  { to: "/gdpr", label: "GDPR Compliance", capability: "gdpr.manage" },
  { to: "/settings", label: "Settings", capability: "settings.account" },
];
