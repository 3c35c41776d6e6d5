// Commission (decision 0117). A stylist's service and product rates (percent) are rows with
// the instant they took effect, never changed; a sale line copies the rate in force when it
// was sold and the commission it gave, so a rate change applies to later sales only. The
// commission is on the line's price after its discount and without its VAT.
import { and, asc, desc, eq, gte, inArray, lt, lte } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { commissionRates, refundLines, refunds, saleLines, sales, saleTips, stylists } from "#db/schema";
import { dayBounds, isCalendarDate, type CalendarDate } from "~/lib/salon-time";
import { CommissionRatesSchema, type CommissionRatesInput } from "~/lib/schemas/sales";
import { assertCan, type Actor } from "./access.server";
import { Invalid, NotFound } from "./errors";
import { can } from "./permissions";
import { getGlobalSettings } from "./settings.server";
import { stylistIdForUser } from "./stylists.server";
import { parseOrInvalid } from "./validate";

export type CommissionRates = { serviceRate: number; productRate: number };
export type CommissionRateEntry = CommissionRates & { id: number; effectiveFrom: string };
export type StylistCommission = {
  stylistId: number;
  /** The rates in force now (0 and 0 when none was ever set). */
  current: CommissionRates;
  /** Every rate set, newest first. */
  history: CommissionRateEntry[];
};

const NO_RATES: CommissionRates = { serviceRate: 0, productRate: 0 };
/** Most rate changes shown for one stylist. */
const HISTORY_LIMIT = 100;

/** Rate × amount, in pence, rounded half up; rates are percent with at most two decimals. */
export function percentOf(amount: number, rate: number): number {
  return Math.round((amount * Math.round(rate * 100)) / 10_000);
}

/** Each stylist's rates in force at `at` (an ISO instant); a stylist with none set earns 0. */
export async function ratesInForce(
  executor: Executor,
  stylistIds: number[],
  at: string,
): Promise<Map<number, CommissionRates>> {
  const rates = new Map<number, CommissionRates>();
  if (stylistIds.length === 0) return rates;
  const rows = await executor
    .select()
    .from(commissionRates)
    .where(and(inArray(commissionRates.stylistId, [...new Set(stylistIds)]), lte(commissionRates.effectiveFrom, at)))
    .orderBy(asc(commissionRates.effectiveFrom), asc(commissionRates.id));
  for (const row of rows) rates.set(row.stylistId, { serviceRate: row.serviceRate, productRate: row.productRate });
  return rates;
}

async function assertStylist(executor: Executor, stylistId: number): Promise<void> {
  const [stylist] = await executor
    .select({ id: stylists.id })
    .from(stylists)
    .where(eq(stylists.id, stylistId))
    .limit(1);
  if (!stylist) throw new NotFound("Stylist not found.");
}

/** A stylist's rates now and their history: admins any stylist's, a stylist their own. */
export async function getCommissionRates(actor: Actor, stylistId: number): Promise<StylistCommission> {
  if (!can(actor.role, "commission.manage") && (await stylistIdForUser(actor.id)) !== stylistId)
    throw new NotFound("Stylist not found.");
  await assertStylist(db, stylistId);
  const history = await db
    .select({
      id: commissionRates.id,
      serviceRate: commissionRates.serviceRate,
      productRate: commissionRates.productRate,
      effectiveFrom: commissionRates.effectiveFrom,
    })
    .from(commissionRates)
    .where(eq(commissionRates.stylistId, stylistId))
    .orderBy(desc(commissionRates.effectiveFrom), desc(commissionRates.id))
    .limit(HISTORY_LIMIT);
  const now = new Date().toISOString();
  const current = history.find((entry) => entry.effectiveFrom <= now);
  return {
    stylistId,
    current: current ? { serviceRate: current.serviceRate, productRate: current.productRate } : NO_RATES,
    history,
  };
}

/** New rates for a stylist from now on (admins); sales already made keep theirs. */
export async function setCommissionRates(
  actor: Actor,
  stylistId: number,
  input: CommissionRatesInput,
): Promise<StylistCommission> {
  assertCan(actor, "commission.manage", "Only administrators can set commission rates.");
  const rates = parseOrInvalid(CommissionRatesSchema, input);
  await writeTransaction(async (tx) => {
    await assertStylist(tx, stylistId);
    await tx
      .insert(commissionRates)
      .values({ stylistId, ...rates, effectiveFrom: new Date().toISOString(), setByUserId: actor.id });
  });
  return getCommissionRates(actor, stylistId);
}

export type CommissionRow = {
  stylistId: number;
  name: string;
  /** What the stylist's lines came to after discounts, VAT included, less what was refunded. */
  serviceSales: number;
  productSales: number;
  serviceCommission: number;
  productCommission: number;
  commission: number;
  tips: number;
};
export type CommissionReport = {
  from: CalendarDate;
  to: CalendarDate;
  stylists: CommissionRow[];
  totals: Omit<CommissionRow, "stylistId" | "name">;
};

/** The longest period the commission report spans (a year and a bit: a tax year's pay runs). */
export const MAX_REPORT_DAYS = 400;

/** The instants of a period of salon days, `to` inclusive; 400 days at most. */
export async function periodBounds(from: string, to: string): Promise<{ start: string; end: string }> {
  if (!isCalendarDate(from) || !isCalendarDate(to)) throw new Invalid("from and to must be dates (YYYY-MM-DD).");
  if (to < from) throw new Invalid("to must not be before from.", { to: ["to must not be before from"] });
  const { timeZone } = await getGlobalSettings();
  const start = dayBounds(from, timeZone).start;
  const end = dayBounds(to, timeZone).end;
  if (end.getTime() - start.getTime() > (MAX_REPORT_DAYS + 1) * 86_400_000)
    throw new Invalid(`A report spans at most ${MAX_REPORT_DAYS} days.`);
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * Per stylist, the sales of the period (sold from `from` to `to`, salon days): service and
 * product sales, the commission their lines stored, and their tips. A refunded quantity
 * of a line takes its share of the line's sales and commission off (refunds of the period,
 * whenever the sale was); an amount-only refund changes neither.
 */
export async function commissionReport(actor: Actor, from: string, to: string): Promise<CommissionReport> {
  assertCan(actor, "commission.manage", "Only administrators can see the commission report.");
  const { start, end } = await periodBounds(from, to);
  const inPeriod = and(gte(sales.createdAt, start), lt(sales.createdAt, end));
  const [lines, tips, returned] = await Promise.all([
    db
      .select({
        stylistId: saleLines.stylistId,
        stylistName: saleLines.stylistName,
        kind: saleLines.kind,
        net: saleLines.net,
        commission: saleLines.commission,
      })
      .from(saleLines)
      .innerJoin(sales, eq(sales.id, saleLines.saleId))
      .where(inPeriod),
    db
      .select({ stylistId: saleTips.stylistId, stylistName: saleTips.stylistName, amount: saleTips.amount })
      .from(saleTips)
      .innerJoin(sales, eq(sales.id, saleTips.saleId))
      .where(inPeriod),
    db
      .select({
        stylistId: saleLines.stylistId,
        stylistName: saleLines.stylistName,
        kind: saleLines.kind,
        net: saleLines.net,
        commission: saleLines.commission,
        lineQuantity: saleLines.quantity,
        quantity: refundLines.quantity,
      })
      .from(refundLines)
      .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
      .innerJoin(saleLines, eq(saleLines.id, refundLines.saleLineId))
      .where(and(gte(refunds.createdAt, start), lt(refunds.createdAt, end))),
  ]);
  const rows = new Map<number, CommissionRow>();
  const rowOf = (stylistId: number, name: string | null) => {
    let row = rows.get(stylistId);
    if (!row) {
      row = {
        stylistId,
        name: name ?? "",
        serviceSales: 0,
        productSales: 0,
        serviceCommission: 0,
        productCommission: 0,
        commission: 0,
        tips: 0,
      };
      rows.set(stylistId, row);
    }
    return row;
  };
  const add = (
    line: { stylistId: number | null; stylistName: string | null; kind: "service" | "product" },
    net: number,
    commission: number,
  ) => {
    if (line.stylistId === null) return;
    const row = rowOf(line.stylistId, line.stylistName);
    if (line.kind === "service") {
      row.serviceSales += net;
      row.serviceCommission += commission;
    } else {
      row.productSales += net;
      row.productCommission += commission;
    }
    row.commission += commission;
  };
  for (const line of lines) add(line, line.net, line.commission);
  for (const line of returned) {
    const share = (value: number) => Math.round((value * line.quantity) / line.lineQuantity);
    add(line, -share(line.net), -share(line.commission));
  }
  for (const tip of tips) rowOf(tip.stylistId, tip.stylistName).tips += tip.amount;
  const stylistRows = [...rows.values()].sort((a, b) => a.name.localeCompare(b.name) || a.stylistId - b.stylistId);
  const totals = {
    serviceSales: 0,
    productSales: 0,
    serviceCommission: 0,
    productCommission: 0,
    commission: 0,
    tips: 0,
  };
  for (const row of stylistRows)
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += row[key];
  return { from: from as CalendarDate, to: to as CalendarDate, stylists: stylistRows, totals };
}
