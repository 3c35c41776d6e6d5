// Per-stylist prices and durations (SPEC §2 Service Pricing). A stylist may set their own
// price and/or duration for a service; where they have not, the service's apply. Admins
// manage everyone's; a stylist only their own; display accounts none.
import { and, asc, eq, sql } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { services, stylistPricing } from "#db/schema";
import type { StylistPricingInput } from "~/lib/schemas/services";
import { publish } from "~/domain/events.server";
import type { Actor } from "./access.server";
import { findService, type Service } from "./services.server";
import { resolveManagedStylist } from "./stylists.server";

/** What `GET /api/stylists/{id}/pricing` lists: null means "the service's own". */
export type PricingEntry = { serviceId: number; price: number | null; duration: number | null };
/** A row of the Service Pricing table: the service and the stylist's entry for it, if any. */
export type PricingRow = { service: Service; entry: (PricingEntry & { updatedAt: string }) | null };

type BookingTerms = {
  serviceId: number;
  serviceName: string;
  isActive: boolean;
  price: number /* pence */;
  duration: number; /* minutes */
  /** The service's processing time (decision 0111): minutes of work before it, and its length; 0 = none. */
  processingAfterMinutes: number;
  processingMinutes: number;
};

/** A stored price of 0 counts as "no custom price" (SPEC: the badge shows for prices over zero). */
export function customPrice(entry: Pick<PricingEntry, "price"> | null | undefined): number | null {
  return entry?.price ? entry.price : null;
}

/** The stylist's own price and duration for a service, else the service's. Throws NotFound("Service not found") when the service does not exist. */
export async function bookingTerms(executor: Executor, stylistId: number, serviceId: number): Promise<BookingTerms> {
  const service = await findService(executor, serviceId);
  const [entry] = await executor
    .select({ price: stylistPricing.price, duration: stylistPricing.duration })
    .from(stylistPricing)
    .where(and(eq(stylistPricing.stylistId, stylistId), eq(stylistPricing.serviceId, serviceId)))
    .limit(1);
  return {
    serviceId: service.id,
    serviceName: service.name,
    isActive: service.isActive,
    price: customPrice(entry) ?? service.price,
    duration: entry?.duration ?? service.duration,
    processingAfterMinutes: service.processingAfterMinutes,
    processingMinutes: service.processingMinutes,
  };
}

const entryColumns = {
  serviceId: stylistPricing.serviceId,
  price: stylistPricing.price,
  duration: stylistPricing.duration,
};

/** A stylist's stored entries (`GET /api/stylists/{id}/pricing`). */
export async function getStylistPricing(actor: Actor, stylistId: number): Promise<PricingEntry[]> {
  await resolveManagedStylist(actor, "pricing.view", stylistId);
  return db
    .select(entryColumns)
    .from(stylistPricing)
    .where(eq(stylistPricing.stylistId, stylistId))
    .orderBy(asc(stylistPricing.serviceId));
}

/** Every service (by category, then name) with the stylist's entry for it. */
export async function pricingTable(actor: Actor, stylistId: number): Promise<PricingRow[]> {
  await resolveManagedStylist(actor, "pricing.view", stylistId);
  const rows = await db
    .select({ service: services, entry: { ...entryColumns, updatedAt: stylistPricing.updatedAt } })
    .from(services)
    .leftJoin(stylistPricing, and(eq(stylistPricing.serviceId, services.id), eq(stylistPricing.stylistId, stylistId)))
    .orderBy(sql`${services.category} collate nocase`, sql`${services.name} collate nocase`, asc(services.id));
  return rows.map(({ service, entry }) => ({ service, entry: entry?.serviceId ? entry : null }));
}

/**
 * Saves a stylist's price and/or duration for a service (an upsert). A field left out
 * keeps its stored value; `null` (or a price of 0) returns it to the service's own.
 */
export async function setStylistPricing(
  actor: Actor,
  stylistId: number,
  input: StylistPricingInput,
): Promise<PricingEntry> {
  await resolveManagedStylist(actor, "pricing.write", stylistId);
  return writeTransaction(async (tx) => {
    await findService(tx, input.serviceId);
    const changes: Partial<typeof stylistPricing.$inferInsert> = { updatedAt: new Date().toISOString() };
    if (input.price !== undefined) changes.price = input.price || null;
    if (input.duration !== undefined) changes.duration = input.duration;
    const [entry] = await tx
      .insert(stylistPricing)
      .values({ stylistId, serviceId: input.serviceId, price: null, duration: null, ...changes })
      .onConflictDoUpdate({ target: [stylistPricing.stylistId, stylistPricing.serviceId], set: changes })
      .returning(entryColumns);
    await publish(tx, "pricing", stylistId);
    return entry!;
  });
}

/**
 * A Service Pricing row's save (decision 0098): the field of the button pressed is saved as
 * typed; the row's other field is saved too when it differs from what the row showed (the
 * stylist's own value, else the service's), so a save keeps what was typed beside it and an
 * untouched standard value does not become a custom one.
 */
export async function savePricingRow(
  actor: Actor,
  stylistId: number,
  row: { serviceId: number; saved: "price" | "duration"; price?: number; duration?: number },
): Promise<PricingEntry> {
  await resolveManagedStylist(actor, "pricing.write", stylistId);
  const service = await findService(db, row.serviceId);
  const [entry] = await db
    .select(entryColumns)
    .from(stylistPricing)
    .where(and(eq(stylistPricing.stylistId, stylistId), eq(stylistPricing.serviceId, row.serviceId)))
    .limit(1);
  const shownPrice = customPrice(entry) ?? service.price;
  const shownDuration = entry?.duration ?? service.duration;
  const input: StylistPricingInput = { serviceId: row.serviceId };
  if (row.price !== undefined && (row.saved === "price" || row.price !== shownPrice)) input.price = row.price;
  if (row.duration !== undefined && (row.saved === "duration" || row.duration !== shownDuration))
    input.duration = row.duration;
  return setStylistPricing(actor, stylistId, input);
}
