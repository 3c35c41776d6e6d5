import { z } from "zod";
import { ROLES } from "#db/enums";
import { Id, Instant, named } from "./common";

export const MessageView = named(
  "ChatMessage",
  z
    .object({
      id: Id,
      content: z.string(),
      createdAt: Instant,
      senderId: Id.nullable(),
      sender: z
        .object({ name: z.string(), role: z.enum(ROLES) })
        .strict()
        .nullable()
        .describe("null when the sender's account has been deleted."),
    })
    .strict(),
);
