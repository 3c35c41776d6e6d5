// Services and per-stylist pricing (SPEC §3, §5 "Service form", "Pricing inputs").
// The forms speak pounds; the API and the database speak integer pence.
import { z } from "zod";
import { SERVICE_COLOR_KEYS } from "~/lib/calendar";
import { poundsToPence } from "~/lib/money";
import { text } from "./limits";
import {
  BUFFER_MINUTES,
  MAX_PRICE_PENCE,
  PRICING_DURATION,
  PATCH_TEST_LEAD_HOURS,
  PATCH_TEST_VALID_DAYS,
  PROCESSING_MINUTES,
  SERVICE_DURATION,
} from "~/lib/service-limits";

const serviceName = text({ required_error: "Service name is required" }, 100, "Service name").min(
  1,
  "Service name is required",
);
const category = text({ required_error: "Category is required" }, 50, "Category").min(1, "Category is required");
const serviceDuration = z
  .number({ required_error: "Duration is required", invalid_type_error: "Duration must be a number of minutes" })
  .int("Duration must be a whole number of minutes")
  .min(SERVICE_DURATION.min, "Duration must be at least 15 minutes")
  .max(SERVICE_DURATION.max, "Duration must be at most 480 minutes");

const pounds = (required: string) =>
  z
    .number({ required_error: required, invalid_type_error: "Price must be a number" })
    .min(0, "Price must be positive")
    .max(MAX_PRICE_PENCE / 100, "Price must be at most £10,000.00");
const pence = z
  .number({ required_error: "Price is required", invalid_type_error: "Price must be a number of pence" })
  .int("Price must be a whole number of pence")
  .min(0, "Price must be positive")
  .max(MAX_PRICE_PENCE, "Price must be at most 1000000 pence (£10,000.00)");

// A palette key (decision 0074): free colours could clash with the status styles and make
// neighbours indistinguishable again. null: the default colour by the name's hash.
const serviceColorKey = z.enum(SERVICE_COLOR_KEYS, {
  errorMap: () => ({ message: `Colour must be one of the palette's: ${SERVICE_COLOR_KEYS.join(", ")}` }),
});

const bufferMinutes = z
  .number({ invalid_type_error: "Buffer must be a number of minutes" })
  .int("Buffer must be a whole number of minutes")
  .min(BUFFER_MINUTES.min, "Buffer cannot be negative")
  .max(BUFFER_MINUTES.max, "Buffer must be at most 120 minutes");

const quarterHours = (label: string, max: number) =>
  z
    .number({ invalid_type_error: `${label} must be a number of minutes` })
    .int(`${label} must be a whole number of minutes`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max} minutes`)
    .multipleOf(PROCESSING_MINUTES.step, `${label} must be in steps of ${PROCESSING_MINUTES.step} minutes`);
const processingMinutes = quarterHours("Processing time", PROCESSING_MINUTES.max);
const processingAfterMinutes = quarterHours("Processing start", SERVICE_DURATION.max);

// Patch tests (decision 0126): how long a passed test stays valid, and how long before the
// appointment it must have been done.
const patchTestValidDays = z
  .number({ invalid_type_error: "Patch test validity must be a number of days" })
  .int("Patch test validity must be a whole number of days")
  .min(PATCH_TEST_VALID_DAYS.min, "Patch test validity must be at least 1 day")
  .max(PATCH_TEST_VALID_DAYS.max, `Patch test validity must be at most ${PATCH_TEST_VALID_DAYS.max} days`);
const patchTestLeadHours = z
  .number({ invalid_type_error: "Patch test lead time must be a number of hours" })
  .int("Patch test lead time must be a whole number of hours")
  .min(PATCH_TEST_LEAD_HOURS.min, "Patch test lead time cannot be negative")
  .max(PATCH_TEST_LEAD_HOURS.max, `Patch test lead time must be at most ${PATCH_TEST_LEAD_HOURS.max} hours`);

export const PROCESSING_INSIDE =
  "Processing must end before the service does: the start plus the processing time must be less than the duration.";

/**
 * Processing lies inside the duration with active work after it; with no processing time
 * its start means nothing and is stored as 0.
 */
function processingInside<T extends { duration?: number; processingMinutes?: number; processingAfterMinutes?: number }>(
  value: T,
  context: z.RefinementCtx,
) {
  const minutes = value.processingMinutes ?? 0;
  if (minutes === 0 || value.duration === undefined) return;
  if ((value.processingAfterMinutes ?? 0) + minutes >= value.duration)
    context.addIssue({ code: z.ZodIssueCode.custom, path: ["processingMinutes"], message: PROCESSING_INSIDE });
}
function processingNormalised<T extends { processingMinutes?: number; processingAfterMinutes?: number }>(value: T): T {
  return value.processingMinutes === 0 ? { ...value, processingAfterMinutes: 0 } : value;
}

/** The Add/Edit Service dialog. An unticked checkbox is absent from the form, hence false. */
const ServiceFormFields = z.object({
  name: serviceName,
  category,
  duration: serviceDuration,
  priceInPounds: pounds("Price is required"),
  isActive: z.boolean().default(false),
  // "" (Automatic) is sent as nothing by Conform's parsing: the default colour.
  color: serviceColorKey.optional(),
  onlineBookable: z.boolean().default(false),
  bufferMinutes: bufferMinutes.default(0),
  processingAfterMinutes: processingAfterMinutes.default(0),
  processingMinutes: processingMinutes.default(0),
  requiresPatchTest: z.boolean().default(false),
  patchTestValidDays: patchTestValidDays.default(PATCH_TEST_VALID_DAYS.default),
  patchTestLeadHours: patchTestLeadHours.default(PATCH_TEST_LEAD_HOURS.default),
});
export const ServiceFormSchema = ServiceFormFields.superRefine(processingInside).transform(processingNormalised);

/** `POST /api/services`, `PUT /api/services/{id}`: SPEC §7's payload, price in pence. */
const ServiceFields = z.object({
  name: serviceName,
  category,
  duration: serviceDuration,
  price: pence,
  isActive: z.boolean().default(true),
  /** Left out: a new service takes the default colour and an update keeps the stored one. */
  color: serviceColorKey.nullable().optional(),
  /** Offered on the online booking page. Left out: true for a new service, the stored value on update. */
  onlineBookable: z.boolean({ invalid_type_error: "onlineBookable must be true or false" }).optional(),
  /** Minutes kept free after the service before the next online booking (0-120). Left out: 0, or the stored value. */
  bufferMinutes: bufferMinutes.optional(),
  /** Minutes after the start when processing begins (quarter hours). Left out: 0, or the stored value. */
  processingAfterMinutes: processingAfterMinutes
    .optional()
    .describe("Minutes of work before processing begins, in steps of 15. Left out: 0, or the stored value."),
  /** Minutes the service processes while the stylist is free (quarter hours, 0 = none). Left out: 0, or the stored value. */
  processingMinutes: processingMinutes
    .optional()
    .describe(
      "Minutes the service processes while the stylist is free for another client, in steps of 15 (0 = none); processingAfterMinutes + processingMinutes < duration. Left out: 0, or the stored value.",
    ),
  requiresPatchTest: z
    .boolean({ invalid_type_error: "requiresPatchTest must be true or false" })
    .optional()
    .describe(
      "A booking needs a passed patch test at least patchTestLeadHours before its start and at most patchTestValidDays old. Left out: false, or the stored value.",
    ),
  patchTestValidDays: patchTestValidDays
    .optional()
    .describe("Days a passed patch test stays valid (1-3650). Left out: 180, or the stored value."),
  patchTestLeadHours: patchTestLeadHours
    .optional()
    .describe("Hours a patch test must be done before the appointment (0-720). Left out: 48, or the stored value."),
});
export const ServiceSchema = ServiceFields.superRefine(processingInside).transform(processingNormalised);
export type ServiceInput = z.output<typeof ServiceSchema>;

/** The service dialog's fields (price in pounds) as the domain's input (price in pence). */
export function serviceInputOf({ priceInPounds, color, ...rest }: z.output<typeof ServiceFormSchema>): ServiceInput {
  return { ...rest, price: poundsToPence(priceInPounds), color: color ?? null };
}

/** `GET /api/services`: `search` matches name or category; `activeOnly=true` leaves out what cannot be booked. */
export const ServiceListQuerySchema = z.object({
  search: z.string().max(200, "search must be at most 200 characters").optional(),
  activeOnly: z
    .string()
    .max(5)
    .optional()
    .transform((value) => value === "true"),
});

/** `PATCH /api/services/{id}`: any of the fields (SPEC sends just `duration`). */
export const ServicePatchSchema = ServiceFields.partial().extend({ isActive: z.boolean().optional() });

const pricingDuration = z
  .number({ required_error: "Duration is required", invalid_type_error: "Duration must be a number of minutes" })
  .int("Duration must be a whole number of minutes")
  .min(PRICING_DURATION.min, "Duration must be at least 1 minute")
  .max(PRICING_DURATION.max, "Duration must be at most 480 minutes");
const serviceId = z
  .number({ required_error: "Choose a service", invalid_type_error: "Choose a service" })
  .int()
  .positive("Choose a service");

/**
 * `POST /api/stylists/{stylistId}/pricing`: a price and/or a duration for one service.
 * `null` removes that custom value (the service's own applies again); a price of 0 does too.
 */
export const StylistPricingSchema = z
  .object({ serviceId, price: pence.nullable().optional(), duration: pricingDuration.nullable().optional() })
  .refine((value) => value.price !== undefined || value.duration !== undefined, {
    path: ["price"],
    message: "Send a price, a duration or both",
  });
export type StylistPricingInput = z.output<typeof StylistPricingSchema>;

/**
 * One row of the Service Pricing table: its Save Price or Save/Update Duration button. The
 * row's other field is sent too and saved when it was changed, so one save never throws
 * away what was typed beside it (decision 0098).
 */
export const PricingRowFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("price"),
    serviceId,
    priceInPounds: pounds("Enter a price"),
    duration: pricingDuration.optional(),
  }),
  z.object({
    intent: z.literal("duration"),
    serviceId,
    duration: pricingDuration,
    priceInPounds: pounds("Enter a price").optional(),
  }),
]);

/** `GET /api/stylists`: active stylists unless an administrator asks for the inactive ones too (decision 0098). */
export const StylistListQuerySchema = z
  .object({
    includeInactive: z
      .enum(["true", "false"], { message: "includeInactive must be true or false" })
      .optional()
      .describe("Administrators: `true` also lists stylists who no longer work here (isActive false)."),
  })
  .strict();
