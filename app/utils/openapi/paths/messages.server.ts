import { z } from "zod";
import { MAX_MESSAGE_PAGE, MESSAGE_PAGE_SIZE, MessageSchema } from "~/lib/schemas/messages";
import { queryId } from "~/lib/schemas/limits";
import { MessageView } from "~/lib/schemas/views/messages";
import { MessageView as DoneView } from "~/lib/schemas/views/common";
import type { Message } from "~/domain/messages.server";
import { answerFits, type ApiArea } from "../registry.server";

// The chat pages back from the newest message: its cursor is the oldest message's id.
const MessagePageQuery = z.object({
  before: queryId.optional().describe("Messages older than this id (the `Link` header's next page sets it)."),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/)
    .optional()
    .describe(`Page size, 1 to ${MAX_MESSAGE_PAGE} (default ${MESSAGE_PAGE_SIZE}).`),
});

export const messagesArea: ApiArea = {
  tag: "Messages",
  description: "The staff chat.",
  operations: [
    {
      method: "get",
      path: "/api/messages",
      summary: "The newest messages (oldest first within the page)",
      query: MessagePageQuery,
      answers: {
        200: {
          description: "A page of messages.",
          schema: z.array(MessageView),
          headers: {
            "X-Has-Older": {
              description: "Whether an older page exists.",
              schema: { type: "string", enum: ["true", "false"] },
            },
            Link: {
              description:
                'The older page, RFC 8288: `</api/messages?before=...>; rel="next"`. Absent on the oldest page.',
              schema: { type: "string" },
            },
          },
        },
      },
      errors: [400],
    },
    {
      method: "post",
      path: "/api/messages",
      summary: "Send a message",
      body: MessageSchema,
      answers: { 201: { description: "The message.", schema: MessageView } },
      errors: [400, 403],
    },
    {
      method: "delete",
      path: "/api/messages/{id}",
      summary: "Delete a message (its sender or an administrator)",
      answers: { 200: { description: "Deleted.", schema: DoneView } },
      errors: [403, 404],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof MessageView, Message>();
