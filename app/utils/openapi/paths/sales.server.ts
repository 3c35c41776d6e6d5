import { z } from "zod";
import type { CommissionReport, StylistCommission } from "~/domain/commission.server";
import type { RefundView as Refund, SaleSummary, SaleView as Sale } from "~/domain/sales.server";
import type { CashUpView as CashUp, Takings } from "~/domain/takings.server";
import {
  CashUpSchema,
  CommissionRatesSchema,
  PeriodQuerySchema,
  RefundSchema,
  SaleSchema,
  TakingsQuerySchema,
} from "~/lib/schemas/sales";
import {
  CashUpView,
  CommissionReportView,
  RefundView,
  SaleSummaryView,
  SaleView,
  StylistCommissionView,
  TakingsView,
} from "~/lib/schemas/views/sales";
import { answerFits, type ApiArea } from "../registry.server";

const IdempotencyHeader = z.object({
  "Idempotency-Key": z
    .string()
    .optional()
    .describe("8-100 letters, digits, '-' or '_' (a UUID): a repeat of the same sale returns the first one."),
});

export const salesArea: ApiArea = {
  tag: "Checkout",
  description:
    "Sales, refunds, the day's takings and cash-up, commission (decision 0117). Money in integer pence, VAT included in prices.",
  operations: [
    {
      method: "post",
      path: "/api/sales",
      summary: "Take payment: services, products, tips and payments",
      description:
        "Payments must add up to the total plus tips; only cash may exceed it (the change). A sale for an appointment marks it completed at the service lines' prices after discount. Stylists: their own appointments and lines only. With an `Idempotency-Key` a repeat answers 200 with the first sale (`Idempotent-Replayed: true`); the same key with another sale is 409.",
      headers: IdempotencyHeader,
      body: SaleSchema,
      answers: {
        201: { description: "The sale.", schema: SaleView },
        200: {
          description: "The first sale made with this Idempotency-Key.",
          schema: SaleView,
          headers: { "Idempotent-Replayed": { description: "`true`: a repeat.", schema: { type: "string" } } },
        },
      },
      errors: [400, 403, 404, 409],
    },
    {
      method: "get",
      path: "/api/sales",
      summary: "The sales of a period of salon days, newest first",
      description: "A stylist sees the sales they took or have a line or tip in.",
      query: PeriodQuerySchema,
      paged: true,
      answers: { 200: { description: "A page of sales.", schema: z.array(SaleSummaryView) } },
      errors: [400, 403],
    },
    {
      method: "get",
      path: "/api/sales/{id}",
      summary: "One sale with its lines, tips, payments and refunds",
      answers: { 200: { description: "The sale.", schema: SaleView } },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/sales/{id}/refunds",
      summary: "Refund a sale (administrators)",
      description:
        "Never more than was paid and not yet refunded; a reason is required; the lines given back return products to stock. Audited.",
      body: RefundSchema,
      answers: { 201: { description: "The refund.", schema: RefundView } },
      errors: [400, 403, 404],
    },
    {
      method: "get",
      path: "/api/reports/takings",
      summary: "A salon day's takings: by payment method, refunds, tips by stylist, expected cash (administrators)",
      query: TakingsQuerySchema,
      answers: { 200: { description: "The takings.", schema: TakingsView } },
      errors: [400, 403],
    },
    {
      method: "post",
      path: "/api/cash-ups",
      summary: "Record the day's cash count and its difference (administrators)",
      body: CashUpSchema,
      answers: { 201: { description: "The cash-up.", schema: CashUpView } },
      errors: [400, 403],
    },
    {
      method: "get",
      path: "/api/stylists/{id}/commission",
      summary: "A stylist's commission rates now and before (administrators; a stylist their own)",
      answers: { 200: { description: "The rates.", schema: StylistCommissionView } },
      errors: [404],
    },
    {
      method: "put",
      path: "/api/stylists/{id}/commission",
      summary: "Set a stylist's service and product commission rates from now on (administrators)",
      description: "Percent, 0-100, two decimals at most. Sales already made keep the rate they were sold at.",
      body: CommissionRatesSchema,
      answers: { 200: { description: "The rates.", schema: StylistCommissionView } },
      errors: [400, 403, 404],
    },
    {
      method: "get",
      path: "/api/reports/commission",
      summary: "Per stylist: service and product sales, commission and tips (administrators)",
      description:
        "Commission is on each line's price after discount and without VAT, at the rate stored on the line. Products given back take their share off in the refund's period.",
      query: PeriodQuerySchema,
      answers: { 200: { description: "The report.", schema: CommissionReportView } },
      errors: [400, 403],
    },
  ],
};

answerFits<typeof SaleView, Sale>();
answerFits<typeof SaleSummaryView, SaleSummary>();
answerFits<typeof RefundView, Refund>();
answerFits<typeof TakingsView, Takings>();
answerFits<typeof CashUpView, CashUp>();
answerFits<typeof StylistCommissionView, StylistCommission>();
answerFits<typeof CommissionReportView, CommissionReport>();
