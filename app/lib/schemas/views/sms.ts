import { z } from "zod";
import { SMS_PROVIDERS } from "#db/enums";
import { Id, Instant, named } from "./common";

export const SmsLogEntryView = named(
  "SmsLogEntry",
  z
    .object({
      id: Id,
      createdAt: Instant,
      kind: z.enum(["reminder", "test", "notice"]),
      status: z
        .enum(["sent", "failed", "unknown"])
        .describe(
          "unknown: the sender stopped mid-send and the provider could not be asked whether it took the message.",
        ),
      provider: z.enum(SMS_PROVIDERS),
      toNumber: z.string(),
      clientId: Id.nullable(),
      clientName: z.string().nullable(),
      appointmentId: Id.nullable(),
      appointmentStart: Instant.nullable(),
      providerMessageId: z.string().nullable(),
      error: z.string().nullable(),
    })
    .strict(),
);

export const SmsStatusView = named(
  "SmsStatus",
  z
    .object({
      enabled: z.boolean(),
      credentialsComplete: z.boolean(),
      provider: z.enum(SMS_PROVIDERS),
      lastRunAt: Instant.nullable(),
      lastRunError: z.string().nullable(),
      sentLast24Hours: z.number().int(),
      failedLast24Hours: z.number().int(),
      strandedClaims: z
        .number()
        .int()
        .describe(
          "Reminders whose sending process stopped mid-send and that are not settled yet (the provider could not be asked).",
        ),
      nextDue: z.array(
        z
          .object({
            appointmentId: Id,
            clientName: z.string().nullable(),
            stylistName: z.string(),
            startTime: Instant,
            dueAt: Instant,
          })
          .strict(),
      ),
      remindersNext30Days: z.number().int(),
      segmentsPerMessage: z.number().int(),
      costPerMessage: z.number().describe("In the salon's currency (pounds), per message."),
      estimatedMonthlyCost: z.number(),
    })
    .strict(),
);

/** `POST /api/test-reminder`: 200 when sent, 502 with success false and the provider's words. */
export const TestReminderView = named("TestReminder", z.object({ success: z.boolean(), message: z.string() }).strict());
