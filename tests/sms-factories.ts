// Test data for SMS reminders: the salon's SMS settings and appointments due a reminder.
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { jobRuns, salonSettings, type AppointmentStatus } from "#db/schema";
import { createStylistAndService, createTestAppointment, createTestClient } from "./clients-factories";
import { until } from "./server-process";

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

/**
 * Waits until the reminder loops (of whichever processes) have run `runs` more times: a test
 * that all messages went out once checks afterwards that later runs added none.
 */
export async function afterFurtherLoopRuns(runs: number, diagnostics: () => string): Promise<void> {
  const lastRun = async () =>
    (await db.select().from(jobRuns).where(eq(jobRuns.name, "sms-reminders")))[0]?.lastRunAt ?? "";
  const seen = new Set<string>();
  await until(
    async () => {
      seen.add(await lastRun());
      return seen.size >= runs;
    },
    "further runs of the reminder loops",
    { diagnostics },
  );
}
