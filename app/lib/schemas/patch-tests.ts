// A client's patch tests (decision 0126): `POST /api/clients/{id}/patch-tests` and the
// client profile's form. Who recorded it is the signed-in user; a test is never changed.
import { z } from "zod";
import { PATCH_TEST_RESULTS } from "#db/enums";
import { isIsoInstant, isWithinBookingYears, multiLineText, text } from "./limits";

export const PATCH_TEST_PRODUCT_MAX = 100;
export const PATCH_TEST_NOTES_MAX = 1000;

const result = z.enum(PATCH_TEST_RESULTS, {
  errorMap: () => ({ message: "Choose whether the test passed or failed" }),
});
const product = text({}, PATCH_TEST_PRODUCT_MAX, "Product").optional();
const notes = multiLineText({}, PATCH_TEST_NOTES_MAX, "Notes").optional();

export const PatchTestApiSchema = z
  .object({
    testedAt: z
      .string({ required_error: "testedAt is required" })
      .max(40)
      .refine(isIsoInstant, "testedAt must be an ISO-8601 instant with a time zone, e.g. 2033-04-01T10:00:00Z")
      .refine((value) => isWithinBookingYears(value), "testedAt is out of range")
      .describe("When the test was done (ISO-8601 with a zone); not in the future."),
    result,
    product: product.describe("The colour product tested, if noted."),
    notes: notes.describe("What was seen."),
  })
  .strict();
export type PatchTestInput = z.output<typeof PatchTestApiSchema>;

/** The client profile's "Record patch test" form: the date and time in the salon's zone. */
export const PatchTestFormSchema = z.object({
  date: z
    .string({ required_error: "Enter the date of the test" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the date of the test")
    .refine((value) => isWithinBookingYears(value), "Enter the date of the test"),
  time: z
    .string({ required_error: "Enter the time of the test" })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Enter the time of the test"),
  result,
  product,
  notes,
});
