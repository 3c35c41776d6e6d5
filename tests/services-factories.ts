// Test data for services, pricing, availability and time off: real rows in the test database.
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { services, stylistAvailability, stylistPricing, stylists, timeOff, type Role } from "#db/schema";
import { createTestUser, signedIn } from "./factories";

let counter = 0;

export async function createService(overrides: Partial<typeof services.$inferInsert> = {}) {
  counter += 1;
  const [service] = await db
    .insert(services)
    .values({ name: `Service ${counter}`, category: "Hair", duration: 30, price: 2500, ...overrides })
    .returning();
  return service!;
}

/** The stylist record linked to a user (created with the user by syncStylistRecord). */
export async function stylistOf(userId: number) {
  const [stylist] = await db.select().from(stylists).where(eq(stylists.userId, userId)).limit(1);
  if (!stylist) throw new Error(`user ${userId} has no stylist record`);
  return stylist;
}

/** A signed-in stylist plus their stylist record. */
export async function signedInStylist(overrides: Parameters<typeof signedIn>[1] = {}) {
  const actor = await signedIn("stylist", overrides);
  return { ...actor, stylist: await stylistOf(actor.user.id) };
}

/** A stylist who is not signed in: a target for someone else's requests. */
export async function createStylist(overrides: Parameters<typeof createTestUser>[1] = {}) {
  const user = await createTestUser("stylist" satisfies Role, overrides);
  return stylistOf(user.id);
}

export async function setCustomPricing(
  stylistId: number,
  serviceId: number,
  values: { price?: number | null; duration?: number | null },
) {
  await db
    .insert(stylistPricing)
    .values({ stylistId, serviceId, price: values.price ?? null, duration: values.duration ?? null });
}

export async function setDay(
  stylistId: number,
  dayOfWeek: number,
  day: { isWorking?: boolean; startTime?: string; endTime?: string },
) {
  await db.insert(stylistAvailability).values({
    stylistId,
    dayOfWeek,
    isWorking: day.isWorking ?? true,
    startTime: day.startTime ?? "09:00",
    endTime: day.endTime ?? "17:00",
  });
}

export async function setScheduleMode(stylistId: number, scheduleMode: "weekly" | "biweekly") {
  await db.update(stylists).set({ scheduleMode }).where(eq(stylists.id, stylistId));
}

export async function createTimeOff(
  stylistId: number,
  startDate: string,
  endDate: string,
  reason: string | null = null,
) {
  const [row] = await db.insert(timeOff).values({ stylistId, startDate, endDate, reason }).returning();
  return row!;
}
