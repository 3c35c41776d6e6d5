// Checkout's answers (decision 0117): sales, refunds, takings, cash-ups and commission.
import { z } from "zod";
import { PAYMENT_METHODS, SALE_LINE_KINDS } from "#db/enums";
import { CalendarDate, Id, Instant, named } from "./common";

const pence = z.number().int();
const method = z.enum(PAYMENT_METHODS);

export const RefundView = named(
  "Refund",
  z
    .object({
      id: Id,
      saleId: Id,
      createdAt: Instant,
      byName: z.string(),
      amount: pence,
      method,
      reason: z.string(),
      lines: z.array(z.object({ saleLineId: Id, quantity: z.number().int() }).strict()),
    })
    .strict(),
);

const saleFields = {
  id: Id,
  receiptNumber: z.number().int(),
  createdAt: Instant,
  soldByUserId: Id.nullable(),
  soldByName: z.string(),
  appointmentId: Id.nullable(),
  clientId: Id.nullable().describe("Null for a walk-in sale, and after the client's erasure."),
  clientName: z.string().nullable(),
  subtotal: pence.describe("The lines' prices before discounts (VAT included)."),
  discountTotal: pence,
  total: pence.describe("What the lines come to after discounts (VAT included), tips not included."),
  vatRate: z.number().nullable().describe("Percent; null when the salon had no VAT number at the sale."),
  vatNumber: z.string().nullable(),
  vat: pence.describe("The VAT inside the total: each line's VAT part, rounded half up, added up."),
  tipsTotal: pence,
  paid: pence.describe("Every payment taken."),
  change: pence.describe("Cash handed back: paid less total less tips."),
  refundedTotal: pence,
  refundable: pence.describe("What may still be refunded: total plus tips less refunds."),
};

export const SaleSummaryView = named("SaleSummary", z.object(saleFields).strict());

export const SaleView = named(
  "Sale",
  z
    .object({
      ...saleFields,
      lines: z.array(
        z
          .object({
            id: Id,
            kind: z.enum(SALE_LINE_KINDS),
            serviceId: Id.nullable(),
            productId: Id.nullable(),
            description: z.string(),
            stylistId: Id.nullable(),
            stylistName: z.string().nullable(),
            quantity: z.number().int(),
            unitPrice: pence,
            price: pence,
            discount: pence,
            net: pence,
            vat: pence,
            commissionRate: z.number().nullable().describe("The stylist's rate (percent) in force at the sale."),
            commission: pence,
            refundedQuantity: z.number().int(),
          })
          .strict(),
      ),
      tips: z.array(z.object({ stylistId: Id, stylistName: z.string(), amount: pence }).strict()),
      payments: z.array(z.object({ method, amount: pence }).strict()),
      refunds: z.array(RefundView),
    })
    .strict(),
);

const byMethod = z.object({ cash: pence, card: pence, voucher: pence, other: pence }).strict();

export const CashUpView = named(
  "CashUp",
  z
    .object({
      id: Id,
      date: CalendarDate,
      countedCash: pence,
      expectedCash: pence,
      difference: pence.describe("Counted less expected: negative when cash is missing."),
      notes: z.string().nullable(),
      byName: z.string(),
      createdAt: Instant,
    })
    .strict(),
);

export const TakingsView = named(
  "Takings",
  z
    .object({
      date: CalendarDate,
      salesCount: z.number().int(),
      salesTotal: pence,
      vat: pence,
      discounts: pence,
      tipsTotal: pence,
      payments: byMethod.describe("Payments taken by method; cash before change."),
      change: pence,
      refunds: z.object({ count: z.number().int(), total: pence, byMethod }).strict(),
      net: pence.describe("Taken less change less refunds."),
      tipsByStylist: z.array(z.object({ stylistId: Id, stylistName: z.string(), amount: pence }).strict()),
      expectedCash: pence.describe("Cash taken less change less cash refunds (beyond the drawer's float)."),
      cashUps: z.array(CashUpView).describe("The day's counts, latest first."),
    })
    .strict(),
);

const rates = { serviceRate: z.number(), productRate: z.number() };
export const StylistCommissionView = named(
  "StylistCommission",
  z
    .object({
      stylistId: Id,
      current: z.object(rates).strict(),
      history: z.array(z.object({ id: Id, ...rates, effectiveFrom: Instant }).strict()),
    })
    .strict(),
);

const commissionFields = {
  serviceSales: pence,
  productSales: pence,
  serviceCommission: pence,
  productCommission: pence,
  commission: pence,
  tips: pence,
};
export const CommissionReportView = named(
  "CommissionReport",
  z
    .object({
      from: CalendarDate,
      to: CalendarDate,
      stylists: z.array(z.object({ stylistId: Id, name: z.string(), ...commissionFields }).strict()),
      totals: z.object(commissionFields).strict(),
    })
    .strict(),
);
