import { z } from "zod";
import { TestReminderSchema } from "~/lib/schemas/sms";
import { SmsLogEntryView, SmsStatusView, TestReminderView } from "~/lib/schemas/views/sms";
import type { SmsLogEntry, SmsStatus } from "~/domain/sms.server";
import { answerFits, type ApiArea } from "../registry.server";

export const smsArea: ApiArea = {
  tag: "SMS",
  description: "SMS reminders (administrators), and the provider's webhook.",
  operations: [
    {
      method: "get",
      path: "/api/sms/status",
      summary: "The reminder job's status and the month's estimated cost",
      answers: { 200: { description: "The SMS screen's System Status card.", schema: SmsStatusView } },
      errors: [403],
    },
    {
      method: "get",
      path: "/api/sms/log",
      summary: "Every SMS sent or failed, newest first",
      paged: true,
      answers: { 200: { description: "A page of the log.", schema: z.array(SmsLogEntryView) } },
      errors: [403],
    },
    {
      method: "post",
      path: "/api/test-reminder",
      summary: "Send an appointment's reminder now, as a test",
      body: TestReminderSchema,
      answers: { 200: { description: "Sent.", schema: TestReminderView } },
      errors: [400, 403, 404, 502],
    },
    {
      method: "post",
      path: "/api/sms/inbound/twilio",
      summary: "Twilio's incoming-message webhook (STOP / START)",
      description:
        "Set it on the Twilio number as APP_URL + this path. Accepted only with a valid `X-Twilio-Signature` over the public URL (APP_URL): that signature is this call's authentication, so it takes no bearer token. 503 when APP_URL is not set. Each text is acted on once, by its `MessageSid`: a repeated request (Twilio's retry, or a captured one replayed) gets the same empty answer and changes nothing.",
      access: "public",
      answers: { 200: { description: "An empty TwiML answer.", schema: z.string(), contentType: "text/xml" } },
      errors: [400, 403, 503],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof SmsLogEntryView, SmsLogEntry>();
answerFits<typeof SmsStatusView, SmsStatus>();
