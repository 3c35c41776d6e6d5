import { z } from "zod";
import { EMAIL_KINDS } from "#db/enums";
import { Id, Instant, named } from "./common";

export const EmailLogEntryView = named(
  "EmailLogEntry",
  z
    .object({
      id: Id,
      createdAt: Instant,
      kind: z.enum(EMAIL_KINDS),
      status: z.enum(["sent", "failed"]),
      toAddress: z.string().describe("Blank once the client's data is erased."),
      subject: z.string(),
      clientId: Id.nullable(),
      clientName: z.string().nullable(),
      appointmentId: Id.nullable(),
      appointmentStart: Instant.nullable(),
      response: z.string().nullable().describe("The SMTP server's answer when sent, its error when not."),
    })
    .strict(),
);

export const TestEmailView = named(
  "TestEmailResult",
  z
    .object({
      success: z.boolean(),
      message: z.string().describe("On failure, the SMTP server's own answer (or the connection's error)."),
    })
    .strict(),
);
