import type { Capability } from "~/domain/permissions";

/** Icon names, drawn by `NavIcon` (the rail shows only the icon; the label is its tooltip). */
export type NavIconName = "calendar" | "clients" | "services" | "pricing" | "reports" | "sms" | "availability" | "shopping" | "messages" | "gdpr" | "settings";

export type NavItem = { to: string; label: string; capability: Capability; icon: NavIconName };

// SPEC §2 Navigation: the desktop sidebar and the mobile menu list the same screens in
// different orders and words. Both are filtered by the one capability table.
export const SIDEBAR_ITEMS: NavItem[] = [
  { to: "/calendar", label: "Calendar", capability: "calendar.view", icon: "calendar" },
  { to: "/clients", label: "Clients", capability: "clients.view", icon: "clients" },
  { to: "/services", label: "Services", capability: "services.view", icon: "services" },
  { to: "/pricing", label: "Pricing", capability: "pricing.view", icon: "pricing" },
  { to: "/reports", label: "Reports", capability: "reports.view", icon: "reports" },
  { to: "/sms", label: "SMS Reminders", capability: "sms.manage", icon: "sms" },
  { to: "/availability", label: "My Availability", capability: "availability.manage", icon: "availability" },
  { to: "/shopping-list", label: "Shopping List", capability: "shopping.use", icon: "shopping" },
  { to: "/messages", label: "Messages", capability: "messages.use", icon: "messages" },
  { to: "/gdpr", label: "GDPR Compliance", capability: "gdpr.manage", icon: "gdpr" },
  { to: "/settings", label: "Settings", capability: "settings.account", icon: "settings" },
];

export const MOBILE_ITEMS: NavItem[] = [
  { to: "/calendar", label: "Calendar", capability: "calendar.view", icon: "calendar" },
  { to: "/clients", label: "Clients", capability: "clients.view", icon: "clients" },
  { to: "/services", label: "Services", capability: "services.view", icon: "services" },
  { to: "/pricing", label: "Pricing", capability: "pricing.view", icon: "pricing" },
  { to: "/messages", label: "Messages", capability: "messages.use", icon: "messages" },
  { to: "/shopping-list", label: "Shopping List", capability: "shopping.use", icon: "shopping" },
  { to: "/reports", label: "Reports", capability: "reports.view", icon: "reports" },
  { to: "/availability", label: "Availability", capability: "availability.manage", icon: "availability" },
  { to: "/sms", label: "SMS", capability: "sms.manage", icon: "sms" },
  { to: "/gdpr", label: "GDPR Compliance", capability: "gdpr.manage", icon: "gdpr" },
  { to: "/settings", label: "Settings", capability: "settings.account", icon: "settings" },
];
