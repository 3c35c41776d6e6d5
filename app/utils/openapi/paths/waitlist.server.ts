import { z } from "zod";
import type { WaitlistEntryView as Entry } from "~/domain/waitlist.server";
import { WaitlistEntrySchema, WaitlistListQuerySchema } from "~/lib/schemas/waitlist";
import { MessageView } from "~/lib/schemas/views/common";
import { WaitlistEntryView } from "~/lib/schemas/views/waitlist";
import { answerFits, type ApiArea } from "../registry.server";

export const waitlistArea: ApiArea = {
  tag: "Waitlist",
  description:
    "Clients waiting for a service between two dates (decision 0127). Administrators and stylists; a display account is refused (403).",
  operations: [
    {
      method: "get",
      path: "/api/waitlist",
      summary: "The waitlist, oldest first, each entry with the free slots that fit it now",
      query: WaitlistListQuerySchema,
      paged: true,
      answers: { 200: { description: "A page of entries.", schema: z.array(WaitlistEntryView) } },
      errors: [400, 403],
    },
    {
      method: "post",
      path: "/api/waitlist",
      summary: "Add a client to the waitlist",
      description: `The range spans at most 62 days and must not have ended. With the salon's waitlistAutoOffer on, the first free slot that fits is offered to the client by text or e-mail.`,
      body: WaitlistEntrySchema,
      answers: { 201: { description: "The entry.", schema: WaitlistEntryView } },
      errors: [400, 403],
    },
    {
      method: "get",
      path: "/api/waitlist/{id}",
      summary: "One entry",
      answers: { 200: { description: "The entry.", schema: WaitlistEntryView } },
      errors: [403, 404],
    },
    {
      method: "delete",
      path: "/api/waitlist/{id}",
      summary: "Remove an entry (any offer out for it is withdrawn)",
      answers: { 200: { description: "Removed.", schema: MessageView } },
      errors: [403, 404],
    },
  ],
};

answerFits<typeof WaitlistEntryView, Entry>();
