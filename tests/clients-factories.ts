// Test data for clients, their appointments and the messages sent to them.
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { toE164 } from "~/lib/phone";
import { appointments, clients, services, smsLog, stylists } from "#db/schema";
import { consentStamp } from "~/domain/clients.server";
import { createTestUser } from "./factories";

let counter = 0;

/** A client as the app writes one: the phone's E.164 form (GB) follows the phone given. */
export async function createTestClient(overrides: Partial<typeof clients.$inferInsert> = {}) {
  counter += 1;
  const phone = overrides.phone ?? `07400 9${String(counter).padStart(5, "0")}`;
  const [client] = await db
    .insert(clients)
    .values({
      name: `Client Number${counter}`,
      email: `client${counter}@example.com`,
      ...consentStamp(),
      ...overrides,
      phone,
      phoneE164: "phoneE164" in overrides ? overrides.phoneE164 : toE164(phone),
    })
    .returning();
  return client!;
}

/** A stylist (with their user) and a service to book. */
export async function createStylistAndService(serviceOverrides: Partial<typeof services.$inferInsert> = {}) {
  const user = await createTestUser("stylist");
  const [stylist] = await db.select().from(stylists).where(eq(stylists.userId, user.id)).limit(1);
  const [service] = await db
    .insert(services)
    .values({ name: "Cut & Blow Dry", category: "Hair", duration: 60, price: 4500, ...serviceOverrides })
    .returning();
  return { user, stylist: stylist!, service: service! };
}

export async function createTestAppointment(values: {
  clientId: number | null;
  stylistId: number;
  serviceId: number;
  startTime: string;
  price?: number;
  notes?: string | null;
  status?: (typeof appointments.$inferInsert)["status"];
}) {
  const start = new Date(values.startTime);
  const [appointment] = await db
    .insert(appointments)
    .values({
      price: 4500,
      status: "scheduled",
      ...values,
      endTime: new Date(start.getTime() + 60 * 60_000).toISOString(),
    })
    .returning();
  return appointment!;
}

export async function createTestSms(values: {
  clientId: number | null;
  appointmentId?: number | null;
  toNumber: string;
  body: string;
}) {
  const [row] = await db
    .insert(smsLog)
    .values({ provider: "twilio", status: "sent", ...values })
    .returning();
  return row!;
}
