import { z } from "zod";
import { NOTICE_CHANNELS, WAITLIST_OFFER_STATUSES, WAITLIST_TIMES } from "#db/enums";
import { CalendarDate, Id, Instant, named } from "./common";

const Match = z
  .object({
    start: Instant,
    end: Instant,
    stylistId: Id,
    stylistName: z.string(),
  })
  .strict();

const Offer = z
  .object({
    id: Id,
    status: z.enum(WAITLIST_OFFER_STATUSES),
    start: Instant,
    stylistId: Id,
    holdUntil: Instant.describe("The slot is held for the client until then."),
    channel: z.enum(NOTICE_CHANNELS).nullable(),
    sendStatus: z.enum(["sending", "sent", "failed", "skipped"]),
  })
  .strict();

/** One waitlist entry with the free slots that fit it now and the offer out for it. */
export const WaitlistEntryView = named(
  "WaitlistEntry",
  z
    .object({
      id: Id,
      clientId: Id,
      clientName: z.string(),
      serviceId: Id,
      serviceName: z.string(),
      stylistId: Id.nullable().describe("Null: any stylist."),
      stylistName: z.string().nullable(),
      from: CalendarDate,
      to: CalendarDate,
      times: z
        .enum(WAITLIST_TIMES)
        .describe("morning: starts before 12:00; afternoon: 12:00-17:00; evening: from 17:00."),
      notes: z.string().nullable(),
      createdAt: z.string(),
      status: z.enum(["waiting", "expired", "booked"]).describe("expired: its last date has passed."),
      bookedAppointmentId: Id.nullable().describe("The booking made by accepting an offer."),
      matches: z.array(Match).describe("The free slots that fit it now, earliest first (at most five; waiting only)."),
      offer: Offer.nullable().describe("The offer out now (automatic offers), if any."),
      needsPatchTest: z
        .boolean()
        .describe(
          "The service needs a patch test that the client's record allows at none of the matches: no offer is sent automatically; the salon books it.",
        ),
    })
    .strict(),
);
