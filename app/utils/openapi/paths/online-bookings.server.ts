import { z } from "zod";
import type { ManagedBooking, PublicBookingResult } from "~/domain/online-bookings.server";
import { PublicBookingSchema, RescheduleSchema } from "~/lib/schemas/online-booking";
import {
  CancelledBookingView,
  ChallengeView,
  ManagedBookingView,
  PublicBookingView,
} from "~/lib/schemas/views/online-booking";
import { answerFits, type ApiArea } from "../registry.server";

const TokenParam = z.object({
  token: z
    .string()
    .max(64)
    .openapi({ description: "The manage token from the booking's `manageUrl` (22 characters)." }),
});

const OFF = "While online booking is off every public route answers 404.";

export const onlineBookingsArea: ApiArea = {
  tag: "Online booking: writes",
  description:
    "The public booking page's writes: no sign-in. A proof of work (ALTCHA), limits per address and phone, and a manage link per booking. " +
    OFF,
  operations: [
    {
      method: "get",
      path: "/api/public/challenge",
      summary: "A proof-of-work challenge to solve before booking",
      access: "public",
      answers: { 200: { description: "The challenge, valid for ten minutes.", schema: ChallengeView } },
      errors: [404],
    },
    {
      method: "post",
      path: "/api/public/bookings",
      summary: "Book a slot as a client",
      description:
        "With `altcha` (a solved challenge, redeemed once) the booking is `scheduled`, or `requested` when the salon approves bookings; without it, `requested`, under a tighter limit per address. The answer is the same whether or not the phone or e-mail is on file. A slot taken meanwhile is 409 with `alternatives`. " +
        OFF,
      access: "public",
      body: PublicBookingSchema.openapi("PublicBookingInput"),
      answers: { 201: { description: "Booked (or requested).", schema: PublicBookingView } },
      errors: [400, 403, 404, 409, 429],
    },
    {
      method: "get",
      path: "/api/public/bookings/{token}",
      summary: "The booking, as its client sees it",
      access: "public",
      params: TokenParam,
      description: "404 for an unknown token, a cancelled booking or one that is over. " + OFF,
      answers: { 200: { description: "The booking.", schema: ManagedBookingView } },
      errors: [404],
    },
    {
      method: "post",
      path: "/api/public/bookings/{token}/cancel",
      summary: "Cancel the booking",
      access: "public",
      params: TokenParam,
      description: "Inside the salon's cancellation notice: 409 naming the salon's phone.",
      answers: { 200: { description: "Cancelled.", schema: CancelledBookingView } },
      errors: [403, 404, 409],
    },
    {
      method: "post",
      path: "/api/public/bookings/{token}/reschedule",
      summary: "Move the booking",
      access: "public",
      params: TokenParam,
      description:
        "Through the same checks as a booking. Without `stylistId` the booking keeps its stylist when free then. Inside the cancellation notice: 409 naming the salon's phone; a time no longer free: 409 with `alternatives`.",
      body: RescheduleSchema.openapi("PublicRescheduleInput"),
      answers: { 200: { description: "The moved booking.", schema: ManagedBookingView } },
      errors: [400, 403, 404, 409],
    },
  ],
};

answerFits<typeof ManagedBookingView, ManagedBooking>();
answerFits<typeof PublicBookingView, Omit<PublicBookingResult, "manageToken">>();
