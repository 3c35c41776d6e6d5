// Test data for SMS reminders: the salon's SMS settings and appointments due a reminder.
import { db } from "#db/client.server";
import { salonSettings, type AppointmentStatus } from "#db/schema";
import { createStylistAndService, createTestAppointment, createTestClient } from "./clients-factories";

export const SECRET = "super-secret-auth-token-4242";

/** Turns SMS on with complete credentials for `provider`, straight in the database. */
export async function configureSms(overrides: Partial<typeof salonSettings.$inferInsert> = {}) {
  await db
    .insert(salonSettings)
    .values({ id: 1, salonName: "Willow & Shear", timeZone: "Europe/London" })
    .onConflictDoNothing();
  await db.update(salonSettings).set({
    salonName: "Willow & Shear",
    timeZone: "Europe/London",
    country: "GB",
    smsEnabled: true,
    smsProvider: "twilio",
    smsApiKey: "AC0123456789abcdef",
    smsApiSecret: SECRET,
    smsFromNumber: "07400 900001",
    reminderHoursBefore: 24,
    reminderTemplate:
      "Hi {clientName}, {serviceName} with {stylistName} at {salonName} on {appointmentDate} at {appointmentTime}.",
    ...overrides,
  });
}

const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();

/** A scheduled appointment starting `hoursAhead` from now, with its client, stylist and service. */
export async function appointmentIn(
  hoursAhead: number,
  options: { client?: Parameters<typeof createTestClient>[0]; status?: AppointmentStatus; startTime?: string } = {},
) {
  const { stylist, service } = await createStylistAndService({ name: "Cut & Colour" });
  const client = await createTestClient(options.client);
  const appointment = await createTestAppointment({
    clientId: client.id,
    stylistId: stylist.id,
    serviceId: service.id,
    startTime: options.startTime ?? hours(hoursAhead),
    status: options.status ?? "scheduled",
  });
  return { appointment, client, stylist, service };
}
