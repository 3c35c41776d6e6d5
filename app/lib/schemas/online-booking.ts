// The public booking page's payloads (`POST /api/public/bookings`, the page's form, the
// manage page's move): shared by the server and the page. Every text has a maximum length;
// the phone is checked against the salon's country on the server (`toE164`).
import { z } from "zod";
import { isIsoInstant, isWithinBookingYears, multiLineText, NAME_MAX, OUT_OF_RANGE_DATE, text } from "./limits";

const INSTANT_HINT = "Use an ISO-8601 date and time with a time zone, e.g. 2026-11-23T10:00:00Z";
/** The longest proof-of-work payload taken (the widget's is about 600 characters). */
export const ALTCHA_MAX = 4000;
export const PUBLIC_NOTES_MAX = 500;
export const PUBLIC_PHONE_MAX = 40;
export const HONEYPOT_FIELD = "website";

/** A positive whole id, from JSON (a number) or a form (its digits). */
const id = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : value),
    z
      .number({ required_error: `${label} is required`, invalid_type_error: `Choose a ${label.toLowerCase()}` })
      .int()
      .positive()
      .refine(Number.isSafeInteger, `Choose a ${label.toLowerCase()}`),
  );

const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const instant = z
  .string({ required_error: "Choose a time" })
  .max(40, INSTANT_HINT)
  .refine(isIsoInstant, INSTANT_HINT)
  .refine((value) => !isIsoInstant(value) || isWithinBookingYears(new Date(value).toISOString()), OUT_OF_RANGE_DATE);

const name = (label: string) =>
  text({ required_error: `${label} is required`, invalid_type_error: `${label} is required` }, NAME_MAX, label).min(
    1,
    `${label} is required`,
  );

export const CONSENT_REQUIRED = "Please agree to the salon keeping your details for this booking.";
export const HONEYPOT_FILLED = "This booking could not be taken.";

/** `POST /api/public/bookings` and the booking page's form. */
export const PublicBookingSchema = z.object({
  serviceId: id("Service"),
  // "Anyone": left out, null or empty.
  stylistId: z.preprocess(blankToUndefined, id("Stylist").optional()),
  start: instant,
  firstName: name("First name"),
  lastName: name("Last name"),
  phone: text({ required_error: "Phone is required" }, PUBLIC_PHONE_MAX, "Phone").min(1, "Phone is required"),
  email: z.preprocess(
    blankToUndefined,
    z.string().trim().toLowerCase().max(254, "Invalid e-mail").email("Invalid e-mail").optional(),
  ),
  notes: z.preprocess(blankToUndefined, multiLineText({}, PUBLIC_NOTES_MAX, "Notes").optional()),
  // A JSON true, or a ticked box ("on") from the form.
  consent: z.preprocess(
    (value) => value === true || value === "on" || value === "true",
    z.literal(true, { errorMap: () => ({ message: CONSENT_REQUIRED }) }),
  ),
  // The proof-of-work solution; absent from a page without JavaScript.
  altcha: z.preprocess(blankToUndefined, z.string().max(ALTCHA_MAX, "The verification is not valid.").optional()),
  // The honeypot: a field people never see and leave empty.
  [HONEYPOT_FIELD]: z.preprocess(blankToUndefined, z.string().max(200).optional()),
});
export type PublicBookingInput = z.output<typeof PublicBookingSchema>;

/** `POST /api/public/bookings/{token}/reschedule` and the manage page's move. */
export const RescheduleSchema = z.object({
  start: instant,
  stylistId: z.preprocess(blankToUndefined, id("Stylist").optional()),
});
export type RescheduleInput = z.output<typeof RescheduleSchema>;
