import { z } from "zod";
import { TestEmailSchema } from "~/lib/schemas/settings";
import { EmailLogEntryView, TestEmailView } from "~/lib/schemas/views/email";
import type { EmailLogEntry } from "~/domain/email.server";
import { answerFits, type ApiArea } from "../registry.server";

export const emailArea: ApiArea = {
  tag: "E-mail",
  description:
    "E-mail to clients over the salon's SMTP server (administrators): the settings are in /api/salon-settings.",
  operations: [
    {
      method: "get",
      path: "/api/email/log",
      summary: "Every e-mail sent or failed, newest first",
      description:
        "Confirmations, changes, cancellations and reminders, each sent once; a transient failure (4xx, no answer) is retried with backoff and each attempt is an entry.",
      paged: true,
      answers: { 200: { description: "A page of the log.", schema: z.array(EmailLogEntryView) } },
      errors: [403],
    },
    {
      method: "post",
      path: "/api/test-email",
      summary: "Send a test e-mail through the saved SMTP settings",
      body: TestEmailSchema,
      answers: { 200: { description: "Sent.", schema: TestEmailView } },
      errors: [400, 403, 502],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof EmailLogEntryView, EmailLogEntry>();
