// The waitlist (decision 0127): a client who wants a service between two dates when no
// slot fits. Shared by /api/waitlist, the Waitlist screen and the booking dialog's "Add to
// waitlist".
import { z } from "zod";
import { WAITLIST_TIMES } from "#db/enums";
import { isCalendarDate } from "~/lib/salon-time";
import { multiLineText } from "./limits";

/** The longest range one entry may wait for, in days (its matches are computed over it). */
export const WAITLIST_MAX_DAYS = 62;
export const WAITLIST_TIMES_LABELS: Record<(typeof WAITLIST_TIMES)[number], string> = {
  any: "Any time",
  morning: "Morning (before 12:00)",
  afternoon: "Afternoon (12:00 to 17:00)",
  evening: "Evening (from 17:00)",
};

const id = (label: string) =>
  z.coerce
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} is required` })
    .int(`${label} is required`)
    .positive(`${label} is required`);
const date = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .refine(isCalendarDate, `${label} must be a date as YYYY-MM-DD`);

export const WaitlistEntrySchema = z
  .object({
    clientId: id("Client"),
    serviceId: id("Service"),
    // "" from the form's "Any stylist".
    stylistId: z.preprocess((value) => (value === "" ? null : value), id("Stylist").nullable().optional()),
    from: date("From"),
    to: date("To"),
    times: z
      .enum(WAITLIST_TIMES, { errorMap: () => ({ message: "times must be any, morning, afternoon or evening" }) })
      .default("any"),
    notes: z.preprocess(
      (value) => (value === "" ? null : value),
      multiLineText({}, 500, "Notes").nullable().optional(),
    ),
  })
  .refine((value) => value.to >= value.from, { path: ["to"], message: "To must not be before From" });
export type WaitlistEntryInput = z.output<typeof WaitlistEntrySchema>;

export const WAITLIST_STATUSES = ["waiting", "expired", "booked"] as const;
/** `GET /api/waitlist`'s filter (and the screen's tabs). */
export const WaitlistListQuerySchema = z.object({
  status: z
    .enum(WAITLIST_STATUSES, { errorMap: () => ({ message: "status must be waiting, expired or booked" }) })
    .default("waiting"),
});

export const WAITLIST_PAGE_SIZE = 20;
/** The Waitlist screen's forms: add an entry (the domain validates its fields, so messages land beside them), or remove one. */
export const WaitlistFormSchema = z
  .object({
    intent: z.enum(["add", "remove"]),
    entryId: z.coerce.number().int().positive().optional(),
    clientId: z.string().max(20).optional(),
    serviceId: z.string().max(20).optional(),
    stylistId: z.string().max(20).optional(),
    from: z.string().max(20).optional(),
    to: z.string().max(20).optional(),
    times: z.string().max(20).optional(),
    notes: z.string().max(2000).optional(),
  })
  .refine((value) => value.intent !== "remove" || value.entryId !== undefined, {
    path: ["entryId"],
    message: "Which entry?",
  });
