import { z } from "zod";
import { Id, Instant, named } from "./common";

export const ProductView = named(
  "Product",
  z
    .object({
      id: Id,
      name: z.string(),
      description: z.string().nullable(),
      category: z.string().nullable(),
      retailPrice: z.number().int().nullable().describe("Pence, VAT included; null: not for sale."),
      stockQuantity: z.number().int().describe("Lowered by sales, raised by refunds; may go below zero."),
      reorderLevel: z
        .number()
        .int()
        .nullable()
        .describe("At or below it a sale puts the product on the shopping list once; null: never."),
    })
    .strict(),
);

const person = z.object({ firstName: z.string(), lastName: z.string() }).strict().nullable();

export const ShoppingItemView = named(
  "ShoppingItem",
  z
    .object({
      id: Id,
      productId: Id.nullable(),
      customName: z.string().nullable(),
      quantity: z.number().int(),
      notes: z.string().nullable(),
      product: z.object({ name: z.string(), category: z.string().nullable() }).strict().nullable(),
      isOrdered: z.boolean(),
      isCompleted: z.boolean(),
      createdAt: Instant,
      orderedAt: Instant.nullable(),
      completedAt: Instant.nullable(),
      addedByUser: person,
      orderedByUser: person,
      completedByUser: person,
    })
    .strict(),
);
