// What the salon sells (SPEC §2 Services). Everyone signed in reads the menu; only
// admins change it. Inactive services stay for history but cannot be newly booked.
import { and, asc, eq, ne, or, sql, type SQL } from "drizzle-orm";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { services } from "#db/schema";
import { PROCESSING_INSIDE, type ServiceInput } from "~/lib/schemas/services";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { Conflict, Invalid, NotFound } from "./errors";

export type Service = typeof services.$inferSelect;
const SERVICE_NOT_FOUND = "Service not found";
const SERVICE_NAME_TAKEN = "A service with this name already exists";
/** For the booking code: bookingTerms(...).isActive false means this refusal. */
export const SERVICE_INACTIVE = "This service is no longer offered and cannot be booked.";
export const SERVICES_ADMIN_ONLY = "Only administrators can change services.";

/** `%` and `_` typed by a user are literal characters, not LIKE wildcards. */
function containsPattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Services sorted by category then name (case-insensitively); `search` matches either. */
export function listServices(
  actor: Actor,
  { search, activeOnly }: { search?: string; activeOnly?: boolean } = {},
): Promise<Service[]> {
  assertCan(actor, "services.view");
  const conditions: SQL[] = [];
  const term = search?.trim();
  if (term) {
    const pattern = containsPattern(term);
    conditions.push(
      or(sql`${services.name} like ${pattern} escape '\\'`, sql`${services.category} like ${pattern} escape '\\'`)!,
    );
  }
  if (activeOnly) conditions.push(eq(services.isActive, true));
  return db
    .select()
    .from(services)
    .where(and(...conditions))
    .orderBy(sql`${services.category} collate nocase`, sql`${services.name} collate nocase`, asc(services.id));
}

type ServiceStats = { total: number; active: number; categories: number; averagePrice: number };

/** SPEC §2's four cards over the whole menu: Avg Price is the mean price in pence (rounded). */
export async function serviceStats(actor: Actor): Promise<ServiceStats> {
  assertCan(actor, "services.view");
  const [row] = await db
    .select({
      total: sql<number>`count(*)`,
      active: sql<number>`coalesce(sum(${services.isActive}), 0)`,
      categories: sql<number>`count(distinct lower(${services.category}))`,
      averagePrice: sql<number>`coalesce(round(avg(${services.price})), 0)`,
    })
    .from(services);
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    categories: Number(row?.categories ?? 0),
    averagePrice: Number(row?.averagePrice ?? 0),
  };
}

export async function findService(executor: Executor, id: number): Promise<Service> {
  const [service] = await executor.select().from(services).where(eq(services.id, id)).limit(1);
  if (!service) throw new NotFound(SERVICE_NOT_FOUND);
  return service;
}

export function getService(actor: Actor, id: number): Promise<Service> {
  assertCan(actor, "services.view");
  return findService(db, id);
}

async function assertNameFree(executor: Executor, name: string, exceptId?: number) {
  const sameName = sql`${services.name} = ${name} collate nocase`;
  const [taken] = await executor
    .select({ id: services.id })
    .from(services)
    .where(exceptId ? and(sameName, ne(services.id, exceptId)) : sameName)
    .limit(1);
  if (taken) throw new Conflict(SERVICE_NAME_TAKEN, { name: [SERVICE_NAME_TAKEN] });
}

export async function createService(actor: Actor, input: ServiceInput): Promise<Service> {
  assertCan(actor, "services.write", SERVICES_ADMIN_ONLY);
  return writeTransaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [service] = await tx.insert(services).values(input).returning();
    await publish(tx, "services", service!.id);
    return service!;
  });
}

export async function updateService(actor: Actor, id: number, input: ServiceInput): Promise<Service> {
  assertCan(actor, "services.write", SERVICES_ADMIN_ONLY);
  return writeTransaction(async (tx) => {
    const stored = await findService(tx, id);
    await assertNameFree(tx, input.name, id);
    // Fields left out keep their stored values: the processing time must still lie inside the duration.
    const processing = input.processingMinutes ?? stored.processingMinutes;
    const start = input.processingAfterMinutes ?? stored.processingAfterMinutes;
    if (processing > 0 && start + processing >= input.duration)
      throw new Invalid(PROCESSING_INSIDE, { processingMinutes: [PROCESSING_INSIDE] });
    const [service] = await tx
      .update(services)
      .set({ ...input, updatedAt: new Date().toISOString() })
      .where(eq(services.id, id))
      .returning();
    await publish(tx, "services", id);
    return service!;
  });
}

/** The categories in use, for the dialog's suggestions. */
export async function listCategories(actor: Actor): Promise<string[]> {
  assertCan(actor, "services.view");
  const rows = await db
    .selectDistinct({ category: services.category })
    .from(services)
    .orderBy(sql`${services.category} collate nocase`);
  return [...new Map(rows.map((row) => [row.category.toLowerCase(), row.category])).values()];
}
