// The checkout screen's state (decision 0119): the whole sale being made lives in the form's
// fields, so every step (add a product, a tip, a payment) is a submit that works without
// JavaScript, and the server re-renders it with its totals. With JavaScript the same reading
// of the form and the same arithmetic (app/lib/sale-totals.ts) update the totals as you type.
import { PAYMENT_METHODS, type PaymentMethod, type SaleLineKind } from "#db/enums";
import type { SaleInput } from "./schemas/sales";
import { MAX_AMOUNT, MAX_LINE_QUANTITY, MAX_PAYMENTS, MAX_SALE_LINES, MAX_TIPS } from "./schemas/sales";
import { checkTotals, vatPart, type CheckedTotals } from "./sale-totals";

export type DraftLine = {
  kind: SaleLineKind;
  /** The service's or the product's id. */
  itemId: number;
  description: string;
  stylistId: number | null;
  quantity: number;
  /** Pence, VAT included; a product's price is for one. */
  unitPrice: number;
  /** Pence off the line. */
  discount: number;
  /** A product's stock when it was added (shown beside it); null for a service. */
  stock: number | null;
};
export type DraftTip = { stylistId: number; amount: number };
export type DraftPayment = { method: PaymentMethod; amount: number };

export type CheckoutDraft = {
  /** The Idempotency-Key of the sale, made when the screen was rendered. */
  key: string;
  /** Counts the screen's steps: the form is drawn afresh after each. */
  revision: number;
  appointmentId: number | null;
  clientId: number | null;
  clientName: string | null;
  lines: DraftLine[];
  tips: DraftTip[];
  payments: DraftPayment[];
  /** The product search as typed. */
  productQuery: string;
  /** The amount typed to split between the tipped stylists. */
  tipTotal: number;
};

export const MAX_QUERY = 100;
const MAX_DESCRIPTION = 200;
const MAX_KEY = 100;

/** The form's field names. */
export const field = {
  line: (index: number, name: keyof DraftLine) => `lines.${index}.${name}`,
  tip: (index: number, name: keyof DraftTip) => `tips.${index}.${name}`,
  payment: (index: number, name: keyof DraftPayment) => `payments.${index}.${name}`,
};

/** Every name the form may post, for the route's field count limit. */
export const FORM_FIELD_COUNT = MAX_SALE_LINES * 8 + MAX_TIPS * 2 + MAX_PAYMENTS * 2 + 20;

/** "12.50", "£12.5", "12" -> pence; "" -> 0; anything else null. */
export function parseMoney(text: string): number | null {
  const trimmed = text.trim().replace(/^£\s*/, "");
  if (trimmed === "") return 0;
  if (!/^\d{1,7}(\.\d{0,2})?$/.test(trimmed)) return null;
  const [pounds = "0", pence = ""] = trimmed.split(".");
  const value = Number(pounds) * 100 + Number(pence.padEnd(2, "0"));
  return value <= MAX_AMOUNT ? value : null;
}

/** Pence as the money fields show them: "12.50". */
export const moneyInput = (pence: number) => (pence / 100).toFixed(2);

const idOf = (value: string | null) => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
};

type FormLike = { get(name: string): FormDataEntryValue | null };

/**
 * The sale as the form holds it, and what in it is not understood (an amount that is not
 * one): those fields count as nothing and the screen says which.
 */
export function readDraft(form: FormLike): { draft: CheckoutDraft; problems: string[] } {
  const problems: string[] = [];
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const money = (name: string, label: string) => {
    const value = parseMoney(text(name, 20));
    if (value === null) problems.push(`${label} is not an amount of money (for example 12.50).`);
    return value ?? 0;
  };
  const lines: DraftLine[] = [];
  for (let index = 0; index < MAX_SALE_LINES; index += 1) {
    const kind = text(field.line(index, "kind"), 10);
    if (kind !== "service" && kind !== "product") continue;
    const itemId = idOf(text(field.line(index, "itemId"), 12));
    if (itemId === null) continue;
    const description =
      text(field.line(index, "description"), MAX_DESCRIPTION) || (kind === "service" ? "Service" : "Product");
    const label = `${description} (line ${lines.length + 1})`;
    const quantityText = text(field.line(index, "quantity"), 6).trim();
    let quantity = kind === "product" && quantityText !== "" ? Number(quantityText) : 1;
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
      problems.push(`${label}: the quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
      quantity = 1;
    }
    const stockText = text(field.line(index, "stock"), 12);
    lines.push({
      kind,
      itemId,
      description,
      stylistId: idOf(text(field.line(index, "stylistId"), 12)),
      quantity,
      unitPrice: money(field.line(index, "unitPrice"), `${label}: the price`),
      discount: money(field.line(index, "discount"), `${label}: the discount`),
      stock: kind === "product" && /^-?\d{1,9}$/.test(stockText) ? Number(stockText) : null,
    });
  }
  const tips: DraftTip[] = [];
  for (let index = 0; index < MAX_TIPS; index += 1) {
    const stylistId = idOf(text(field.tip(index, "stylistId"), 12));
    if (stylistId === null || tips.some((tip) => tip.stylistId === stylistId)) continue;
    tips.push({ stylistId, amount: money(field.tip(index, "amount"), `Tip ${tips.length + 1}`) });
  }
  const payments: DraftPayment[] = [];
  for (let index = 0; index < MAX_PAYMENTS; index += 1) {
    const method = text(field.payment(index, "method"), 10);
    if (!(PAYMENT_METHODS as readonly string[]).includes(method)) continue;
    payments.push({
      method: method as PaymentMethod,
      amount: money(field.payment(index, "amount"), `Payment ${payments.length + 1}`),
    });
  }
  const revision = Number(text("revision", 9));
  return {
    draft: {
      key: text("key", MAX_KEY),
      revision: Number.isInteger(revision) && revision >= 0 ? revision : 0,
      appointmentId: idOf(text("appointmentId", 12)),
      clientId: idOf(text("clientId", 12)),
      clientName: text("clientName", MAX_DESCRIPTION) || null,
      lines,
      tips,
      payments,
      productQuery: text("productQuery", MAX_QUERY),
      tipTotal: money("tipTotal", "The tip to split"),
    },
    problems,
  };
}

/** Each line's price (unit price times quantity), discount, and the VAT inside what is left. */
export function pricedDraftLines(draft: Pick<CheckoutDraft, "lines">, vatRate: number | null) {
  return draft.lines.map((line) => {
    const price = line.unitPrice * line.quantity;
    const discount = Math.min(line.discount, price);
    return { price, discount, net: price - discount, vat: vatPart(price - discount, vatRate) };
  });
}

/** The totals the screen shows: the same arithmetic as the recorded sale. */
export function draftTotals(draft: CheckoutDraft, vatRate: number | null): CheckedTotals {
  const payments = draft.payments.filter((payment) => payment.amount > 0);
  return checkTotals(pricedDraftLines(draft, vatRate), draft.tips, payments);
}

/** `amount` in `parts` whole-pence shares, the odd pence to the first. */
export function splitEvenly(amount: number, parts: number): number[] {
  if (parts <= 0) return [];
  const share = Math.floor(amount / parts);
  return Array.from({ length: parts }, (_, index) => share + (index < amount - share * parts ? 1 : 0));
}

/** The stylists a tip goes to by default: those of the sale's lines, in order. */
export function lineStylists(draft: Pick<CheckoutDraft, "lines">): number[] {
  return [...new Set(draft.lines.flatMap((line) => (line.stylistId === null ? [] : [line.stylistId])))];
}

/** `amount` split between the tip rows (or the lines' stylists when there are none). */
export function withTipSplit(draft: CheckoutDraft, amount: number): CheckoutDraft {
  const stylists = draft.tips.length ? draft.tips.map((tip) => tip.stylistId) : lineStylists(draft);
  const shares = splitEvenly(amount, stylists.length);
  return {
    ...draft,
    tipTotal: amount,
    tips: stylists.map((stylistId, index) => ({ stylistId, amount: shares[index]! })),
  };
}

/** A tip of `percent` of the sale's total, split as above. */
export function withTipPercent(draft: CheckoutDraft, percent: number, vatRate: number | null): CheckoutDraft {
  const { total } = draftTotals(draft, vatRate);
  return withTipSplit(draft, Math.round((total * percent) / 100));
}

/** What `POST /api/sales` would be sent: zero tips and payments left out. */
export function saleInputOf(draft: CheckoutDraft): SaleInput {
  return {
    appointmentId: draft.appointmentId,
    clientId: draft.clientId,
    lines: draft.lines.map((line) =>
      line.kind === "service"
        ? {
            kind: "service" as const,
            serviceId: line.itemId,
            stylistId: line.stylistId ?? 0,
            price: line.unitPrice,
            discount: line.discount,
          }
        : {
            kind: "product" as const,
            productId: line.itemId,
            quantity: line.quantity,
            price: line.unitPrice,
            stylistId: line.stylistId,
            discount: line.discount,
          },
    ),
    tips: draft.tips.filter((tip) => tip.amount > 0),
    payments: draft.payments.filter((payment) => payment.amount > 0),
  };
}
