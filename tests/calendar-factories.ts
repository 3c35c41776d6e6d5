// Rows the calendar tests need: stylists with users, services, clients.
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { toE164 } from "~/lib/phone";
import { clients, services, stylists, type Role } from "#db/schema";
import { saveSalonSettings } from "~/domain/settings.server";
import { createTestUser, signedIn } from "./factories";

let counter = 0;

/** A signed-in stylist (or other role) and their stylist record id. */
export async function stylistSession(role: Role = "stylist") {
  const session = await signedIn(role);
  const [record] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, session.user.id));
  return { ...session, stylistId: record?.id ?? 0 };
}

export async function createService(overrides: Partial<typeof services.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(services)
    .values({ name: `Service ${counter}`, category: "Hair", duration: 60, price: 4500, ...overrides })
    .returning();
  return row!;
}

export async function createClient(overrides: Partial<typeof clients.$inferInsert> = {}) {
  counter += 1;
  const phone = overrides.phone ?? `07400 900${String(counter).padStart(3, "0")}`;
  const [row] = await db
    .insert(clients)
    .values({
      name: `Client ${counter}`,
      ...overrides,
      phone,
      phoneE164: "phoneE164" in overrides ? overrides.phoneE164 : toE164(phone),
    })
    .returning();
  return row!;
}

/**
 * Sets the salon's booking advance limit (days) and cancellation notice (hours) through the
 * settings domain, so its cache is cleared too. Tests that book far ahead as a stylist
 * about something else lift the limit with it.
 */
export async function setBookingRules(rules: { bookingAdvanceLimit?: number; cancellationNotice?: number }) {
  const admin = await createTestUser("admin");
  await saveSalonSettings(admin, rules);
}
