import { z } from "zod";
import type { PublicSalon, PublicService, Slot } from "~/domain/online-slots.server";
import { PublicSlotsQuerySchema } from "~/lib/schemas/public-slots";
import { answerFits, type ApiArea } from "../registry.server";

const PublicSalonView = z
  .object({
    salonName: z.string(),
    timeZone: z.string().openapi({ description: "The salon's IANA time zone: slots are salon wall-clock days." }),
    clockFormat: z.enum(["12h", "24h"]),
    policyText: z.string().openapi({ description: "Shown before the client confirms a booking." }),
    leadTimeHours: z.number().int().openapi({ description: "The earliest slot is this many hours from now." }),
    advanceLimitDays: z.number().int().openapi({ description: "The latest day offered is today plus this." }),
    cancellationNoticeHours: z.number().int(),
    phone: z.string().openapi({ description: "The salon's phone, for what the page cannot do." }),
  })
  .strict()
  .openapi("PublicSalon");

const PublicServiceView = z
  .object({
    id: z.number().int(),
    name: z.string(),
    category: z.string(),
    duration: z.number().int().openapi({ description: "Minutes: the shortest of the stylists' durations." }),
    price: z.number().int().openapi({ description: "Pence: the lowest of the stylists' prices." }),
    priceFrom: z.boolean().openapi({ description: "True when the stylists' prices differ (show it as “from”)." }),
    stylists: z.array(
      z
        .object({
          id: z.number().int(),
          name: z.string().openapi({ description: "First name and initial: “Sofia S.”" }),
          duration: z.number().int(),
          price: z.number().int(),
        })
        .strict(),
    ),
  })
  .strict()
  .openapi("PublicService");

const SlotView = z
  .object({
    start: z.string().datetime().openapi({ description: "ISO-8601 UTC." }),
    stylistIds: z.array(z.number().int()).openapi({
      description: "Who can take it; for “anyone”, the first is the stylist the booking would be given.",
    }),
  })
  .strict()
  .openapi("Slot");

const OFF = "Online booking is switched off (404 `{ message }`).";

export const onlineBookingArea: ApiArea = {
  tag: "Online booking",
  description: `What the public booking page reads: no sign-in, never a client's data. Each address may make 120 of these reads a minute (429 past it). ${OFF}`,
  operations: [
    {
      method: "get",
      path: "/api/public/salon",
      summary: "The salon as the booking page shows it",
      access: "public",
      answers: { 200: { description: "The salon.", schema: PublicSalonView } },
      errors: [404, 429],
    },
    {
      method: "get",
      path: "/api/public/services",
      summary: "The services bookable online, with the stylists who take them",
      access: "public",
      answers: {
        200: {
          description: "By category, then name; each with the stylists bookable online and their duration and price.",
          schema: z.object({ services: z.array(PublicServiceView) }).strict(),
        },
      },
      errors: [404, 429],
    },
    {
      method: "get",
      path: "/api/public/slots",
      summary: "The bookable starts for a service, with one stylist or anyone",
      description:
        "On the salon dates from..to (at most 31 days; 400 beyond): the 15-minute grid inside the stylists' working hours, outside time off, appointments, blocked time and buffers, from the lead time to the advance limit. Without `stylistId`: the union over the stylists bookable online.",
      access: "public",
      query: PublicSlotsQuerySchema,
      answers: { 200: { description: "Earliest first.", schema: z.object({ slots: z.array(SlotView) }).strict() } },
      errors: [400, 404, 429],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof PublicSalonView, PublicSalon>();
answerFits<typeof PublicServiceView, PublicService>();
answerFits<typeof SlotView, Slot>();
