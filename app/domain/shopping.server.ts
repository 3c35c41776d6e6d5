// The shared shopping list (SPEC §2 Shopping List, §3, §4, §7). Any signed-in user adds,
// completes, delivers and deletes items; only admins mark them ordered. The state machine
// of SPEC §4 is enforced here with conditional updates, so when two tablets tap the same
// item at once exactly one wins and the other gets a 409 saying what happened instead.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db, writeTransaction, type Executor } from "#db/client.server";
import { products, shoppingItems, users } from "#db/schema";
import {
  COMPLETED_PAGE_SIZE,
  MAX_COMPLETED_PAGE,
  MAX_PENDING_ITEMS,
  ProductSchema,
  ShoppingItemSchema,
  type ProductInput,
  type ShoppingAction,
  type ShoppingItemInput,
} from "~/lib/schemas/shopping";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { Conflict, Invalid, NotFound } from "./errors";
import { parseOrInvalid } from "./validate";

export type Product = Omit<typeof products.$inferSelect, "createdAt">;
export type PersonName = { firstName: string; lastName: string };
export type ShoppingItem = {
  id: number;
  productId: number | null;
  customName: string | null;
  quantity: number;
  notes: string | null;
  product: { name: string; category: string | null } | null;
  isOrdered: boolean;
  isCompleted: boolean;
  createdAt: string;
  orderedAt: string | null;
  completedAt: string | null;
  addedByUser: PersonName | null;
  orderedByUser: PersonName | null;
  completedByUser: PersonName | null;
};

const ITEM_NOT_FOUND = "This item is no longer on the shopping list.";
const PRODUCT_NOT_FOUND = "The chosen product no longer exists.";
const ORDER_ADMIN_ONLY = "Only administrators can mark items as ordered.";

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  category: products.category,
  retailPrice: products.retailPrice,
  stockQuantity: products.stockQuantity,
  reorderLevel: products.reorderLevel,
};
export const RETAIL_ADMIN_ONLY = "Only administrators can set retail prices, stock and reorder levels.";

/** Every product, by name: the Add Item dialog's choices. A catalogue, not a log, so not paged. */
export function listProducts(actor: Actor): Promise<Product[]> {
  assertCan(actor, "shopping.use");
  return db
    .select(productColumns)
    .from(products)
    .orderBy(sql`${products.name} collate nocase`, asc(products.id));
}

/** Any signed-in user adds a product to the catalogue; only admins give it a retail price, stock or reorder level. */
export async function createProduct(actor: Actor, input: ProductInput): Promise<Product> {
  assertCan(actor, "shopping.use");
  const values = parseOrInvalid(ProductSchema, input);
  if (values.retailPrice !== null || values.stockQuantity !== 0 || values.reorderLevel !== null)
    assertCan(actor, "products.manage", RETAIL_ADMIN_ONLY);
  return writeTransaction(async (tx) => {
    const [product] = await tx.insert(products).values(values).returning(productColumns);
    await publish(tx, "shopping", null);
    return product!;
  });
}

export async function getProduct(actor: Actor, id: number): Promise<Product> {
  assertCan(actor, "shopping.use");
  const [product] = await db.select(productColumns).from(products).where(eq(products.id, id)).limit(1);
  if (!product) throw new NotFound("Product not found.");
  return product;
}

/** Replaces a product's fields (admins): the retail price, the counted stock, the reorder level. */
export async function updateProduct(actor: Actor, id: number, input: ProductInput): Promise<Product> {
  assertCan(actor, "products.manage", RETAIL_ADMIN_ONLY);
  const values = parseOrInvalid(ProductSchema, input);
  return writeTransaction(async (tx) => {
    const [product] = await tx.update(products).set(values).where(eq(products.id, id)).returning(productColumns);
    if (!product) throw new NotFound("Product not found.");
    await publish(tx, "shopping", null);
    return product;
  });
}

const addedBy = alias(users, "added_by");
const orderedBy = alias(users, "ordered_by");
const completedBy = alias(users, "completed_by");

function itemQuery(executor: Executor) {
  return executor
    .select({
      item: shoppingItems,
      productName: products.name,
      productCategory: products.category,
      added: { firstName: addedBy.firstName, lastName: addedBy.lastName },
      ordered: { firstName: orderedBy.firstName, lastName: orderedBy.lastName },
      completed: { firstName: completedBy.firstName, lastName: completedBy.lastName },
    })
    .from(shoppingItems)
    .leftJoin(products, eq(products.id, shoppingItems.productId))
    .leftJoin(addedBy, eq(addedBy.id, shoppingItems.addedByUserId))
    .leftJoin(orderedBy, eq(orderedBy.id, shoppingItems.orderedByUserId))
    .leftJoin(completedBy, eq(completedBy.id, shoppingItems.completedByUserId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof itemQuery>["execute"]>>[number];

// A left-joined user who is gone (account deleted) comes back with null columns.
const person = (name: { firstName: string | null; lastName: string | null } | null): PersonName | null =>
  name && name.firstName !== null ? { firstName: name.firstName, lastName: name.lastName ?? "" } : null;

function toItem(row: ItemRow): ShoppingItem {
  const { item } = row;
  return {
    id: item.id,
    productId: item.productId,
    customName: item.customName,
    quantity: item.quantity,
    notes: item.notes,
    product: row.productName === null ? null : { name: row.productName, category: row.productCategory },
    isOrdered: item.isOrdered,
    isCompleted: item.isCompleted,
    createdAt: item.createdAt,
    orderedAt: item.orderedAt,
    completedAt: item.completedAt,
    addedByUser: person(row.added),
    orderedByUser: person(row.ordered),
    completedByUser: person(row.completed),
  };
}

type ShoppingList = {
  pending: ShoppingItem[];
  pendingCount: number;
  completed: ShoppingItem[];
  completedCount: number;
  hasMoreCompleted: boolean;
};

/**
 * Pending items oldest first (the list is cleared as things arrive; at most
 * MAX_PENDING_ITEMS of them, so a flood cannot grow the answer), and the newest
 * `completedLimit` completed items, newest completion first.
 */
export async function getShoppingList(
  actor: Actor,
  { completedLimit = COMPLETED_PAGE_SIZE }: { completedLimit?: number } = {},
): Promise<ShoppingList> {
  assertCan(actor, "shopping.use");
  const limit = Math.min(Math.max(Math.trunc(completedLimit) || COMPLETED_PAGE_SIZE, 1), MAX_COMPLETED_PAGE);
  const [pending, completed, [counted]] = await Promise.all([
    itemQuery(db)
      .where(eq(shoppingItems.isCompleted, false))
      .orderBy(asc(shoppingItems.createdAt), asc(shoppingItems.id))
      .limit(MAX_PENDING_ITEMS),
    itemQuery(db)
      .where(eq(shoppingItems.isCompleted, true))
      .orderBy(desc(shoppingItems.completedAt), desc(shoppingItems.id))
      .limit(limit),
    db
      .select({ completed: sql<number>`coalesce(sum(${shoppingItems.isCompleted}), 0)`, all: sql<number>`count(*)` })
      .from(shoppingItems),
  ]);
  const completedCount = Number(counted?.completed ?? 0);
  const pendingCount = Number(counted?.all ?? 0) - completedCount;
  return {
    pending: pending.map(toItem),
    pendingCount,
    completed: completed.map(toItem),
    completedCount,
    hasMoreCompleted: completedCount > completed.length,
  };
}

async function readItem(executor: Executor, id: number): Promise<ShoppingItem> {
  const [row] = await itemQuery(executor).where(eq(shoppingItems.id, id)).limit(1);
  if (!row) throw new NotFound(ITEM_NOT_FOUND);
  return toItem(row);
}

export async function addShoppingItem(actor: Actor, input: ShoppingItemInput): Promise<ShoppingItem> {
  assertCan(actor, "shopping.use");
  const values = parseOrInvalid(ShoppingItemSchema, input);
  return writeTransaction(async (tx) => {
    if (values.productId !== null) {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, values.productId))
        .limit(1);
      if (!product) throw new Invalid(PRODUCT_NOT_FOUND, { productId: [PRODUCT_NOT_FOUND] });
    }
    const [created] = await tx
      .insert(shoppingItems)
      .values({ ...values, addedByUserId: actor.id })
      .returning({ id: shoppingItems.id });
    await publish(tx, "shopping", created!.id);
    return readItem(tx, created!.id);
  });
}

// Each step of SPEC §4: the state it needs, the columns it sets, and why it may be refused.
const STEPS: Record<
  ShoppingAction,
  {
    when: ReturnType<typeof and>;
    set: (actor: Actor, now: string) => Partial<typeof shoppingItems.$inferInsert>;
    refusal: (item: ShoppingItem) => string;
  }
> = {
  order: {
    when: and(eq(shoppingItems.isOrdered, false), eq(shoppingItems.isCompleted, false)),
    set: (actor, now) => ({ isOrdered: true, orderedAt: now, orderedByUserId: actor.id }),
    refusal: (item) =>
      item.isCompleted ? "This item has already been completed." : "This item has already been marked as ordered.",
  },
  deliver: {
    when: and(eq(shoppingItems.isOrdered, true), eq(shoppingItems.isCompleted, false)),
    set: (actor, now) => ({ isCompleted: true, completedAt: now, completedByUserId: actor.id }),
    refusal: (item) =>
      item.isCompleted
        ? "This item has already been delivered or completed."
        : "Only an ordered item can be marked as delivered.",
  },
  complete: {
    when: and(eq(shoppingItems.isOrdered, false), eq(shoppingItems.isCompleted, false)),
    set: (actor, now) => ({ isCompleted: true, completedAt: now, completedByUserId: actor.id }),
    refusal: (item) =>
      item.isCompleted
        ? "This item has already been completed."
        : "This item has been ordered: mark it as delivered when it arrives.",
  },
};

/** Moves an item one step along SPEC §4, recording who and when; 409 if the step no longer applies. */
export async function advanceShoppingItem(actor: Actor, id: number, action: ShoppingAction): Promise<ShoppingItem> {
  assertCan(actor, "shopping.use");
  if (action === "order") assertCan(actor, "shopping.order", ORDER_ADMIN_ONLY);
  const step = STEPS[action];
  return writeTransaction(async (tx) => {
    const changed = await tx
      .update(shoppingItems)
      .set(step.set(actor, new Date().toISOString()))
      .where(and(eq(shoppingItems.id, id), step.when))
      .returning({ id: shoppingItems.id });
    if (changed.length === 0) throw new Conflict(step.refusal(await readItem(tx, id)));
    await publish(tx, "shopping", id);
    return readItem(tx, id);
  });
}

export async function deleteShoppingItem(actor: Actor, id: number): Promise<void> {
  assertCan(actor, "shopping.use");
  await writeTransaction(async (tx) => {
    const deleted = await tx.delete(shoppingItems).where(eq(shoppingItems.id, id)).returning({ id: shoppingItems.id });
    if (deleted.length === 0) throw new NotFound(ITEM_NOT_FOUND);
    await publish(tx, "shopping", id);
  });
}

/** Removes every completed item; returns how many went. */
export async function clearCompletedItems(actor: Actor): Promise<number> {
  assertCan(actor, "shopping.use");
  return writeTransaction(async (tx) => {
    const deleted = await tx
      .delete(shoppingItems)
      .where(eq(shoppingItems.isCompleted, true))
      .returning({ id: shoppingItems.id });
    if (deleted.length > 0) await publish(tx, "shopping", null);
    return deleted.length;
  });
}
