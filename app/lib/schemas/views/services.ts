import { z } from "zod";
import { SCHEDULE_MODES } from "#db/enums";
import { CalendarDate, ClockTime, Id, Instant } from "./common";

export const ServiceView = z
  .object({
    id: Id,
    name: z.string(),
    category: z.string(),
    duration: z.number().int().describe("Minutes."),
    price: z.number().int().describe("Pence."),
    isActive: z.boolean(),
    color: z.string().nullable().describe("A palette key, or null for the default colour."),
    createdAt: Instant,
    updatedAt: Instant,
  })
  .strict();

export const StylistView = z.object({ id: Id, userId: Id.nullable(), name: z.string(), email: z.string().nullable(), smsRemindersEnabled: z.boolean(), scheduleMode: z.enum(SCHEDULE_MODES) }).strict();

export const StylistSmsPreferenceView = z.object({ id: Id, name: z.string(), email: z.string().nullable(), smsRemindersEnabled: z.boolean() }).strict();

/** A stylist's own price and/or duration for a service; null: the service's own. */
export const PricingEntryView = z.object({ serviceId: Id, price: z.number().int().nullable(), duration: z.number().int().nullable() }).strict();

export const CalendarFeedStatusView = z.object({ active: z.boolean(), createdAt: Instant.nullable() }).strict();
export const CalendarFeedLinkView = z.object({ url: z.string().url().describe("The secret subscription address: whoever has it can read the calendar.") }).strict();

/** One day of a stylist's rota; `id` null for a day never saved (SPEC's default). */
export const AvailabilityEntryView = z
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
  .strict();
export const ScheduleModeView = z.object({ stylistId: Id, scheduleMode: z.enum(SCHEDULE_MODES) }).strict();

export const TimeOffView = z.object({ id: Id, stylistId: Id, startDate: CalendarDate, endDate: CalendarDate, reason: z.string().nullable(), createdAt: Instant }).strict();
