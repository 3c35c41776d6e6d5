import { z } from "zod";

export const SMS_ADMIN_ONLY = "Only administrators can access SMS reminder settings.";
export const TEST_ID_REQUIRED = "Please enter an appointment ID to test.";
/** The screen picks from a list, so nothing chosen is worded for the list. */
export const TEST_CHOICE_REQUIRED = "Please choose an appointment to test.";

const testReminderSchema = (required: string) =>
  z.object({
    appointmentId: z.preprocess(
      (value) =>
        value === "" || value === null ? undefined : typeof value === "string" ? Number(value.trim()) : value,
      z
        .number({ required_error: required, invalid_type_error: "The appointment ID must be a number." })
        .int("The appointment ID must be a whole number.")
        .positive("The appointment ID must be a whole number.")
        .max(Number.MAX_SAFE_INTEGER),
    ),
  });

/** SPEC §5 Test SMS and `POST /api/test-reminder` `{ appointmentId }`. */
export const TestReminderSchema = testReminderSchema(TEST_ID_REQUIRED);
/** The SMS screen's Test SMS: the same field, chosen from the upcoming appointments. */
export const TestReminderFormSchema = testReminderSchema(TEST_CHOICE_REQUIRED);

const booleanish = z.union([
  z.boolean(),
  z.enum(["true", "false", "on", "off"]).transform((value) => value === "true" || value === "on"),
]);

/** `PUT /api/stylists/{id}/sms-preference` `{ smsRemindersEnabled }`, and the screen's per-stylist switch. */
export const SmsPreferenceSchema = z.object({ smsRemindersEnabled: booleanish });
