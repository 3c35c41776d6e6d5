// Products and shopping-list items (SPEC §3, §5 "New product", "Add shopping item").
// The dialogs and `/api` share these rules; blank optional text is stored as null.
import { z } from "zod";
import { multiLineText, text } from "./limits";

const optionalText = (max: number, label: string, lines: "single" | "multi" = "single") =>
  (lines === "single" ? text : multiLineText)({ invalid_type_error: `${label} must be text` }, max, label)
    .nullish()
    .transform((value) => (value ? value : null));

/** The most of a product kept in stock or set as its reorder level. */
export const MAX_STOCK = 99_999;
const stockCount = (label: string) =>
  z
    .number({ invalid_type_error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(-MAX_STOCK, `${label} must be at least -${MAX_STOCK}`)
    .max(MAX_STOCK, `${label} must be at most ${MAX_STOCK}`);

export const ProductSchema = z.object({
  name: text({ required_error: "Product name is required" }, 100, "Product name").min(1, "Product name is required"),
  category: optionalText(50, "Category"),
  description: optionalText(500, "Description", "multi"),
  // Retail (admins): pence with VAT; only a product with a price is sold. Null: not for sale.
  retailPrice: z
    .number({ invalid_type_error: "Retail price must be a number of pence" })
    .int("Retail price must be a whole number of pence")
    .min(0, "Retail price cannot be negative")
    .max(10_000_000, "Retail price is too large")
    .nullish()
    .transform((value) => value ?? null),
  stockQuantity: stockCount("Stock quantity").default(0),
  // At or below it, a sale puts the product on the shopping list; null: never.
  reorderLevel: stockCount("Reorder level")
    .min(0, "Reorder level cannot be negative")
    .nullish()
    .transform((value) => value ?? null),
});
export type ProductInput = z.output<typeof ProductSchema>;

export const MAX_QUANTITY = 9999;
const quantity = z
  .number({ invalid_type_error: "Quantity must be a number" })
  .int("Quantity must be a whole number")
  .min(1, "Quantity must be at least 1")
  .max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`);

const ITEM_NAME_REQUIRED = "Select a product or enter a custom name";

/** `POST /api/shopping-list`: SPEC §7's payload. */
export const ShoppingItemSchema = z
  .object({
    productId: z
      .number({ invalid_type_error: "Choose a product from the list" })
      .int()
      .positive("Choose a product from the list")
      .nullish()
      .transform((value) => value ?? null),
    customName: optionalText(100, "Custom name"),
    quantity: quantity.default(1),
    notes: optionalText(500, "Notes", "multi"),
  })
  .refine((item) => item.productId !== null || item.customName !== null, {
    path: ["customName"],
    message: ITEM_NAME_REQUIRED,
  });
export type ShoppingItemInput = z.output<typeof ShoppingItemSchema>;

/**
 * The Add Item dialog. SPEC §5: the quantity is parsed as an integer, falling back to 1
 * when it is not a number (a blank box); a number below 1 is still refused.
 */
export const ShoppingItemFormSchema = z
  .object({
    productId: z.coerce.number().int().positive("Choose a product from the list").optional(),
    customName: optionalText(100, "Custom name"),
    quantity: z.preprocess((value) => {
      const parsed = Number.parseInt(String(value ?? ""), 10);
      return Number.isNaN(parsed) ? 1 : parsed;
    }, quantity),
    notes: optionalText(500, "Notes", "multi"),
  })
  .transform((item) => ({ ...item, productId: item.productId ?? null }))
  .refine((item) => item.productId !== null || item.customName !== null, {
    path: ["customName"],
    message: ITEM_NAME_REQUIRED,
  });

export const SHOPPING_ACTIONS = ["order", "deliver", "complete"] as const;
export type ShoppingAction = (typeof SHOPPING_ACTIONS)[number];

/** Completed items shown per page (the list grows until someone clears it). */
export const COMPLETED_PAGE_SIZE = 50;
export const MAX_COMPLETED_PAGE = 500;
/** Pending items shown at most, oldest first: a salon has a few dozen; a flood stays bounded (decision 0065). */
export const MAX_PENDING_ITEMS = 500;
