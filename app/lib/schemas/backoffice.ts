// The back office's forms (decision 0120): amounts typed in pounds become the pence the
// domain schemas take; the rules stay those of the domain (app/lib/schemas/sales.ts, shopping.ts).
import { z } from "zod";
import { poundsToPence } from "~/lib/money";
import { multiLineText } from "./limits";
import { ProductSchema } from "./shopping";

const pounds = (label: string) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be an amount in pounds` })
    .min(0, `${label} cannot be negative`)
    .max(100_000, `${label} is too large`);

/** The Takings tab's cash-up: the counted cash in pounds and a note. */
export const CashUpFormSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Choose a day"),
    countedCashInPounds: pounds("Counted cash"),
    notes: multiLineText({}, 1000, "Notes").optional(),
  })
  .transform(({ countedCashInPounds, notes, date }) => ({
    date,
    countedCash: poundsToPence(countedCashInPounds),
    notes: notes || null,
  }));

/** The product dialogs: the retail price in pounds (blank: not for sale). */
export const ProductFormSchema = ProductSchema.omit({ retailPrice: true })
  .extend({ retailPriceInPounds: pounds("Retail price").optional() })
  .transform(({ retailPriceInPounds, ...rest }) => ({
    ...rest,
    retailPrice: retailPriceInPounds === undefined ? null : poundsToPence(retailPriceInPounds),
  }));
