// The public booking API's answers (decision 0080's strict answer schemas).
import { z } from "zod";
import { Id, Instant, named } from "./common";

/** A free start, and the stylists who can take it (a 409's alternatives). */
export const SlotView = named("PublicSlot", z.object({ start: Instant, stylistIds: z.array(Id) }).strict());

/** An ALTCHA challenge (altcha-lib v2's format), for the page's widget to solve. */
export const ChallengeView = named(
  "AltchaChallenge",
  z
    .object({
      parameters: z
        .object({
          algorithm: z.string(),
          nonce: z.string(),
          salt: z.string(),
          cost: z.number().int(),
          keyLength: z.number().int(),
          keyPrefix: z.string(),
          keySignature: z.string().optional(),
          expiresAt: z.number().int().optional(),
        })
        .strict(),
      signature: z.string(),
    })
    .strict()
    .openapi({
      description: "Solve it with the ALTCHA widget (or altcha-lib's solver) and send the payload as `altcha`.",
    }),
);

export const PublicBookingView = named(
  "PublicBooking",
  z
    .object({
      reference: z.string().openapi({ description: "The booking's reference, to quote to the salon." }),
      status: z.enum(["scheduled", "requested"]),
      start: Instant,
      stylistName: z.string().openapi({ description: "First name and initial." }),
      manageUrl: z.string().openapi({ description: "The client's link to see, move or cancel it (the only copy)." }),
    })
    .strict(),
);

export const ManagedBookingView = named(
  "ManagedBooking",
  z
    .object({
      reference: z.string(),
      status: z.enum(["scheduled", "requested", "completed", "no_show"]),
      start: Instant,
      end: Instant,
      serviceId: Id.nullable(),
      serviceName: z.string().nullable(),
      stylistId: Id,
      stylistName: z.string(),
      canChange: z.boolean().openapi({ description: "Whether it can still be cancelled or moved online." }),
      changeUntil: Instant.openapi({ description: "Until when: the start less the salon's cancellation notice." }),
      salonName: z.string(),
      salonPhone: z.string(),
      timeZone: z.string(),
    })
    .strict(),
);

export const CancelledBookingView = named(
  "CancelledPublicBooking",
  z.object({ reference: z.string(), status: z.literal("cancelled"), start: Instant }).strict(),
);
