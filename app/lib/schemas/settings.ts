import { z } from "zod";
import { CLOCK_FORMATS, SMS_PROVIDERS, SMTP_SECURITIES } from "#db/enums";
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

const templateVariablesKnown = (value: string, context: z.RefinementCtx) => {
  const unknown = unknownVariables(value);
  if (unknown.length > 0) context.addIssue({ code: "custom", message: unknownVariablesMessage(unknown) });
};
const emailAddress = (label: string) =>
  z
    .union([z.literal(""), z.string().trim().max(254, `${label}: invalid e-mail`).email(`${label}: invalid e-mail`)])
    .default("");
// A host name or an address: letters, digits, dots, hyphens, colons (IPv6), brackets.
const HOST = /^[A-Za-z0-9.:[\]-]+$/;

/** The e-mail settings (the Reminders screen's E-mail section and /api/salon-settings). */
export const emailSettingsFields = {
  emailEnabled: z.boolean().default(false),
  smtpHost: z
    .union([z.literal(""), z.string().trim().max(253).regex(HOST, "Use a host name such as smtp.example.com")])
    .default(""),
  smtpPort: z.coerce
    .number()
    .int("Use a port number")
    .min(1, "Use a port from 1 to 65535")
    .max(65535, "Use a port from 1 to 65535")
    .default(587),
  smtpSecurity: z
    .enum(SMTP_SECURITIES, { errorMap: () => ({ message: "Choose STARTTLS, TLS or none" }) })
    .default("starttls"),
  smtpUser: text({}, 254, "SMTP user").default(""),
  // Blank keeps the stored password while the host stays the same: it is never sent back to the browser.
  smtpPassword: text({}, 254, "SMTP password").default(""),
  emailFrom: emailAddress("From address"),
  emailReplyTo: emailAddress("Reply-to address"),
  emailConfirmationSubject: text({}, 200, "Confirmation subject").superRefine(templateVariablesKnown).default(""),
  emailConfirmationText: multiLineText({}, 2000, "Confirmation text").superRefine(templateVariablesKnown).default(""),
  emailChangeSubject: text({}, 200, "Change subject").superRefine(templateVariablesKnown).default(""),
  emailChangeText: multiLineText({}, 2000, "Change text").superRefine(templateVariablesKnown).default(""),
  emailCancellationSubject: text({}, 200, "Cancellation subject").superRefine(templateVariablesKnown).default(""),
  emailCancellationText: multiLineText({}, 2000, "Cancellation text").superRefine(templateVariablesKnown).default(""),
  emailReminderSubject: text({}, 200, "Reminder subject").superRefine(templateVariablesKnown).default(""),
  emailReminderText: multiLineText({}, 2000, "Reminder text").superRefine(templateVariablesKnown).default(""),
};

/** The Reminders screen's E-mail form. */
export const EmailSettingsSchema = z.object(emailSettingsFields);

/** `POST /api/test-email` and the screen's "Send test e-mail". */
export const TestEmailSchema = z.object({
  to: z
    .string({ required_error: "Enter an address" })
    .trim()
    .min(1, "Enter an address")
    .max(254, "Invalid e-mail")
    .email("Invalid e-mail"),
});

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

/** The salon's own settings (SPEC §3) plus its time zone, and the SMS settings: the Settings screen's Salon tab. */
const salonTabObject = z.object({
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
  // An unticked box is sent as nothing: off on the Salon tab; the API merges over what is stored.
  stylistsSeeColleagues: z.boolean({ invalid_type_error: "Use true or false" }).default(false),
  // The waitlist (decision 0127): offer freed slots by text or e-mail, each held this many minutes.
  waitlistAutoOffer: z.boolean({ invalid_type_error: "Use true or false" }).default(false),
  waitlistHoldMinutes: z.coerce
    .number({ invalid_type_error: "Use a whole number of minutes" })
    .int("Use a whole number of minutes")
    .min(5, "At least 5 minutes")
    .max(1440, "At most 1,440 minutes (a day)")
    .default(30),
  ...smsSettingsFields,
});

const opensBeforeCloses = (value: { openTime: string; closeTime: string }) => value.closeTime > value.openTime;
const CLOSES_AFTER = { path: ["closeTime"], message: "Closing time must be after opening time" };

/**
 * The Salon tab's form: only the fields it shows, so that saving it never resets the
 * settings it does not show (a missing checkbox reads as off, a missing field as its default).
 */
export const SalonTabSchema = salonTabObject.refine(opensBeforeCloses, CLOSES_AFTER);

/** Every salon setting (`/api/salon-settings` and every save): the Salon tab's, the e-mail and the online booking settings. */
export const SalonSettingsSchema = salonTabObject
  .extend(emailSettingsFields)
  .extend({
    // Optional: no form carries them with the others, and a save merges over what is stored.
    onlineBookingEnabled: z.boolean({ invalid_type_error: "Use true or false" }).optional(),
    onlineLeadTimeHours: onlineLeadTime.optional(),
    onlineApproval: z.boolean({ invalid_type_error: "Use true or false" }).optional(),
    onlineNewClients: z.boolean({ invalid_type_error: "Use true or false" }).optional(),
    onlinePolicyText: onlinePolicy.optional(),
    // VAT (decision 0117): blank number, no VAT on receipts; the rate in percent (two decimals at most).
    vatNumber: text({}, 30, "VAT number").optional(),
    vatRate: z.coerce
      .number({ invalid_type_error: "VAT rate must be a number" })
      .min(0, "VAT rate must be between 0 and 100")
      .max(100, "VAT rate must be between 0 and 100")
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "VAT rate has at most two decimals")
      .optional(),
  })
  .refine(opensBeforeCloses, CLOSES_AFTER);
