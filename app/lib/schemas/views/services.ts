import { z } from "zod";
import { SCHEDULE_MODES } from "#db/enums";
import { CalendarDate, ClockTime, Id, Instant, named } from "./common";

export const ServiceView = named(
  "Service",
  z
    .object({
      id: Id,
      name: z.string(),
      category: z.string(),
      duration: z.number().int().describe("Minutes."),
      price: z.number().int().describe("Pence."),
      isActive: z.boolean(),
      color: z.string().nullable().describe("A palette key, or null for the default colour."),
      onlineBookable: z.boolean().describe("Offered on the online booking page."),
      bufferMinutes: z.number().int().describe("Minutes kept free after it before the next online booking (0-120)."),
      processingAfterMinutes: z
        .number()
        .int()
        .describe("Minutes of active work before processing begins (quarter hours; 0 when there is no processing)."),
      processingMinutes: z
        .number()
        .int()
        .describe(
          "Minutes the service processes while the stylist is free for another client (quarter hours, 0 = none); start plus processing is less than the duration.",
        ),
      requiresPatchTest: z
        .boolean()
        .describe("A booking needs a passed patch test at least patchTestLeadHours before its start."),
      patchTestValidDays: z.number().int().describe("Days a passed patch test stays valid."),
      patchTestLeadHours: z.number().int().describe("Hours a patch test must be done before the appointment."),
      createdAt: Instant,
      updatedAt: Instant,
    })
    .strict(),
);

const stylistFields = {
  id: Id,
  userId: Id.nullable(),
  name: z.string(),
  email: z.string().nullable(),
  smsRemindersEnabled: z.boolean(),
  scheduleMode: z.enum(SCHEDULE_MODES),
};
export const StylistView = named("Stylist", z.object(stylistFields).strict());

/** A stylist in `GET /api/stylists`: `isActive` false for one who no longer works here (administrators' `includeInactive=true`). */
export const StylistListingView = named(
  "StylistListing",
  z
    .object({ ...stylistFields, isActive: z.boolean().describe("False: no longer works here (cannot be booked).") })
    .strict(),
);

export const StylistSmsPreferenceView = named(
  "StylistSmsPreference",
  z.object({ id: Id, name: z.string(), email: z.string().nullable(), smsRemindersEnabled: z.boolean() }).strict(),
);

export const StylistOnlineBookingView = named(
  "StylistOnlineBooking",
  z
    .object({
      id: Id,
      userId: Id.nullable(),
      name: z.string(),
      onlineBookable: z.boolean().describe("Offered on the online booking page."),
    })
    .strict(),
);

/** A stylist's own price and/or duration for a service; null: the service's own. */
export const PricingEntryView = named(
  "PricingEntry",
  z.object({ serviceId: Id, price: z.number().int().nullable(), duration: z.number().int().nullable() }).strict(),
);

export const CalendarFeedStatusView = named(
  "CalendarFeedStatus",
  z.object({ active: z.boolean(), createdAt: Instant.nullable() }).strict(),
);
export const CalendarFeedLinkView = named(
  "CalendarFeedLink",
  z
    .object({
      url: z.string().url().describe("The secret subscription address: whoever has it can read the calendar."),
    })
    .strict(),
);

/** One day of a stylist's rota; `id` null for a day never saved (SPEC's default). */
export const AvailabilityEntryView = named(
  "AvailabilityEntry",
  z
    .object({
      id: Id.nullable(),
      stylistId: Id,
      dayOfWeek: z.number().int().min(1).max(14),
      isWorking: z.boolean(),
      startTime: ClockTime,
      endTime: ClockTime,
      createdAt: Instant.nullable(),
      updatedAt: Instant.nullable(),
    })
    .strict(),
);
export const ScheduleModeView = named(
  "ScheduleMode",
  z.object({ stylistId: Id, scheduleMode: z.enum(SCHEDULE_MODES) }).strict(),
);

export const TimeOffView = named(
  "TimeOff",
  z
    .object({
      id: Id,
      stylistId: Id,
      startDate: CalendarDate,
      endDate: CalendarDate,
      startTime: z
        .string()
        .nullable()
        .describe("Salon wall-clock HH:MM when the time off is part of one day; null for whole days"),
      endTime: z.string().nullable().describe("Salon wall-clock HH:MM the part-day time off ends; null for whole days"),
      reason: z.string().nullable(),
      createdAt: Instant,
    })
    .strict(),
);
