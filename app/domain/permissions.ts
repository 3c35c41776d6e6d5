// The capability table of SPEC §6, in one place. Isomorphic on purpose: the server
// enforces it (`requireUser(request, capability)`) and the UI uses the same table to hide what the
// server would refuse. Scope rules (a stylist's own column, own prices) live in the
// domain modules that own the data.
import type { Role } from "#db/enums";

const CAPABILITIES = {
  "calendar.view": ["admin", "stylist", "display"],
  "appointments.write": ["admin", "stylist"],
  // Booking outside a stylist's working hours or in their time off (the dialog's override box).
  "appointments.overrideAvailability": ["admin"],
  // Booking further ahead than the salon's booking advance limit (decision 0062).
  "appointments.beyondAdvanceLimit": ["admin"],
  // Booking a client whose latest patch test failed, with a reason (decision 0126).
  "appointments.overridePatchTest": ["admin"],
  "clients.view": ["admin", "stylist", "display"],
  // Phone, e-mail, notes and other personal details; a wall screen shows names only.
  "clients.contact": ["admin", "stylist"],
  "clients.write": ["admin", "stylist"],
  // The client profile: contact details, history and money figures (decision 0083).
  "clients.profile": ["admin", "stylist"],
  "clients.delete": ["admin"],
  // Recording a client's patch test (append-only; read with the profile, decision 0126).
  "patchTests.record": ["admin", "stylist"],
  // Merging two records of one client (decision 0061).
  "clients.merge": ["admin"],
  "clients.import": ["admin"],
  "services.view": ["admin", "stylist", "display"],
  "services.write": ["admin"],
  "pricing.view": ["admin", "stylist"],
  "pricing.write": ["admin", "stylist"],
  "reports.view": ["admin", "stylist"],
  "availability.manage": ["admin", "stylist"],
  "shopping.use": ["admin", "stylist", "display"],
  "shopping.order": ["admin"],
  "messages.use": ["admin", "stylist", "display"],
  // Deleting someone else's team message; everyone deletes their own.
  "messages.deleteAny": ["admin"],
  "settings.account": ["admin", "stylist"],
  // A stylist's iCalendar subscription link: their own, or any stylist's for an admin.
  "calendar.feed": ["admin", "stylist"],
  "settings.salon": ["admin"],
  "users.manage": ["admin"],
  "sms.manage": ["admin"],
  "gdpr.manage": ["admin"],
  // Settings → Backups: the list, "Back up now" and "Download" (the file holds password hashes).
  "backups.manage": ["admin"],
  "stylists.viewAll": ["admin", "display"],
  // Online booking: the Online Booking tab, which services and stylists are offered.
  "online.manage": ["admin"],
  // Accepting or declining online booking requests (a stylist: those in their own column).
  "online.requests": ["admin", "stylist"],
  // Retail prices, stock and reorder levels of products (decision 0117).
  "products.manage": ["admin"],
  // Taking payment (a stylist: for their own appointments and their own lines); reading sales.
  "sales.take": ["admin", "stylist"],
  "sales.view": ["admin", "stylist"],
  "sales.refund": ["admin"],
  // The day's takings and the cash-up (the Z report).
  "takings.view": ["admin"],
  "takings.cashUp": ["admin"],
  // Setting stylists' commission rates and the commission report.
  "commission.manage": ["admin"],
  // The waitlist: its screen, adding and removing entries (decision 0127).
  "waitlist.manage": ["admin", "stylist"],
} as const satisfies Record<string, readonly Role[]>;

export type Capability = keyof typeof CAPABILITIES;

/**
 * The client on the public booking page, as the booking write sees them: no user record, and
 * no capability at all (no entry of the table above names it), so every rule that excuses
 * staff binds them.
 */
export const ONLINE_CLIENT_ROLE = "online-client";
/** A signed-in user's role, or the online client's. */
export type ActorRole = Role | typeof ONLINE_CLIENT_ROLE;

export function can(role: ActorRole | null | undefined, capability: Capability): boolean {
  if (!role || role === ONLINE_CLIENT_ROLE) return false;
  return (CAPABILITIES[capability] as readonly Role[]).includes(role);
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Administrator",
  stylist: "Stylist",
  display: "Display Account",
};

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Full system access and management",
  stylist: "Book appointments and manage own clients",
  display: "View-only access for salon screens",
};
