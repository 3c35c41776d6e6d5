// Team chat messages (SPEC §3, §5 "Message"): non-blank, and bounded so one paste
// cannot swamp every tablet.
import { z } from "zod";
import { controlCharactersIn, MULTI_LINE } from "./limits";

const MAX_MESSAGE_LENGTH = 2000;

export const MessageSchema = z.object({
  content: z
    .string({ required_error: "Message cannot be empty", invalid_type_error: "Message must be text" })
    .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH.toLocaleString("en-GB")} characters`)
    .regex(MULTI_LINE, controlCharactersIn("Message"))
    .refine((value) => value.trim().length > 0, "Message cannot be empty")
    // Keep the author's line breaks and indentation; only trailing blank space goes.
    .transform((value) => value.replace(/\s+$/, "").replace(/^(\s*\n)+/, "")),
});
export type MessageInput = z.output<typeof MessageSchema>;

export const MESSAGE_PAGE_SIZE = 50;
export const MAX_MESSAGE_PAGE = 200;
