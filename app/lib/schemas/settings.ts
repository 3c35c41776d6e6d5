import { z } from "zod";
import { CLOCK_FORMATS, SMS_PROVIDERS } from "#db/enums";
import { REMINDER_HOURS_RANGE, unknownVariables, unknownVariablesMessage } from "~/lib/sms-template";
import { multiLineText, text } from "./limits";

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the 24-hour HH:MM format");

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_REMINDER_TEMPLATE =
  "Hi {clientName}, this is a reminder of your appointment at {salonName} on {date} at {time}.";

// A sender is a phone number or an alphanumeric sender id (up to 11 letters and digits).
const SENDER = /^(\+?[\d\s().-]{5,25}|[A-Za-z0-9 ]{1,11})$/;

/** The SMS settings (SPEC §3), shared by the SMS screen and the Settings screen's Salon tab. */
const smsSettingsFields = {
  smsEnabled: z.boolean().default(false),
  smsProvider: z.enum(SMS_PROVIDERS).default("twilio"),
  smsApiKey: text({}, 200, "API key").default(""),
  // Blank keeps the stored secret while the provider stays the same: it is never sent back to the browser.
  smsApiSecret: text({}, 200, "API secret").default(""),
  smsFromNumber: z
    .union([
      z.literal(""),
      z.string().trim().max(25).regex(SENDER, "Use a phone number or a sender name of up to 11 letters and digits"),
    ])
    .default(""),
  reminderHoursBefore: z.coerce.number().int().min(REMINDER_HOURS_RANGE.min).max(REMINDER_HOURS_RANGE.max).default(24),
  reminderTemplate: multiLineText({}, 640, "Reminder template")
    .superRefine((value, context) => {
      const unknown = unknownVariables(value);
      if (unknown.length > 0) context.addIssue({ code: "custom", message: unknownVariablesMessage(unknown) });
    })
    .default(DEFAULT_REMINDER_TEMPLATE),
  // Optional: a form without the field keeps the stored country (saves merge over what is stored).
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Use a two-letter country code such as GB")
    .optional(),
};

/** The SMS screen's settings form. */
export const SmsSettingsSchema = z.object(smsSettingsFields);

/** The longest policy text shown to clients before they confirm an online booking. */
export const ONLINE_POLICY_MAX = 1000;
export const ONLINE_LEAD_TIME_RANGE = { min: 0, max: 168 } as const;

const onlineLeadTime = z.coerce
  .number({ invalid_type_error: "Use a whole number of hours" })
  .int("Use a whole number of hours")
  .min(ONLINE_LEAD_TIME_RANGE.min, "Cannot be negative")
  .max(ONLINE_LEAD_TIME_RANGE.max, "At most 168 hours (one week)");
const onlinePolicy = multiLineText({}, ONLINE_POLICY_MAX, "Booking policy");

/**
 * The Online Booking tab's form: an unticked box is sent as nothing, so each switch
 * defaults to off here (the API merges over what is stored instead).
 */
export const OnlineSettingsSchema = z.object({
  onlineBookingEnabled: z.boolean().default(false),
  onlineLeadTimeHours: onlineLeadTime.default(2),
  onlineApproval: z.boolean().default(false),
  onlineNewClients: z.boolean().default(false),
  onlinePolicyText: onlinePolicy.default(""),
});

/** Every salon setting (SPEC §3) plus the salon's time zone. */
export const SalonSettingsSchema = z
  .object({
    salonName: text({}, 120, "Salon name").default(""),
    address: multiLineText({}, 300, "Address").default(""),
    phone: text({}, 40, "Phone").default(""),
    email: z.union([z.literal(""), z.string().trim().max(254, "Invalid email").email("Invalid email")]).default(""),
    openTime: clockTime.default("09:00"),
    closeTime: clockTime.default("18:00"),
    bookingAdvanceLimit: z.coerce
      .number()
      .int("Use a whole number of days")
      .min(1, "At least 1 day")
      .max(730, "At most 730 days")
      .default(30),
    cancellationNotice: z.coerce
      .number()
      .int("Use a whole number of hours")
      .min(0, "Cannot be negative")
      .max(720, "At most 720 hours")
      .default(24),
    timeZone: z
      .string()
      .trim()
      .max(64, "Unknown time zone")
      .refine(isTimeZone, "Unknown time zone")
      .default("Europe/London"),
    clockFormat: z
      .enum(CLOCK_FORMATS, { errorMap: () => ({ message: "Choose the 12-hour or the 24-hour clock" }) })
      .default("12h"),
    ...smsSettingsFields,
    // Optional: the Salon tab's form does not carry them, and a save merges over what is stored.
    onlineBookingEnabled: z.boolean({ invalid_type_error: "Use true or false" }).optional(),
    onlineLeadTimeHours: onlineLeadTime.optional(),
    onlineApproval: z.boolean({ invalid_type_error: "Use true or false" }).optional(),
    onlineNewClients: z.boolean({ invalid_type_error: "Use true or false" }).optional(),
    onlinePolicyText: onlinePolicy.optional(),
  })
  .refine((value) => value.closeTime > value.openTime, {
    path: ["closeTime"],
    message: "Closing time must be after opening time",
  });
