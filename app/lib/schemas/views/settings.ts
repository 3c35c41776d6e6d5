import { z } from "zod";
import { CLOCK_FORMATS, SMS_PROVIDERS, SMTP_SECURITIES } from "#db/enums";
import { ClockTime, Id, Instant, named } from "./common";

/** The salon's settings; the SMS secret is never sent back (`smsApiSecretSet` says whether one is stored). */
export const SalonSettingsView = named(
  "SalonSettings",
  z
    .object({
      userId: Id.nullable(),
      salonName: z.string(),
      address: z.string(),
      phone: z.string(),
      email: z.string(),
      openTime: ClockTime,
      closeTime: ClockTime,
      bookingAdvanceLimit: z.number().int().describe("Days."),
      cancellationNotice: z.number().int().describe("Hours."),
      timeZone: z.string(),
      clockFormat: z.enum(CLOCK_FORMATS),
      country: z.string(),
      smsEnabled: z.boolean(),
      smsProvider: z.enum(SMS_PROVIDERS),
      smsApiKey: z.string(),
      smsFromNumber: z.string(),
      reminderHoursBefore: z.number().int(),
      reminderTemplate: z.string(),
      onlineBookingEnabled: z.boolean().describe("Whether the public booking page (/book) and /api/public answer."),
      onlineLeadTimeHours: z.number().int().describe("Minimum notice for a client's own booking, in hours (0-168)."),
      onlineApproval: z.boolean().describe("Online bookings arrive as requests that staff accept or decline."),
      onlineNewClients: z.boolean().describe("False: only clients the salon already has may book online."),
      stylistsSeeColleagues: z
        .boolean()
        .describe(
          "Stylists see every stylist's column in the calendar: colleagues' appointments read-only, with time, service and the client's name only (default true).",
        ),
      waitlistAutoOffer: z
        .boolean()
        .describe(
          "Offer a freed slot to the first waiting client it fits, by text or e-mail with a link that holds it (default false).",
        ),
      waitlistHoldMinutes: z
        .number()
        .int()
        .describe("How long an offered slot is held for the client, in minutes (5-1440, default 30)."),
      onlinePolicyText: z.string().describe("Shown to the client before confirming (at most 1,000 characters)."),
      vatNumber: z.string().describe("Blank: not VAT registered, no VAT shown on sales."),
      vatRate: z.number().describe("Percent (default 20): prices include VAT at this rate when there is a VAT number."),
      updatedAt: Instant,
      smsApiSecret: z.literal(""),
      smsApiSecretSet: z.boolean(),
      emailEnabled: z.boolean().describe("E-mail to clients (confirmations, changes, cancellations, reminders) is on."),
      smtpHost: z
        .string()
        .describe("The salon's SMTP server; changing it clears the stored password unless a new one is sent."),
      smtpPort: z.number().int(),
      smtpSecurity: z.enum(SMTP_SECURITIES).describe("starttls (usually port 587), tls (465) or none."),
      smtpUser: z.string(),
      smtpPassword: z
        .literal("")
        .describe("Write-only: always blank here; `smtpPasswordSet` says whether one is stored."),
      smtpPasswordSet: z.boolean(),
      emailFrom: z.string().describe("The From address of every e-mail."),
      emailReplyTo: z.string().describe("Where clients' replies go (blank: the From address)."),
      emailConfirmationSubject: z
        .string()
        .describe("Blank: the built-in wording. SPEC §9 variables, as in the SMS template."),
      emailConfirmationText: z.string(),
      emailChangeSubject: z.string(),
      emailChangeText: z.string(),
      emailCancellationSubject: z.string(),
      emailCancellationText: z.string(),
      emailReminderSubject: z.string(),
      emailReminderText: z.string(),
    })
    .strict(),
);

/** What every signed-in screen needs. */
export const GlobalSettingsView = named(
  "GlobalSettings",
  z
    .object({
      salonName: z.string(),
      timeZone: z.string(),
      openTime: ClockTime,
      closeTime: ClockTime,
      clockFormat: z.enum(CLOCK_FORMATS),
      country: z
        .string()
        .describe("The salon's country (ISO 3166 two letters): phone numbers written nationally are read in it."),
    })
    .strict(),
);
