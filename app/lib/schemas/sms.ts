import { z } from "zod";

export const SMS_ADMIN_ONLY = "Only administrators can access SMS reminder settings.";
export const TEST_ID_REQUIRED = "Please enter an appointment ID to test.";

/** SPEC §5 Test SMS and `POST /api/test-reminder` `{ appointmentId }`. */
export const TestReminderSchema = z.object({
  appointmentId: z.preprocess(
    (value) => (value === "" || value === null ? undefined : typeof value === "string" ? Number(value.trim()) : value),
    z
      .number({ required_error: TEST_ID_REQUIRED, invalid_type_error: "The appointment ID must be a number." })
      .int("The appointment ID must be a whole number.")
      .positive("The appointment ID must be a whole number.")
      .max(Number.MAX_SAFE_INTEGER),
  ),
});

const booleanish = z.union([
  z.boolean(),
  z.enum(["true", "false", "on", "off"]).transform((value) => value === "true" || value === "on"),
]);

/** `PUT /api/stylists/{id}/sms-preference` `{ smsRemindersEnabled }`, and the screen's per-stylist switch. */
export const SmsPreferenceSchema = z.object({ smsRemindersEnabled: booleanish });
