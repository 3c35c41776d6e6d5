// Checkout (decision 0117): sales, refunds, cash-ups and commission rates. Money is integer
// pence; rates are percent with at most two decimals.
import { z } from "zod";
import { PAYMENT_METHODS } from "#db/enums";
import { multiLineText } from "./limits";

/** The most lines, tips and payments one sale holds: a till, not a batch import. */
export const MAX_SALE_LINES = 40;
export const MAX_TIPS = 10;
export const MAX_PAYMENTS = 10;
/** £100,000: far above any salon sale, far below integer trouble. */
export const MAX_AMOUNT = 10_000_000;
export const MAX_LINE_QUANTITY = 999;

const pence = (label: string) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number of pence` })
    .int(`${label} must be a whole number of pence`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_AMOUNT, `${label} is too large`);
const positivePence = (label: string) => pence(label).min(1, `${label} must be more than zero`);
const id = (label: string) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} must be a positive number`);

export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, {
  errorMap: () => ({ message: `Payment method must be one of ${PAYMENT_METHODS.join(", ")}` }),
});

const ServiceLineSchema = z.object({
  kind: z.literal("service"),
  serviceId: id("Service"),
  stylistId: id("Stylist"),
  // Omitted: the service's price (the stylist's own price where set).
  price: pence("Price").optional(),
  discount: pence("Discount").default(0),
});
const ProductLineSchema = z.object({
  kind: z.literal("product"),
  productId: id("Product"),
  quantity: z
    .number({ invalid_type_error: "Quantity must be a number" })
    .int("Quantity must be a whole number")
    .min(1, "Quantity must be at least 1")
    .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`)
    .default(1),
  // The unit price; omitted: the product's retail price.
  price: pence("Price").optional(),
  stylistId: id("Stylist").nullish(),
  discount: pence("Discount").default(0),
});
export const SaleLineSchema = z.discriminatedUnion("kind", [ServiceLineSchema, ProductLineSchema], {
  errorMap: (issue, context) =>
    issue.code === "invalid_union_discriminator"
      ? { message: 'Each line\'s kind must be "service" or "product"' }
      : { message: context.defaultError },
});

export const SaleSchema = z.object({
  appointmentId: id("Appointment").nullish(),
  clientId: id("Client").nullish(),
  lines: z
    .array(SaleLineSchema, { required_error: "Add at least one line", invalid_type_error: "lines must be a list" })
    .min(1, "Add at least one line")
    .max(MAX_SALE_LINES, `A sale has at most ${MAX_SALE_LINES} lines`),
  tips: z
    .array(z.object({ stylistId: id("Stylist"), amount: positivePence("Tip") }))
    .max(MAX_TIPS, `A sale has at most ${MAX_TIPS} tips`)
    .default([]),
  payments: z
    .array(z.object({ method: PaymentMethodSchema, amount: positivePence("Payment") }))
    .max(MAX_PAYMENTS, `A sale has at most ${MAX_PAYMENTS} payments`)
    .default([]),
});
export type SaleInput = z.input<typeof SaleSchema>;

/** An idempotency key as clients make them (a UUID, or any token of safe characters). */
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(8, "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'")
  .max(100, "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'")
  .regex(/^[A-Za-z0-9_-]+$/, "Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'");

export const RefundSchema = z.object({
  // The lines given back (products go back to stock); omitted: an amount only.
  lines: z
    .array(
      z.object({
        saleLineId: id("Sale line"),
        quantity: z
          .number({ invalid_type_error: "Quantity must be a number" })
          .int("Quantity must be a whole number")
          .min(1, "Quantity must be at least 1")
          .max(MAX_LINE_QUANTITY, `Quantity must be at most ${MAX_LINE_QUANTITY}`)
          .default(1),
      }),
    )
    .max(MAX_SALE_LINES)
    .default([]),
  amount: positivePence("Amount"),
  method: PaymentMethodSchema,
  reason: multiLineText({ required_error: "A reason is required" }, 500, "Reason").pipe(
    z.string().min(1, "A reason is required"),
  ),
});
export type RefundInput = z.input<typeof RefundSchema>;

const calendarDate = z
  .string({ required_error: "date is required" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "date must be a date (YYYY-MM-DD)");

export const CashUpSchema = z.object({
  date: calendarDate,
  countedCash: pence("Counted cash"),
  notes: multiLineText({}, 1000, "Notes")
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CashUpInput = z.input<typeof CashUpSchema>;

const rate = (label: string) =>
  z
    .number({ required_error: `${label} is required`, invalid_type_error: `${label} must be a number` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`)
    .refine(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      {
        message: `${label} has at most two decimals`,
      },
    );
export const CommissionRatesSchema = z.object({ serviceRate: rate("Service rate"), productRate: rate("Product rate") });
export type CommissionRatesInput = z.input<typeof CommissionRatesSchema>;

export const TakingsQuerySchema = z.object({ date: calendarDate });
export const PeriodQuerySchema = z.object({ from: calendarDate, to: calendarDate });
