// Staff's side of online booking: the per-stylist switch and the Requests list.
import { z } from "zod";

export const ONLINE_ADMIN_ONLY = "Only administrators can change online booking.";

const booleanish = z.union(
  [z.boolean(), z.enum(["true", "false", "on", "off"]).transform((value) => value === "true" || value === "on")],
  { errorMap: () => ({ message: "onlineBookable must be true or false" }) },
);

/** `PUT /api/stylists/{id}/online-booking` `{ onlineBookable }`, and the staff screen's switch. */
export const StylistOnlineBookingSchema = z.object({ onlineBookable: booleanish });

/** The staff screen's switch: the stylist's id with the new state. */
export const StylistOnlineBookingFormSchema = StylistOnlineBookingSchema.extend({
  stylistId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const REQUESTS_PAGE_SIZE = 25;

/** `GET /api/online-requests`: the paging parameters (decision 0065) and nothing else. */
export const OnlineRequestListQuerySchema = z
  .object({ limit: z.string().max(7).optional(), cursor: z.string().max(400).optional() })
  .strict();

export const REQUEST_ANSWERS = ["accept", "decline"] as const;
export type RequestAnswer = (typeof REQUEST_ANSWERS)[number];

/** The Requests screen's Accept and Decline buttons. */
export const RequestAnswerFormSchema = z.object({
  intent: z.enum(REQUEST_ANSWERS),
  appointmentId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
