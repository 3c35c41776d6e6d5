import { z } from "zod";
import { AvailabilityDaySchema, ScheduleModeSchema, TimeOffSchema } from "~/lib/schemas/availability";
import { queryId } from "~/lib/schemas/limits";
import { StylistListQuerySchema, StylistPricingSchema } from "~/lib/schemas/services";
import { StylistOnlineBookingSchema } from "~/lib/schemas/online";
import { SmsPreferenceSchema } from "~/lib/schemas/sms";
import { MessageView } from "~/lib/schemas/views/common";
import {
  AvailabilityEntryView,
  CalendarFeedLinkView,
  CalendarFeedStatusView,
  PricingEntryView,
  ScheduleModeView,
  StylistSmsPreferenceView,
  StylistListingView,
  StylistOnlineBookingView,
  type StylistView,
  TimeOffView,
} from "~/lib/schemas/views/services";
import type { AvailabilityEntry, TimeOffPeriod } from "~/domain/availability.server";
import type { FeedStatus } from "~/domain/calendar-feed.server";
import type { PricingEntry } from "~/domain/pricing.server";
import type { StylistListing, StylistOnlineBooking, StylistSummary } from "~/domain/stylists.server";
import { answerFits, type ApiArea } from "../registry.server";

/** `?stylistId=`: whose rota; a stylist's token may leave it out (their own), an administrator names one. */
const WhoseQuery = z.object({
  stylistId: queryId.optional().describe("Administrators: the stylist. Stylists: leave out (their own)."),
});

export const stylistsArea: ApiArea = {
  tag: "Stylists",
  description:
    "Stylists, their working hours, time off, own prices and calendar links. A stylist manages only their own.",
  operations: [
    {
      method: "get",
      path: "/api/stylists",
      summary: "The active stylists the caller may see (a stylist: themself); administrators may add the inactive ones",
      query: StylistListQuerySchema,
      answers: {
        200: {
          description:
            "The stylists (a short list: not paged). Only active ones unless an administrator asks `includeInactive=true`: then the inactive ones follow, with `isActive: false`. Inactive stylists cannot be booked.",
          schema: z.array(StylistListingView),
        },
      },
      errors: [400, 403],
    },
    {
      method: "get",
      path: "/api/stylists/{id}/pricing",
      summary: "A stylist's own prices and durations",
      answers: {
        200: {
          description: "The stylist's entries; services without one use their own.",
          schema: z.array(PricingEntryView),
        },
      },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/stylists/{id}/pricing",
      summary: "Set a stylist's price and/or duration for a service (null or a price of 0 removes it)",
      body: StylistPricingSchema,
      answers: { 200: { description: "The entry as saved.", schema: PricingEntryView } },
      errors: [400, 403, 404],
    },
    {
      method: "put",
      path: "/api/stylists/{id}/sms-preference",
      summary: "Whether this stylist's clients get SMS reminders (administrators)",
      body: SmsPreferenceSchema,
      answers: { 200: { description: "The stylist's preference.", schema: StylistSmsPreferenceView } },
      errors: [400, 403, 404],
    },
    {
      method: "put",
      path: "/api/stylists/{id}/online-booking",
      summary: "Whether clients may choose this stylist on the online booking page (administrators)",
      body: StylistOnlineBookingSchema,
      answers: { 200: { description: "The stylist's switch.", schema: StylistOnlineBookingView } },
      errors: [400, 403, 404],
    },
    {
      method: "get",
      path: "/api/stylists/{id}/calendar-feed",
      summary: "Whether the stylist's iCalendar subscription link is on",
      description: "The link itself is shown only when issued (POST).",
      answers: { 200: { description: "Whether on, and since when.", schema: CalendarFeedStatusView } },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/stylists/{id}/calendar-feed",
      summary: "Create the iCalendar subscription link, or replace it (the old one stops working at once)",
      answers: {
        201: { description: "The new link.", schema: CalendarFeedLinkView },
        200: { description: "The replacement link.", schema: CalendarFeedLinkView },
      },
      errors: [403, 404],
    },
    {
      method: "delete",
      path: "/api/stylists/{id}/calendar-feed",
      summary: "Turn the iCalendar subscription link off",
      answers: { 200: { description: "Off (or was already).", schema: MessageView } },
      errors: [403, 404],
    },
    {
      method: "get",
      path: "/api/stylist/availability",
      summary: "A stylist's working days: 1-7, or 1-14 for a bi-weekly rota",
      query: WhoseQuery,
      answers: {
        200: {
          description: "Every day of the rota; days never saved have SPEC's defaults and `id` null.",
          schema: z.array(AvailabilityEntryView),
        },
      },
      errors: [400, 403, 404],
    },
    {
      method: "put",
      path: "/api/stylist/availability",
      summary: "Save one day's hours, or switch between a weekly and a bi-weekly rota",
      description: "Send either `dayOfWeek` (with the fields to change) or `scheduleMode`, not both.",
      body: z.union([AvailabilityDaySchema, ScheduleModeSchema]),
      answers: {
        200: {
          description: "The saved day, or the stylist's schedule mode.",
          schema: z.union([AvailabilityEntryView, ScheduleModeView]),
        },
      },
      errors: [400, 403, 404],
    },
    {
      method: "get",
      path: "/api/stylist/time-off",
      summary: "A stylist's time off, earliest first",
      query: WhoseQuery,
      answers: { 200: { description: "The periods.", schema: z.array(TimeOffView) } },
      errors: [400, 403, 404],
    },
    {
      method: "post",
      path: "/api/stylist/time-off",
      summary: "Add time off: whole days, both inclusive, or part of one day",
      description:
        "With `startTime` and `endTime` (salon wall clock, HH:MM, end after start) the time off is those hours of one day: `endDate` must equal `startDate`. Over scheduled bookings it answers 409 with `conflicts` and `conflictCount`; send `confirm: true` to add it anyway (the bookings stay).",
      body: TimeOffSchema,
      answers: { 201: { description: "The period.", schema: TimeOffView } },
      errors: [400, 403, 404, 409],
    },
    {
      method: "delete",
      path: "/api/stylist/time-off/{id}",
      summary: "Delete time off (its stylist or an administrator)",
      answers: { 200: { description: "Deleted.", schema: MessageView } },
      errors: [403, 404],
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof StylistView, StylistSummary>();
answerFits<typeof StylistListingView, StylistListing>();
answerFits<typeof StylistOnlineBookingView, StylistOnlineBooking>();
answerFits<typeof PricingEntryView, PricingEntry>();
answerFits<typeof AvailabilityEntryView, AvailabilityEntry>();
answerFits<typeof TimeOffView, TimeOffPeriod>();
answerFits<typeof CalendarFeedStatusView, Pick<FeedStatus, "active" | "createdAt">>();
