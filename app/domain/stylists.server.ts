// Stylist records: the columns of the calendar. Each stylist user has exactly one,
// linked by userId; the record outlives a change of role so that history keeps its name.
import { and, asc, desc, eq } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { calendarFeeds, stylists, type Stylist, type User } from "#db/schema";
import { ONLINE_ADMIN_ONLY } from "~/lib/schemas/online";
import { publish } from "./events.server";
import { assertCan, type Actor } from "./access.server";
import { Forbidden, NotFound } from "./errors";
import { can, type Capability } from "./permissions";
import { stylistsSeeColleagues } from "./settings.server";

export function displayName(user: Pick<User, "firstName" | "lastName" | "email">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Keeps a user's stylist record in step with the user: created or revived for stylists, retired otherwise. */
export async function syncStylistRecord(executor: Executor, user: User): Promise<void> {
  const [existing] = await executor.select().from(stylists).where(eq(stylists.userId, user.id)).limit(1);
  const isStylist = user.role === "stylist" && user.isActive;
  if (!existing) {
    if (isStylist)
      await executor.insert(stylists).values({ userId: user.id, name: displayName(user), email: user.email });
    return;
  }
  await executor
    .update(stylists)
    .set({ name: displayName(user), email: user.email, isActive: isStylist })
    .where(eq(stylists.id, existing.id));
  // A retired stylist's calendar link ends for good: it must not come back with the record.
  if (!isStylist) await executor.delete(calendarFeeds).where(eq(calendarFeeds.stylistId, existing.id));
}

export type StylistSummary = Pick<Stylist, "id" | "userId" | "name" | "email" | "smsRemindersEnabled" | "scheduleMode">;
const summaryColumns = {
  id: stylists.id,
  userId: stylists.userId,
  name: stylists.name,
  email: stylists.email,
  smsRemindersEnabled: stylists.smsRemindersEnabled,
  scheduleMode: stylists.scheduleMode,
};

/** The stylists an actor may see: all active ones for admin and display, only their own for a stylist. */
export function listVisibleStylists(actor: Actor): Promise<StylistSummary[]> {
  const scope = can(actor.role, "stylists.viewAll")
    ? eq(stylists.isActive, true)
    : and(eq(stylists.isActive, true), eq(stylists.userId, actor.id));
  return db.select(summaryColumns).from(stylists).where(scope).orderBy(asc(stylists.name), asc(stylists.id));
}

/** A calendar column: `readOnly` for a colleague's, whose appointments a stylist only looks at. */
export type CalendarStylist = StylistSummary & { readOnly: boolean };

/**
 * Whether the actor sees colleagues' columns read-only: a stylist (or any role without
 * `stylists.viewAll` that has `appointments.write`) while the salon lets stylists see
 * colleagues' calendars (decision 0113).
 */
export async function seesColleaguesReadOnly(actor: Actor): Promise<boolean> {
  if (can(actor.role, "stylists.viewAll") || !can(actor.role, "calendar.view")) return false;
  return stylistsSeeColleagues();
}

/**
 * The calendar's columns for an actor, the one visibility rule of the Day, Week and Month
 * views: every active stylist for admin and display accounts; for a stylist, every active
 * stylist when the salon lets stylists see colleagues' calendars (the others read-only),
 * otherwise their own column only.
 */
export async function listCalendarStylists(actor: Actor): Promise<CalendarStylist[]> {
  if (!(await seesColleaguesReadOnly(actor)))
    return (await listVisibleStylists(actor)).map((stylist) => ({ ...stylist, readOnly: false }));
  const everyone = await db
    .select(summaryColumns)
    .from(stylists)
    .where(eq(stylists.isActive, true))
    .orderBy(asc(stylists.name), asc(stylists.id));
  return everyone.map((stylist) => ({ ...stylist, readOnly: stylist.userId !== actor.id }));
}

/** A stylist as `GET /api/stylists` lists them: whether they still work here is part of the answer. */
export type StylistListing = StylistSummary & { isActive: boolean };
export const INACTIVE_LIST_ADMIN_ONLY = "Only an administrator can list inactive stylists.";

/**
 * `GET /api/stylists`: the active stylists the actor may see (decision 0098); an
 * administrator who asks for them also gets the inactive ones, whose appointments stay.
 */
export async function listStylists(actor: Actor, { includeInactive = false } = {}): Promise<StylistListing[]> {
  if (!includeInactive) return (await listVisibleStylists(actor)).map((stylist) => ({ ...stylist, isActive: true }));
  if (!can(actor.role, "users.manage")) throw new Forbidden(INACTIVE_LIST_ADMIN_ONLY);
  return db
    .select({ ...summaryColumns, isActive: stylists.isActive })
    .from(stylists)
    .orderBy(desc(stylists.isActive), asc(stylists.name), asc(stylists.id));
}

export async function stylistIdForUser(userId: number): Promise<number | null> {
  const [row] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, userId)).limit(1);
  return row?.id ?? null;
}

export const STYLIST_NOT_FOUND = "Stylist not found";

/**
 * The stylist whose prices or hours an actor works on (SPEC §6 "Pricing: admin sees all
 * stylists; non-admin only their own"). A stylist always gets their own record and is
 * refused anyone else's; an admin gets the one asked for, or null until they choose.
 * Only active stylists are managed: a retired record keeps its history untouched.
 */
export async function resolveManagedStylist(
  actor: Actor,
  capability: Extract<Capability, "pricing.view" | "pricing.write" | "availability.manage" | "calendar.feed">,
  requestedId: number | null,
  executor: Executor = db,
): Promise<StylistSummary | null> {
  assertCan(actor, capability);
  if (can(actor.role, "stylists.viewAll")) {
    if (requestedId === null) return null;
    const [stylist] = await executor
      .select(summaryColumns)
      .from(stylists)
      .where(and(eq(stylists.id, requestedId), eq(stylists.isActive, true)))
      .limit(1);
    if (!stylist) throw new NotFound(STYLIST_NOT_FOUND);
    return stylist;
  }
  const [own] = await executor
    .select(summaryColumns)
    .from(stylists)
    .where(and(eq(stylists.userId, actor.id), eq(stylists.isActive, true)))
    .limit(1);
  if (!own) throw new Forbidden("Your account has no stylist profile.");
  if (requestedId !== null && requestedId !== own.id)
    throw new Forbidden("You can only manage your own stylist profile.");
  return own;
}

export type StylistOnlineBooking = { id: number; userId: number | null; name: string; onlineBookable: boolean };

/** Whether each active stylist is offered on the online booking page (the staff screen's switches). */
export function listStylistOnlineBooking(actor: Actor): Promise<StylistOnlineBooking[]> {
  assertCan(actor, "online.manage");
  return db
    .select({ id: stylists.id, userId: stylists.userId, name: stylists.name, onlineBookable: stylists.onlineBookable })
    .from(stylists)
    .where(eq(stylists.isActive, true))
    .orderBy(asc(stylists.name), asc(stylists.id));
}

/** `PUT /api/stylists/{id}/online-booking`: whether clients may choose this stylist online (administrators). */
export async function setStylistOnlineBooking(
  actor: Actor,
  stylistId: number,
  onlineBookable: boolean,
): Promise<StylistOnlineBooking> {
  assertCan(actor, "online.manage", ONLINE_ADMIN_ONLY);
  return writeTransaction(async (tx) => {
    const [row] = await tx
      .update(stylists)
      .set({ onlineBookable })
      .where(and(eq(stylists.id, stylistId), eq(stylists.isActive, true)))
      .returning({
        id: stylists.id,
        userId: stylists.userId,
        name: stylists.name,
        onlineBookable: stylists.onlineBookable,
      });
    if (!row) throw new NotFound(STYLIST_NOT_FOUND);
    await publish(tx, "settings", stylistId);
    return row;
  });
}
