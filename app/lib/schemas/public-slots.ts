// The query of `GET /api/public/slots`: a service, one stylist or anyone, and salon dates.
import { z } from "zod";
import { isCalendarDate } from "~/lib/salon-time";

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const id = (name: string) =>
  z.coerce
    .number({ required_error: `${name} is required.`, invalid_type_error: `${name} must be a number.` })
    .int(`${name} must be a whole number.`)
    .positive(`${name} must be a positive number.`);
const date = (name: string) =>
  z
    .string({ required_error: `${name} is required (YYYY-MM-DD).` })
    .max(10, `${name} must be a date as YYYY-MM-DD.`)
    .refine(isCalendarDate, `${name} must be a real calendar date as YYYY-MM-DD.`);

export const PublicSlotsQuerySchema = z.object({
  serviceId: id("serviceId"),
  /** Left out (or empty): anyone. */
  stylistId: z.preprocess(emptyToUndefined, id("stylistId").optional()),
  from: date("from"),
  to: date("to"),
});
export type PublicSlotsQuery = z.infer<typeof PublicSlotsQuerySchema>;
