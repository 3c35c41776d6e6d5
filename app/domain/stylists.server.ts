// Stylist records: the columns of the calendar. Each stylist user has exactly one,
// linked by userId; the record outlives a change of role so that history keeps its name.
import { and, asc, eq } from "drizzle-orm";
import { db, type Executor } from "#db/client.server";
import { stylists, type Stylist, type User } from "#db/schema";
import type { Actor } from "./access.server";
import { can } from "./permissions";

export function displayName(user: Pick<User, "firstName" | "lastName" | "email">): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Keeps a user's stylist record in step with the user: created or revived for stylists, retired otherwise. */
export async function syncStylistRecord(executor: Executor, user: User): Promise<void> {
  const [existing] = await executor.select().from(stylists).where(eq(stylists.userId, user.id)).limit(1);
  const isStylist = user.role === "stylist" && user.isActive;
  if (!existing) {
    if (isStylist) await executor.insert(stylists).values({ userId: user.id, name: displayName(user), email: user.email });
    return;
  }
  await executor
    .update(stylists)
    .set({ name: displayName(user), email: user.email, isActive: isStylist })
    .where(eq(stylists.id, existing.id));
}

export type StylistSummary = Pick<Stylist, "id" | "userId" | "name" | "email" | "smsRemindersEnabled">;
const summaryColumns = {
  id: stylists.id,
  userId: stylists.userId,
  name: stylists.name,
  email: stylists.email,
  smsRemindersEnabled: stylists.smsRemindersEnabled,
};

/** The stylists an actor may see: all active ones for admin and display, only their own for a stylist. */
export function listVisibleStylists(actor: Actor): Promise<StylistSummary[]> {
  const scope = can(actor.role, "stylists.viewAll") ? eq(stylists.isActive, true) : and(eq(stylists.isActive, true), eq(stylists.userId, actor.id));
  return db.select(summaryColumns).from(stylists).where(scope).orderBy(asc(stylists.name), asc(stylists.id));
}

export async function stylistIdForUser(userId: number): Promise<number | null> {
  const [row] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, userId)).limit(1);
  return row?.id ?? null;
}
