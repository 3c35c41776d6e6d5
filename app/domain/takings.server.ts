// The day's takings and the cash-up, the end-of-day "Z report" (decision 0117): what the
// sales of a salon day took by payment method, the change handed back, the refunds, the
// tips by stylist and the cash that should be in the drawer; a cash-up records the count
// and the difference. Cash-ups are never changed: a recount is another one.
import { and, desc, eq, gte, lt, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import {
  auditLog,
  cashUps,
  refunds,
  salePayments,
  sales,
  saleTips,
  PAYMENT_METHODS,
  type PaymentMethod,
} from "#db/schema";
import { dayBounds, isCalendarDate, type CalendarDate } from "~/lib/salon-time";
import { CashUpSchema, type CashUpInput } from "~/lib/schemas/sales";
import { assertCan, type Actor } from "./access.server";
import { Invalid } from "./errors";
import { getGlobalSettings } from "./settings.server";
import { displayName } from "./stylists.server";
import { parseOrInvalid } from "./validate";

export type ByMethod = Record<PaymentMethod, number>;
export type CashUpView = {
  id: number;
  date: CalendarDate;
  countedCash: number;
  expectedCash: number;
  /** Counted less expected: negative when cash is missing. */
  difference: number;
  notes: string | null;
  byName: string;
  createdAt: string;
};
export type Takings = {
  date: CalendarDate;
  salesCount: number;
  /** What the sales came to (after discounts, VAT included), their VAT, discounts and tips. */
  salesTotal: number;
  vat: number;
  discounts: number;
  tipsTotal: number;
  /** Payments taken by method (cash before change), and the change given back. */
  payments: ByMethod;
  change: number;
  refunds: { count: number; total: number; byMethod: ByMethod };
  /** Taken less change less refunds. */
  net: number;
  tipsByStylist: { stylistId: number; stylistName: string; amount: number }[];
  /** Cash taken, less change, less cash refunds: what the drawer should hold beyond its float. */
  expectedCash: number;
  /** Every count of the day, the latest first. */
  cashUps: CashUpView[];
};

const zero = (): ByMethod => Object.fromEntries(PAYMENT_METHODS.map((method) => [method, 0])) as ByMethod;

async function dayRange(date: string): Promise<{ start: string; end: string }> {
  if (!isCalendarDate(date)) throw new Invalid("date must be a date (YYYY-MM-DD).", { date: ["Not a date"] });
  const { timeZone } = await getGlobalSettings();
  const { start, end } = dayBounds(date, timeZone);
  return { start: start.toISOString(), end: end.toISOString() };
}

async function computeTakings(executor: Executor, date: CalendarDate) {
  const { start, end } = await dayRange(date);
  const saleDay = and(gte(sales.createdAt, start), lt(sales.createdAt, end));
  const [[totals], paymentRows, refundRows, tipRows] = await Promise.all([
    executor
      .select({
        count: sql<number>`count(*)`,
        total: sql<number>`coalesce(sum(${sales.total}), 0)`,
        vat: sql<number>`coalesce(sum(${sales.vat}), 0)`,
        discounts: sql<number>`coalesce(sum(${sales.discountTotal}), 0)`,
        tips: sql<number>`coalesce(sum(${sales.tipsTotal}), 0)`,
        change: sql<number>`coalesce(sum(${sales.change}), 0)`,
      })
      .from(sales)
      .where(saleDay),
    executor
      .select({ method: salePayments.method, amount: sql<number>`sum(${salePayments.amount})` })
      .from(salePayments)
      .innerJoin(sales, eq(sales.id, salePayments.saleId))
      .where(saleDay)
      .groupBy(salePayments.method),
    executor
      .select({ method: refunds.method, count: sql<number>`count(*)`, amount: sql<number>`sum(${refunds.amount})` })
      .from(refunds)
      .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end)))
      .groupBy(refunds.method),
    executor
      .select({
        stylistId: saleTips.stylistId,
        stylistName: sql<string>`max(${saleTips.stylistName})`,
        amount: sql<number>`sum(${saleTips.amount})`,
      })
      .from(saleTips)
      .innerJoin(sales, eq(sales.id, saleTips.saleId))
      .where(saleDay)
      .groupBy(saleTips.stylistId),
  ]);
  const payments = zero();
  for (const row of paymentRows) payments[row.method] = Number(row.amount);
  const refundsByMethod = zero();
  let refundCount = 0;
  for (const row of refundRows) {
    refundsByMethod[row.method] = Number(row.amount);
    refundCount += Number(row.count);
  }
  const refundTotal = Object.values(refundsByMethod).reduce((a, b) => a + b, 0);
  const taken = Object.values(payments).reduce((a, b) => a + b, 0);
  const change = Number(totals?.change ?? 0);
  return {
    date,
    salesCount: Number(totals?.count ?? 0),
    salesTotal: Number(totals?.total ?? 0),
    vat: Number(totals?.vat ?? 0),
    discounts: Number(totals?.discounts ?? 0),
    tipsTotal: Number(totals?.tips ?? 0),
    payments,
    change,
    refunds: { count: refundCount, total: refundTotal, byMethod: refundsByMethod },
    net: taken - change - refundTotal,
    tipsByStylist: tipRows
      .map((row) => ({ stylistId: row.stylistId, stylistName: row.stylistName, amount: Number(row.amount) }))
      .sort((a, b) => a.stylistName.localeCompare(b.stylistName)),
    expectedCash: payments.cash - change - refundsByMethod.cash,
  };
}

function cashUpView(row: typeof cashUps.$inferSelect): CashUpView {
  return {
    id: row.id,
    date: row.date,
    countedCash: row.countedCash,
    expectedCash: row.expectedCash,
    difference: row.difference,
    notes: row.notes,
    byName: row.byName,
    createdAt: row.createdAt,
  };
}

/** The takings of a salon day (admins). */
export async function takingsReport(actor: Actor, date: string): Promise<Takings> {
  assertCan(actor, "takings.view", "Only administrators can see the takings.");
  const takings = await computeTakings(db, date);
  const counts = await db.select().from(cashUps).where(eq(cashUps.date, date)).orderBy(desc(cashUps.id)).limit(50);
  return { ...takings, cashUps: counts.map(cashUpView) };
}

/** Records the day's cash count against what the takings expect, now (admins). Audited. */
export async function recordCashUp(actor: Actor, input: CashUpInput | unknown): Promise<CashUpView> {
  assertCan(actor, "takings.cashUp", "Only administrators can cash up.");
  const values = parseOrInvalid(CashUpSchema, input);
  return writeTransaction(async (tx) => {
    const { expectedCash } = await computeTakings(tx, values.date);
    const [row] = await tx
      .insert(cashUps)
      .values({
        date: values.date,
        countedCash: values.countedCash,
        expectedCash,
        difference: values.countedCash - expectedCash,
        notes: values.notes,
        byUserId: actor.id,
        byName: displayName(actor),
        createdAt: new Date().toISOString(),
      })
      .returning();
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: "cash_up.record",
      entityType: "cash_up",
      entityId: row!.id,
      details: JSON.stringify({ date: values.date, difference: row!.difference }),
    });
    return cashUpView(row!);
  });
}
