// The checkout screen's reads (decision 0119): what a sale for an appointment starts with,
// the stylists and services a line may name, and the products for sale found by name. The
// sale itself is recorded by createSale (sales.server), which checks everything again.
import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "#db/client.server";
import { products, sales, services, stylistPricing, stylists } from "#db/schema";
import { PAYMENT_METHODS, type PaymentMethod } from "#db/enums";
import {
  draftTotals,
  lineStylists,
  withTipPercent,
  withTipSplit,
  type CheckoutDraft,
  type DraftLine,
} from "~/lib/checkout-draft";
import { MAX_PAYMENTS, MAX_SALE_LINES, MAX_TIPS } from "~/lib/schemas/sales";
import { assertCan, type Actor } from "./access.server";
import { getAppointment } from "./appointments.server";
import { Conflict, Forbidden, Invalid } from "./errors";
import { can } from "./permissions";
import { OWN_SALES_ONLY } from "./sales.server";
import { readSettingsWithSecret } from "./settings.server";
import { stylistIdForUser } from "./stylists.server";

export type CheckoutOptions = {
  /** The stylists a line or a tip may name: every active one for an administrator, a stylist only themself. */
  stylists: { id: number; name: string }[];
  services: { id: number; name: string; price: number }[];
  /** The stylist a new line goes to by default (a stylist's own; null for an administrator). */
  ownStylistId: number | null;
  /** Prices include VAT at this rate; null when the salon has no VAT number. */
  vatRate: number | null;
};

export type ProductHit = { id: number; name: string; retailPrice: number; stockQuantity: number };

/** Whether the actor takes payment for anyone's appointments (an administrator) or only their own. */
const takesForAnyone = (actor: Actor) => can(actor.role, "stylists.viewAll");

export async function checkoutOptions(actor: Actor): Promise<CheckoutOptions> {
  assertCan(actor, "sales.take");
  const ownStylistId = await stylistIdForUser(actor.id);
  const anyone = takesForAnyone(actor);
  const [stylistRows, serviceRows, settings] = await Promise.all([
    db
      .select({ id: stylists.id, name: stylists.name })
      .from(stylists)
      .where(anyone ? eq(stylists.isActive, true) : eq(stylists.id, ownStylistId ?? -1))
      .orderBy(asc(stylists.name), asc(stylists.id)),
    db
      .select({ id: services.id, name: services.name, price: services.price })
      .from(services)
      .where(eq(services.isActive, true))
      .orderBy(sql`${services.name} collate nocase`, asc(services.id)),
    readSettingsWithSecret(),
  ]);
  const vatNumber = settings.vatNumber.trim();
  return {
    stylists: stylistRows,
    services: serviceRows,
    ownStylistId: anyone ? null : ownStylistId,
    vatRate: vatNumber ? settings.vatRate : null,
  };
}

/** The sale recorded for an appointment, if any (its id), for those who may see the appointment. */
export async function saleIdForAppointment(actor: Actor, appointmentId: number): Promise<number | null> {
  const [row] = await db.select({ id: sales.id }).from(sales).where(eq(sales.appointmentId, appointmentId)).limit(1);
  if (!row) return null;
  return can(actor.role, "sales.view") ? row.id : null;
}

/** Whether the actor may take payment for this appointment: an administrator, or its own stylist. */
export async function mayCheckOut(actor: Actor, appointment: { stylistId: number }): Promise<boolean> {
  if (!can(actor.role, "sales.take")) return false;
  if (takesForAnyone(actor)) return true;
  return (await stylistIdForUser(actor.id)) === appointment.stylistId;
}

export type CheckoutStart =
  | { paidSaleId: number }
  | {
      paidSaleId: null;
      /** "Anna Smith, Cut and finish with Sofia": what the screen is for. */
      title: string;
      draft: Omit<CheckoutDraft, "key" | "revision">;
    };

/** A service's price for a stylist: their own price where set, else the service's. */
export async function servicePrice(serviceId: number, stylistId: number | null): Promise<number | null> {
  const [service] = await db.select({ price: services.price }).from(services).where(eq(services.id, serviceId));
  if (!service) return null;
  if (stylistId === null) return service.price;
  const [own] = await db
    .select({ price: stylistPricing.price })
    .from(stylistPricing)
    .where(and(eq(stylistPricing.serviceId, serviceId), eq(stylistPricing.stylistId, stylistId)))
    .limit(1);
  return own?.price ?? service.price;
}

/**
 * What the screen starts with: a new sale (no appointment), or the appointment's service
 * prefilled at its booked price, the client, and a tip row for its stylist. An appointment
 * already paid answers its sale's id (the screen goes to the receipt).
 */
export async function startCheckout(actor: Actor, appointmentId: number | null): Promise<CheckoutStart> {
  assertCan(actor, "sales.take");
  const empty = {
    appointmentId: null,
    clientId: null,
    clientName: null,
    tips: [],
    payments: [],
    productQuery: "",
    tipTotal: 0,
  };
  if (appointmentId === null) {
    const own = takesForAnyone(actor) ? null : await stylistIdForUser(actor.id);
    return {
      paidSaleId: null,
      title: "New sale",
      draft: { ...empty, lines: [], tips: own ? [{ stylistId: own, amount: 0 }] : [] },
    };
  }
  const appointment = await getAppointment(actor, appointmentId);
  if (!(await mayCheckOut(actor, appointment))) throw new Forbidden(OWN_SALES_ONLY);
  const paid = await saleIdForAppointment(actor, appointmentId);
  if (paid !== null) return { paidSaleId: paid };
  if (appointment.status === "blocked") throw new Conflict("Blocked time cannot be checked out.");
  if (appointment.status === "cancelled" || appointment.status === "requested")
    throw new Conflict(`A ${appointment.status} appointment cannot be checked out.`);
  const lines: DraftLine[] = appointment.service
    ? [
        {
          kind: "service",
          itemId: appointment.service.id,
          description: appointment.service.name,
          stylistId: appointment.stylistId,
          quantity: 1,
          unitPrice: appointment.price,
          discount: 0,
          stock: null,
        },
      ]
    : [];
  const client = appointment.client?.name ?? null;
  return {
    paidSaleId: null,
    title: [
      client ?? "No client",
      appointment.service ? `${appointment.service.name} with ${appointment.stylist.name}` : null,
    ]
      .filter(Boolean)
      .join(", "),
    draft: {
      ...empty,
      appointmentId,
      clientId: appointment.client?.id ?? null,
      clientName: client,
      lines,
      tips: [{ stylistId: appointment.stylistId, amount: 0 }],
    },
  };
}

const MAX_HITS = 6;

/** Products for sale (those with a retail price) whose name holds `query`, with their stock. */
export async function findProducts(actor: Actor, query: string): Promise<ProductHit[]> {
  assertCan(actor, "sales.take");
  const term = query.trim();
  if (!term) return [];
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      retailPrice: products.retailPrice,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(and(isNotNull(products.retailPrice), sql`${products.name} like ${pattern} escape '\\'`))
    .orderBy(sql`${products.name} collate nocase`, asc(products.id))
    .limit(MAX_HITS);
  return rows.map((row) => ({ ...row, retailPrice: row.retailPrice! }));
}

/** One product for sale, for a line added by its id. */
export async function productForSale(actor: Actor, id: number): Promise<ProductHit> {
  assertCan(actor, "sales.take");
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      retailPrice: products.retailPrice,
      stockQuantity: products.stockQuantity,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!row) throw new Invalid("That product was not found.");
  if (row.retailPrice === null) throw new Invalid(`${row.name} has no retail price, so it is not for sale.`);
  return { ...row, retailPrice: row.retailPrice };
}

/** The step a button names: `add-product:12`, `remove-line:0`, `tip-15`, `pay`... */
export async function applyCheckoutStep(
  user: Actor,
  draft: CheckoutDraft,
  intent: string,
  form: FormData,
  options: CheckoutOptions,
): Promise<CheckoutDraft> {
  const [step = "", argument = ""] = intent.split(":");
  const index = Number(argument);
  const defaultStylist = options.ownStylistId ?? lineStylists(draft)[0] ?? null;
  switch (step) {
    case "add-product": {
      if (draft.lines.length >= MAX_SALE_LINES) return draft;
      const product = await productForSale(user, Number(argument));
      const same = draft.lines.findIndex((line) => line.kind === "product" && line.itemId === product.id);
      if (same !== -1)
        return {
          ...draft,
          lines: draft.lines.map((line, at) => (at === same ? { ...line, quantity: line.quantity + 1 } : line)),
        };
      return {
        ...draft,
        productQuery: "",
        lines: [
          ...draft.lines,
          {
            kind: "product",
            itemId: product.id,
            description: product.name,
            stylistId: defaultStylist,
            quantity: 1,
            unitPrice: product.retailPrice,
            discount: 0,
            stock: product.stockQuantity,
          },
        ],
      };
    }
    case "add-service": {
      const serviceId = Number(form.get("newServiceId"));
      const service = options.services.find((candidate) => candidate.id === serviceId);
      if (!service || draft.lines.length >= MAX_SALE_LINES) return draft;
      const chosen = Number(form.get("newServiceStylistId"));
      const stylistId = options.stylists.some((stylist) => stylist.id === chosen) ? chosen : defaultStylist;
      return {
        ...draft,
        lines: [
          ...draft.lines,
          {
            kind: "service",
            itemId: service.id,
            description: service.name,
            stylistId,
            quantity: 1,
            unitPrice: (await servicePrice(service.id, stylistId)) ?? service.price,
            discount: 0,
            stock: null,
          },
        ],
      };
    }
    case "remove-line":
      return { ...draft, lines: draft.lines.filter((_, at) => at !== index) };
    case "tip-10":
    case "tip-15":
    case "tip-20":
      return withTipPercent(draft, Number(step.slice(4)), options.vatRate);
    case "tip-split":
      return withTipSplit(draft, draft.tipTotal);
    case "add-tip": {
      const stylistId = Number(form.get("newTipStylistId"));
      if (!options.stylists.some((stylist) => stylist.id === stylistId)) return draft;
      if (draft.tips.some((tip) => tip.stylistId === stylistId) || draft.tips.length >= MAX_TIPS) return draft;
      return { ...draft, tips: [...draft.tips, { stylistId, amount: 0 }] };
    }
    case "remove-tip":
      return { ...draft, tips: draft.tips.filter((_, at) => at !== index) };
    case "add-payment": {
      if (!(PAYMENT_METHODS as readonly string[]).includes(argument) || draft.payments.length >= MAX_PAYMENTS)
        return draft;
      const { remaining } = draftTotals(draft, options.vatRate);
      return { ...draft, payments: [...draft.payments, { method: argument as PaymentMethod, amount: remaining }] };
    }
    case "remove-payment":
      return { ...draft, payments: draft.payments.filter((_, at) => at !== index) };
    default:
      return draft;
  }
}
