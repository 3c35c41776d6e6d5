// Checkout (decisions 0117, 0118): a sale of services and products with tips and payments,
// and refunds. A sale is written whole in one write transaction and never changed after
// (database triggers); corrections are refunds. Money is integer pence, prices include VAT
// at the salon's rate when it has a VAT number, and the VAT part of each line is stored.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, exists, gte, inArray, lt, or, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor, type Transaction } from "#db/client.server";
import {
  appointments,
  auditLog,
  clients,
  products,
  refundLines,
  salonSettings,
  refunds,
  saleLines,
  salePayments,
  sales,
  saleTips,
  services,
  shoppingItems,
  stylistPricing,
  stylists,
  type PaymentMethod,
  type SaleLineKind,
} from "#db/schema";
import { formatPence } from "~/lib/money";
import { checkTotals, vatPart, type SaleTotals } from "~/lib/sale-totals";
import type { Page, PageRequest } from "~/lib/paging";
import { IdempotencyKeySchema, RefundSchema, SaleSchema, type RefundInput, type SaleInput } from "~/lib/schemas/sales";
import { assertCan, type Actor } from "./access.server";
import { recordAppointmentChange } from "./appointment-history.server";
import { percentOf, periodBounds, ratesInForce } from "./commission.server";
import { Conflict, Forbidden, Invalid, NotFound } from "./errors";
import { publish } from "./events.server";
import { TextIdCursor, afterKey, cursorKey, pageOf } from "./paging.server";
import { can } from "./permissions";
import { readSettingsWithSecret } from "./settings.server";
import { displayName, stylistIdForUser } from "./stylists.server";
import { parseOrInvalid } from "./validate";

export type SaleLineView = {
  id: number;
  kind: SaleLineKind;
  serviceId: number | null;
  productId: number | null;
  description: string;
  stylistId: number | null;
  stylistName: string | null;
  quantity: number;
  unitPrice: number;
  price: number;
  discount: number;
  net: number;
  vat: number;
  commissionRate: number | null;
  commission: number;
  /** How many of the line were given back by refunds. */
  refundedQuantity: number;
};
export type SaleTipView = { stylistId: number; stylistName: string; amount: number };
export type SalePaymentView = { method: PaymentMethod; amount: number };
export type RefundView = {
  id: number;
  saleId: number;
  createdAt: string;
  byName: string;
  amount: number;
  method: PaymentMethod;
  reason: string;
  lines: { saleLineId: number; quantity: number }[];
};
export type SaleView = {
  id: number;
  receiptNumber: number;
  createdAt: string;
  soldByUserId: number | null;
  soldByName: string;
  appointmentId: number | null;
  clientId: number | null;
  clientName: string | null;
  subtotal: number;
  discountTotal: number;
  total: number;
  vatRate: number | null;
  vatNumber: string | null;
  vat: number;
  tipsTotal: number;
  paid: number;
  change: number;
  /** What the refunds gave back, and what may still be refunded. */
  refundedTotal: number;
  refundable: number;
  lines: SaleLineView[];
  tips: SaleTipView[];
  payments: SalePaymentView[];
  refunds: RefundView[];
};
export type SaleSummary = Omit<SaleView, "lines" | "tips" | "payments" | "refunds">;
export type Receipt = {
  salon: { name: string; address: string; phone: string; vatNumber: string | null };
  sale: SaleView;
};

const SALE_NOT_FOUND = "Sale not found.";
export const OWN_SALES_ONLY = "You can only take payment for your own appointments and your own services.";
export const REFUNDS_ADMIN_ONLY = "Only administrators can refund sales.";

export { vatPart, type SaleTotals };

/** A line as priced before it is stored: the view's fields without its id and refunds. */
type Priced = Omit<SaleLineView, "id" | "refundedQuantity">;

/**
 * The totals of priced lines, tips and payments; 400 when the payments do not cover the
 * total plus tips, or exceed it other than in cash (the excess of cash is the change).
 */
export function saleTotals(
  lines: { price: number; discount: number; net: number; vat: number }[],
  tips: { amount: number }[],
  payments: { method: PaymentMethod; amount: number }[],
): SaleTotals {
  const { remaining: _remaining, problem, ...totals } = checkTotals(lines, tips, payments);
  if (problem !== null) throw new Invalid(problem, { payments: [problem] });
  return totals;
}

type ParsedSale = ReturnType<typeof SaleSchema.parse>;

const lineLabel = (index: number) => `Line ${index + 1}`;

async function stylistNames(executor: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select({ id: stylists.id, name: stylists.name })
    .from(stylists)
    .where(inArray(stylists.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Each line's description, stylist, price (the given one, else the catalogue's), discount, VAT and commission. */
async function priceLines(tx: Executor, input: ParsedSale, vatRate: number | null, at: string): Promise<Priced[]> {
  const serviceIds = input.lines.flatMap((line) => (line.kind === "service" ? [line.serviceId] : []));
  const productIds = input.lines.flatMap((line) => (line.kind === "product" ? [line.productId] : []));
  const stylistIds = input.lines.flatMap((line) => (line.stylistId ? [line.stylistId] : []));
  const [serviceRows, productRows, pricingRows, names, rates] = await Promise.all([
    serviceIds.length
      ? tx.select().from(services).where(inArray(services.id, serviceIds))
      : Promise.resolve([] as (typeof services.$inferSelect)[]),
    productIds.length
      ? tx.select().from(products).where(inArray(products.id, productIds))
      : Promise.resolve([] as (typeof products.$inferSelect)[]),
    serviceIds.length
      ? tx.select().from(stylistPricing).where(inArray(stylistPricing.serviceId, serviceIds))
      : Promise.resolve([] as (typeof stylistPricing.$inferSelect)[]),
    stylistNames(tx, stylistIds),
    ratesInForce(tx, stylistIds, at),
  ]);
  const serviceById = new Map(serviceRows.map((row) => [row.id, row]));
  const productById = new Map(productRows.map((row) => [row.id, row]));
  return input.lines.map((line, index) => {
    const label = lineLabel(index);
    const stylistId = line.stylistId ?? null;
    const stylistName = stylistId === null ? null : (names.get(stylistId) ?? null);
    if (stylistId !== null && stylistName === null) throw new Invalid(`${label}: the stylist was not found.`);
    let description: string;
    let unitPrice: number;
    let quantity = 1;
    if (line.kind === "service") {
      const service = serviceById.get(line.serviceId);
      if (!service) throw new Invalid(`${label}: the service was not found.`);
      const own = pricingRows.find((row) => row.serviceId === service.id && row.stylistId === stylistId);
      description = service.name;
      unitPrice = line.price ?? own?.price ?? service.price;
    } else {
      const product = productById.get(line.productId);
      if (!product) throw new Invalid(`${label}: the product was not found.`);
      if (product.retailPrice === null)
        throw new Invalid(`${label}: ${product.name} has no retail price, so it is not for sale.`);
      description = product.name;
      unitPrice = line.price ?? product.retailPrice;
      quantity = line.quantity;
    }
    const price = unitPrice * quantity;
    if (line.discount > price)
      throw new Invalid(`${label} (${description}): the discount is more than the price.`, {
        [`lines.${index}.discount`]: ["The discount is more than the price"],
      });
    const net = price - line.discount;
    const vat = vatPart(net, vatRate);
    const stylistRates = stylistId === null ? undefined : (rates.get(stylistId) ?? { serviceRate: 0, productRate: 0 });
    const commissionRate = stylistRates
      ? line.kind === "service"
        ? stylistRates.serviceRate
        : stylistRates.productRate
      : null;
    return {
      kind: line.kind,
      serviceId: line.kind === "service" ? line.serviceId : null,
      productId: line.kind === "product" ? line.productId : null,
      description,
      stylistId,
      stylistName,
      quantity,
      unitPrice,
      price,
      discount: line.discount,
      net,
      vat,
      commissionRate,
      commission: commissionRate === null ? 0 : percentOf(net - vat, commissionRate),
    };
  });
}

/** A stylist takes payment only for their own appointment, with their own service lines and product lines. */
async function assertOwnSale(tx: Executor, actor: Actor, input: ParsedSale): Promise<void> {
  if (can(actor.role, "stylists.viewAll")) return;
  const own = await stylistIdForUser(actor.id);
  const foreign = input.lines.some((line) => (line.stylistId ?? own) !== own);
  if (own === null || foreign) throw new Forbidden(OWN_SALES_ONLY);
  if (input.appointmentId) {
    const [row] = await tx
      .select({ stylistId: appointments.stylistId })
      .from(appointments)
      .where(eq(appointments.id, input.appointmentId))
      .limit(1);
    if (row && row.stylistId !== own) throw new NotFound("Appointment not found.");
  }
}

/** Lowers stock; a product at or below its reorder level goes on the shopping list unless it is on it already. */
async function takeFromStock(tx: Transaction, actor: Actor, lines: Priced[]): Promise<void> {
  for (const line of lines) {
    if (line.productId === null) continue;
    const [product] = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${line.quantity}` })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stockQuantity, reorderLevel: products.reorderLevel });
    if (!product || product.reorderLevel === null || product.stock > product.reorderLevel) continue;
    const [pending] = await tx
      .select({ id: shoppingItems.id })
      .from(shoppingItems)
      .where(and(eq(shoppingItems.productId, line.productId), eq(shoppingItems.isCompleted, false)))
      .limit(1);
    if (pending) continue;
    const [item] = await tx
      .insert(shoppingItems)
      .values({
        productId: line.productId,
        quantity: 1,
        notes: `Stock is down to ${product.stock} (reorder level ${product.reorderLevel}).`,
        addedByUserId: actor.id,
      })
      .returning({ id: shoppingItems.id });
    await publish(tx, "shopping", item!.id);
  }
}

/** The appointment a sale is for: completed at the service lines' prices after discount. */
async function completeAppointment(tx: Transaction, actor: Actor, appointmentId: number, lines: Priced[]) {
  const [before] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).limit(1);
  if (!before) throw new Invalid("Appointment not found.", { appointmentId: ["Appointment not found"] });
  if (before.status === "cancelled" || before.status === "blocked" || before.status === "requested")
    throw new Conflict(
      before.status === "blocked"
        ? "Blocked time cannot be checked out."
        : `A ${before.status === "requested" ? "requested" : "cancelled"} appointment cannot be checked out.`,
    );
  const [paid] = await tx
    .select({ receiptNumber: sales.receiptNumber })
    .from(sales)
    .where(eq(sales.appointmentId, appointmentId))
    .limit(1);
  if (paid) throw new Conflict(`This appointment has already been paid (receipt ${paid.receiptNumber}).`);
  const servicePrice = lines.filter((line) => line.kind === "service").reduce((sum, line) => sum + line.net, 0);
  const [after] = await tx
    .update(appointments)
    .set({ status: "completed", price: servicePrice })
    .where(eq(appointments.id, appointmentId))
    .returning();
  await recordAppointmentChange(tx, actor, before, after!);
  await publish(tx, "appointments", appointmentId);
  return before;
}

const requestHash = (input: ParsedSale) => createHash("sha256").update(JSON.stringify(input)).digest("hex");

/**
 * Records a sale. With an idempotency key, a repeat of the same sale (a double tap, a
 * retry after a dropped connection) returns the first sale, `replayed: true`, and never a
 * second; the same key with a different sale is 409. Two submits at once queue on the
 * write lock, so the second finds the first.
 */
export async function createSale(
  actor: Actor,
  input: SaleInput | unknown,
  { idempotencyKey = null }: { idempotencyKey?: string | null } = {},
): Promise<{ sale: SaleView; replayed: boolean }> {
  assertCan(actor, "sales.take");
  const key = idempotencyKey === null ? null : parseOrInvalid(IdempotencyKeySchema, idempotencyKey);
  const values = parseOrInvalid(SaleSchema, input);
  const hash = requestHash(values);
  const result = await writeTransaction(async (tx) => {
    if (key !== null) {
      const [earlier] = await tx
        .select({ id: sales.id, requestHash: sales.requestHash, soldByUserId: sales.soldByUserId })
        .from(sales)
        .where(eq(sales.idempotencyKey, key))
        .limit(1);
      if (earlier) {
        if (earlier.requestHash !== hash || earlier.soldByUserId !== actor.id)
          throw new Conflict("This Idempotency-Key was already used for a different sale.");
        return { id: earlier.id, replayed: true };
      }
    }
    await assertOwnSale(tx, actor, values);
    const at = new Date().toISOString();
    // Read in the transaction (not through the settings cache, which may insert the row outside it).
    const [settings] = await tx
      .select({ vatNumber: salonSettings.vatNumber, vatRate: salonSettings.vatRate })
      .from(salonSettings)
      .limit(1);
    const vatNumber = settings?.vatNumber.trim() || null;
    const vatRate = vatNumber === null ? null : settings!.vatRate;
    const lines = await priceLines(tx, values, vatRate, at);
    const tipNames = await stylistNames(
      tx,
      values.tips.map((tip) => tip.stylistId),
    );
    const tips = values.tips.map((tip, index) => {
      const stylistName = tipNames.get(tip.stylistId);
      if (stylistName === undefined) throw new Invalid(`Tip ${index + 1}: the stylist was not found.`);
      return { ...tip, stylistName };
    });
    const totals = saleTotals(lines, tips, values.payments);
    let clientId = values.clientId ?? null;
    if (values.appointmentId) {
      const appointment = await completeAppointment(tx, actor, values.appointmentId, lines);
      if (clientId !== null && appointment.clientId !== null && clientId !== appointment.clientId)
        throw new Invalid("The client is not the appointment's client.", {
          clientId: ["Not the appointment's client"],
        });
      clientId ??= appointment.clientId;
    }
    let clientName: string | null = null;
    if (clientId !== null) {
      const [client] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId)).limit(1);
      if (!client) throw new Invalid("Client not found.", { clientId: ["Client not found"] });
      clientName = client.name;
    }
    const [last] = await tx.select({ number: sql<number | null>`max(${sales.receiptNumber})` }).from(sales);
    const [sale] = await tx
      .insert(sales)
      .values({
        receiptNumber: Number(last?.number ?? 0) + 1,
        createdAt: at,
        soldByUserId: actor.id,
        soldByName: displayName(actor),
        appointmentId: values.appointmentId ?? null,
        clientId,
        clientName,
        ...totals,
        vatRate,
        vatNumber,
        idempotencyKey: key,
        requestHash: key === null ? null : hash,
      })
      .returning({ id: sales.id });
    const saleId = sale!.id;
    await tx.insert(saleLines).values(lines.map((line, position) => ({ ...line, saleId, position })));
    if (tips.length) await tx.insert(saleTips).values(tips.map((tip) => ({ ...tip, saleId })));
    if (values.payments.length)
      await tx.insert(salePayments).values(values.payments.map((payment) => ({ ...payment, saleId })));
    await takeFromStock(tx, actor, lines);
    await publish(tx, "sales", saleId);
    return { id: saleId, replayed: false };
  });
  return { sale: await readSale(db, result.id), replayed: result.replayed };
}

async function readRefunds(executor: Executor, saleIds: number[]): Promise<RefundView[]> {
  if (saleIds.length === 0) return [];
  const rows = await executor.select().from(refunds).where(inArray(refunds.saleId, saleIds)).orderBy(asc(refunds.id));
  const lines = rows.length
    ? await executor
        .select()
        .from(refundLines)
        .where(
          inArray(
            refundLines.refundId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(refundLines.id))
    : [];
  return rows.map((row) => ({
    id: row.id,
    saleId: row.saleId,
    createdAt: row.createdAt,
    byName: row.byName,
    amount: row.amount,
    method: row.method,
    reason: row.reason,
    lines: lines
      .filter((line) => line.refundId === row.id)
      .map((line) => ({ saleLineId: line.saleLineId, quantity: line.quantity })),
  }));
}

function summaryOf(row: typeof sales.$inferSelect, refundedTotal: number): SaleSummary {
  const { idempotencyKey: _key, requestHash: _hash, ...rest } = row;
  return { ...rest, refundedTotal, refundable: row.total + row.tipsTotal - refundedTotal };
}

export async function readSale(executor: Executor, id: number): Promise<SaleView> {
  const [row] = await executor.select().from(sales).where(eq(sales.id, id)).limit(1);
  if (!row) throw new NotFound(SALE_NOT_FOUND);
  const [lines, tips, payments, refundViews] = await Promise.all([
    executor.select().from(saleLines).where(eq(saleLines.saleId, id)).orderBy(asc(saleLines.position)),
    executor.select().from(saleTips).where(eq(saleTips.saleId, id)).orderBy(asc(saleTips.id)),
    executor.select().from(salePayments).where(eq(salePayments.saleId, id)).orderBy(asc(salePayments.id)),
    readRefunds(executor, [id]),
  ]);
  const refundedQuantity = (lineId: number) =>
    refundViews
      .flatMap((refund) => refund.lines)
      .reduce((sum, l) => sum + (l.saleLineId === lineId ? l.quantity : 0), 0);
  return {
    ...summaryOf(
      row,
      refundViews.reduce((sum, refund) => sum + refund.amount, 0),
    ),
    lines: lines.map(({ saleId: _sale, position: _position, ...line }) => ({
      ...line,
      refundedQuantity: refundedQuantity(line.id),
    })),
    tips: tips.map(({ stylistId, stylistName, amount }) => ({ stylistId, stylistName, amount })),
    payments: payments.map(({ method, amount }) => ({ method, amount })),
    refunds: refundViews,
  };
}

/** Which sales a stylist sees: those they took, and those with a line or a tip of theirs. */
async function visibleSales(actor: Actor) {
  if (can(actor.role, "stylists.viewAll")) return undefined;
  const own = (await stylistIdForUser(actor.id)) ?? -1;
  return or(
    eq(sales.soldByUserId, actor.id),
    exists(
      db
        .select({ one: sql`1` })
        .from(saleLines)
        .where(and(eq(saleLines.saleId, sales.id), eq(saleLines.stylistId, own))),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(saleTips)
        .where(and(eq(saleTips.saleId, sales.id), eq(saleTips.stylistId, own))),
    ),
  );
}

/** One sale with its lines, tips, payments and refunds; a stylist's view is their own sales (else 404). */
export async function getSale(actor: Actor, id: number): Promise<SaleView> {
  assertCan(actor, "sales.view");
  const [visible] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(and(eq(sales.id, id), await visibleSales(actor)))
    .limit(1);
  if (!visible) throw new NotFound(SALE_NOT_FOUND);
  return readSale(db, id);
}

/** What a printed receipt shows: the salon's name, address and VAT number, and the sale. */
export async function getReceipt(actor: Actor, id: number): Promise<Receipt> {
  const sale = await getSale(actor, id);
  const settings = await readSettingsWithSecret();
  return {
    salon: {
      name: settings.salonName,
      address: settings.address,
      phone: settings.phone,
      vatNumber: sale.vatNumber,
    },
    sale,
  };
}

/** Sales made from `from` to `to` (salon days, inclusive), newest first, keyset-paged. */
export async function listSales(
  actor: Actor,
  { from, to }: { from: string; to: string },
  page: PageRequest,
): Promise<Page<SaleSummary>> {
  assertCan(actor, "sales.view");
  const { start, end } = await periodBounds(from, to);
  const after = cursorKey(page.after, TextIdCursor);
  const rows = await db
    .select()
    .from(sales)
    .where(
      and(
        gte(sales.createdAt, start),
        lt(sales.createdAt, end),
        afterKey(sales.createdAt, sales.id, after, "desc"),
        await visibleSales(actor),
      ),
    )
    .orderBy(desc(sales.createdAt), desc(sales.id))
    .limit(page.limit + 1);
  const refunded = rows.length
    ? await db
        .select({ saleId: refunds.saleId, amount: sql<number>`sum(${refunds.amount})` })
        .from(refunds)
        .where(
          inArray(
            refunds.saleId,
            rows.map((row) => row.id),
          ),
        )
        .groupBy(refunds.saleId)
    : [];
  const refundedOf = new Map(refunded.map((row) => [row.saleId, Number(row.amount)]));
  return pageOf(
    rows,
    page,
    (row) => [row.createdAt, row.id],
    (row) => summaryOf(row, refundedOf.get(row.id) ?? 0),
  );
}

/**
 * A refund (admins): never more than what was paid and not yet refunded (the total plus
 * tips); a reason is required; the lines given back return products to stock. Audited.
 */
export async function refundSale(actor: Actor, saleId: number, input: RefundInput | unknown): Promise<RefundView> {
  assertCan(actor, "sales.refund", REFUNDS_ADMIN_ONLY);
  const values = parseOrInvalid(RefundSchema, input);
  const refundId = await writeTransaction(async (tx) => {
    const sale = await readSale(tx, saleId);
    if (values.amount > sale.refundable) {
      const message =
        sale.refundable === 0
          ? "This sale has been refunded in full."
          : `A refund cannot be more than was paid: ${formatPence(sale.refundable)} can still be refunded.`;
      throw new Invalid(message, { amount: [message] });
    }
    const given = new Map<number, number>();
    for (const line of values.lines) given.set(line.saleLineId, (given.get(line.saleLineId) ?? 0) + line.quantity);
    for (const [lineId, quantity] of given) {
      const line = sale.lines.find((candidate) => candidate.id === lineId);
      if (!line) throw new Invalid(`Sale line ${lineId} is not a line of this sale.`);
      if (quantity > line.quantity - line.refundedQuantity)
        throw new Invalid(
          `${line.description}: only ${line.quantity - line.refundedQuantity} of ${line.quantity} can still be given back.`,
        );
    }
    const [refund] = await tx
      .insert(refunds)
      .values({
        saleId,
        createdAt: new Date().toISOString(),
        byUserId: actor.id,
        byName: displayName(actor),
        amount: values.amount,
        method: values.method,
        reason: values.reason,
      })
      .returning({ id: refunds.id });
    const id = refund!.id;
    if (given.size)
      await tx
        .insert(refundLines)
        .values([...given].map(([saleLineId, quantity]) => ({ refundId: id, saleLineId, quantity })));
    for (const [lineId, quantity] of given) {
      const line = sale.lines.find((candidate) => candidate.id === lineId)!;
      if (line.productId !== null)
        await tx
          .update(products)
          .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
          .where(eq(products.id, line.productId));
    }
    // Ids and amounts only: the reason may name the client, so it stays with the refund.
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: "sale.refund",
      entityType: "sale",
      entityId: saleId,
      details: JSON.stringify({ refundId: id, amount: values.amount, method: values.method, lines: given.size }),
    });
    await publish(tx, "sales", saleId);
    return id;
  });
  const [view] = (await readRefunds(db, [saleId])).filter((refund) => refund.id === refundId);
  return view!;
}

/** A client's sales, oldest first, for their subject-access export. */
export async function clientSales(executor: Executor, clientId: number): Promise<SaleView[]> {
  const rows = await executor
    .select({ id: sales.id })
    .from(sales)
    .where(eq(sales.clientId, clientId))
    .orderBy(asc(sales.createdAt), asc(sales.id));
  const views: SaleView[] = [];
  for (const row of rows) views.push(await readSale(executor, row.id));
  return views;
}

/**
 * An erasure: the client's sales keep their amounts (accounting records) but lose the
 * client's link and name, the one change the sales' trigger allows. Returns how many.
 */
export async function eraseClientFromSales(tx: Executor, clientId: number): Promise<number> {
  const changed = await tx
    .update(sales)
    .set({ clientId: null, clientName: null })
    .where(eq(sales.clientId, clientId))
    .returning({ id: sales.id });
  if (changed.length > 0) await publish(tx, "sales", null);
  return changed.length;
}
