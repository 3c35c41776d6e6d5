// Working hours and time off (SPEC §2 Availability, §3, §5 "Time-off form", §9).
import { z } from "zod";
import type { Stylist } from "#db/schema";
import { isCalendarDate } from "~/lib/salon-time";
import { END_TIMES, SCHEDULE_MODES, START_TIMES } from "~/lib/working-hours";
import { text } from "./limits";

// The database's enum, checked at compile time only: importing #db/schema at run time
// would put Drizzle in the browser's bundle.
SCHEDULE_MODES satisfies readonly Stylist["scheduleMode"][];
const EARLIEST_START = START_TIMES[0]!;
const LATEST_START = START_TIMES[START_TIMES.length - 1]!;
const EARLIEST_END = END_TIMES[0]!;
const LATEST_END = END_TIMES[END_TIMES.length - 1]!;
export const END_AFTER_START = "End time must be after start time";

const clock = /^([01]\d|2[0-3]):[0-5]\d$/;
const startTime = z
  .string()
  .regex(clock, "Use the 24-hour HH:MM format")
  .refine(
    (value) => !clock.test(value) || (value >= EARLIEST_START && value <= LATEST_START),
    "Start time must be between 07:00 and 21:00",
  );
const endTime = z
  .string()
  .regex(clock, "Use the 24-hour HH:MM format")
  .refine(
    (value) => !clock.test(value) || (value >= EARLIEST_END && value <= LATEST_END),
    "End time must be between 08:00 and 22:00",
  );
const dayOfWeek = z
  .number({ required_error: "Day is required", invalid_type_error: "Day must be a number from 1 to 14" })
  .int("Day must be a number from 1 to 14")
  .min(1, "Day must be a number from 1 to 14")
  .max(14, "Day must be a number from 1 to 14");
const stylistId = z.number().int().positive().optional();

/**
 * `PUT /api/stylist/availability` with `dayOfWeek`: the fields given replace the stored
 * (or default) ones. Admins name the stylist with `stylistId`.
 */
export const AvailabilityDaySchema = z.object({
  stylistId,
  dayOfWeek,
  isWorking: z.boolean({ invalid_type_error: "isWorking must be true or false" }).optional(),
  startTime: startTime.optional(),
  endTime: endTime.optional(),
});
export type AvailabilityDayInput = z.output<typeof AvailabilityDaySchema>;

/** `PUT /api/stylist/availability` with `scheduleMode`. */
export const ScheduleModeSchema = z.object({
  stylistId,
  scheduleMode: z.enum(SCHEDULE_MODES, { message: "scheduleMode must be weekly or biweekly" }),
});

/** One day's form on the page: an unticked working switch is absent, hence false. */
export const AvailabilityDayFormSchema = z.object({
  dayOfWeek,
  isWorking: z.boolean().default(false),
  startTime,
  endTime,
});

const date = (required: string) =>
  z.string({ required_error: required }).trim().min(1, required).refine(isCalendarDate, "Enter a date as YYYY-MM-DD");
const END_BEFORE_START = "End date cannot be before the start date";

/** An optional wall-clock time of part-day time off: "" (a form's empty field) counts as absent. */
const hoursOffTime = z
  .string({ invalid_type_error: "Use the 24-hour HH:MM format" })
  .trim()
  .max(5, "Use the 24-hour HH:MM format")
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || clock.test(value), "Use the 24-hour HH:MM format");

const timeOffFields = {
  stylistId,
  startDate: date("Start date is required"),
  endDate: date("End date is required"),
  startTime: hoursOffTime,
  endTime: hoursOffTime,
  reason: text({}, 200, "Reason")
    .nullish()
    .transform((value) => value || null),
};
type TimeOffRange = { startDate: string; endDate: string; startTime: string | null; endTime: string | null };
export const TIMES_ON_ONE_DAY = "Part-day time off is on one day: make the end date the start date";
export const BOTH_TIMES = "Give both a start and an end time, or neither for whole days";
/** The range checks: dates in order; times both or neither, on one day, end after start. */
function checkRange(value: TimeOffRange, ctx: z.RefinementCtx) {
  if (value.endDate < value.startDate) ctx.addIssue({ code: "custom", path: ["endDate"], message: END_BEFORE_START });
  if (!value.startTime !== !value.endTime)
    ctx.addIssue({ code: "custom", path: [value.startTime ? "endTime" : "startTime"], message: BOTH_TIMES });
  else if (value.startTime && value.endTime) {
    if (value.endDate !== value.startDate)
      ctx.addIssue({ code: "custom", path: ["endDate"], message: TIMES_ON_ONE_DAY });
    if (clock.test(value.startTime) && clock.test(value.endTime) && value.endTime <= value.startTime)
      ctx.addIssue({ code: "custom", path: ["endTime"], message: END_AFTER_START });
  }
}

/**
 * `POST /api/stylist/time-off`. Both dates are whole days, inclusive; or, with `startTime`
 * and `endTime`, those hours of one day (decision 0112). Over scheduled bookings it answers
 * 409 with the bookings unless `confirm` is true (decision 0062).
 */
export const TimeOffSchema = z
  .object({ ...timeOffFields, confirm: z.boolean({ invalid_type_error: "confirm must be true or false" }).optional() })
  .superRefine(checkRange);
export type TimeOffInput = z.output<typeof TimeOffSchema>;

/** The Add Time Off dialog: `confirmFor` ("start/end[/HH:MM-HH:MM]") is the range whose bookings the user was shown and accepted. */
export const TimeOffFormSchema = z
  .object({ ...timeOffFields, confirmFor: z.string().max(40).optional() })
  .superRefine(checkRange);

/** The value of the dialog's `confirmFor` for a range. */
export const confirmationFor = (range: {
  startDate: string;
  endDate: string;
  startTime?: string | null;
  endTime?: string | null;
}) =>
  `${range.startDate}/${range.endDate}${range.startTime && range.endTime ? `/${range.startTime}-${range.endTime}` : ""}`;
