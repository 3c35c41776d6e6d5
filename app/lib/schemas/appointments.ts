import { z } from "zod";
import { APPOINTMENT_STATUSES } from "#db/enums";
import { isCalendarDate, isClockTime } from "../salon-time";
import { CONTROL_CHARACTERS, MULTI_LINE, isIsoInstant, isWithinBookingYears, OUT_OF_RANGE_DATE } from "./limits";

export const MAX_SPAN_MINUTES = 24 * 60;

const isoInstant = z
  .string({ required_error: "Required" })
  .max(40, "Use an ISO-8601 date and time with a time zone, e.g. 2026-11-23T10:00:00Z")
  .refine(isIsoInstant, "Use an ISO-8601 date and time with a time zone, e.g. 2026-11-23T10:00:00Z")
  .refine((value) => !isIsoInstant(value) || isWithinBookingYears(new Date(value).toISOString()), OUT_OF_RANGE_DATE);

const optionalText = z
  .string()
  .trim()
  .max(2000)
  .regex(MULTI_LINE, CONTROL_CHARACTERS)
  .nullish()
  .transform((value) => value || null);

/** `POST /api/appointments` and `PUT /api/appointments/{id}` (SPEC §7). */
export const AppointmentApiSchema = z.object({
  clientId: z.number().int().positive().nullish(),
  stylistId: z.number({ required_error: "Stylist is required" }).int().positive(),
  serviceId: z.number().int().positive().nullish(),
  startTime: isoInstant,
  endTime: isoInstant.optional(),
  status: z.enum(APPOINTMENT_STATUSES).default("scheduled"),
  notes: optionalText,
  availabilityOverride: z.boolean().optional(),
});

/** `PATCH /api/appointments/{id}`: a drag-and-drop move. */
export const AppointmentMoveSchema = z.object({
  startTime: isoInstant,
  endTime: isoInstant.optional(),
  stylistId: z.number().int().positive().optional(),
});

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);

const requiredId = (message: string) => z.preprocess(emptyToUndefined, z.coerce.number({ required_error: message, invalid_type_error: message }).int().positive(message));

const formFields = {
  clientId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  clientName: z.string().trim().max(200).optional(),
  clientPhone: z.string().trim().max(40).optional(),
  clientEmail: z.preprocess(emptyToUndefined, z.string().trim().email("Invalid email").optional()),
  date: z
    .string({ required_error: "Date is required" })
    .refine(isCalendarDate, "Date is required")
    .refine((value) => !isCalendarDate(value) || isWithinBookingYears(value), OUT_OF_RANGE_DATE),
  time: z.string({ required_error: "Time is required" }).refine(isClockTime, "Time is required"),
  stylistId: requiredId("Stylist is required"),
  serviceId: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
  duration: z.preprocess(emptyToUndefined, z.coerce.number({ invalid_type_error: "Duration is required" }).int().min(1, "Duration is required").max(MAX_SPAN_MINUTES).optional()),
  notes: z.string().trim().max(2000).regex(MULTI_LINE, CONTROL_CHARACTERS).optional(),
  status: z.enum(APPOINTMENT_STATUSES).default("scheduled"),
  availabilityOverride: z.boolean().default(false),
};

/** Blocked time needs no client or service; everything else needs both (SPEC §5). */
const BlockedFormSchema = z.object(formFields);
const BookingFormSchema = z.object({
  ...formFields,
  clientName: z.string({ required_error: "Client name is required" }).trim().min(1, "Client name is required").max(200),
  serviceId: requiredId("Service is required"),
});

/**
 * The New / Edit Appointment dialog (SPEC §3 Appointment form, §5 rules). Which fields
 * are required depends on the status, so the schema is chosen from the submitted status:
 * field-level rules then report every missing field at once.
 */
export function appointmentFormSchema(status: FormDataEntryValue | null) {
  return status === "blocked" ? BlockedFormSchema : BookingFormSchema;
}

export type AppointmentFormValue = z.output<typeof BlockedFormSchema>;

/** The booking dialog's names for the fields the domain (and `/api`) call otherwise. */
export const APPOINTMENT_FORM_FIELDS: Record<string, string> = { startTime: "time", endTime: "duration", clientId: "clientName" };
