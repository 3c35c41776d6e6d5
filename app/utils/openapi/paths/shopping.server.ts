import { z } from "zod";
import {
  MAX_COMPLETED_PAGE,
  COMPLETED_PAGE_SIZE,
  ProductSchema,
  SHOPPING_ACTIONS,
  ShoppingItemSchema,
} from "~/lib/schemas/shopping";
import { MessageView, messageWith } from "~/lib/schemas/views/common";
import { ProductView, ShoppingItemView } from "~/lib/schemas/views/shopping";
import type { Product, ShoppingItem } from "~/domain/shopping.server";
import { answerFits, type ApiArea } from "../registry.server";

const ListQuery = z.object({
  completedLimit: z
    .string()
    .regex(/^[0-9]+$/)
    .optional()
    .describe(
      `How many of the newest completed items (default ${COMPLETED_PAGE_SIZE}, at most ${MAX_COMPLETED_PAGE}).`,
    ),
});

export const shoppingArea: ApiArea = {
  tag: "Shopping list",
  description: "The salon's shopping list (SPEC §4): add, order, deliver, complete. Any signed-in user.",
  operations: [
    {
      method: "get",
      path: "/api/products",
      summary: "Every product, by name",
      answers: { 200: { description: "The products.", schema: z.array(ProductView) } },
    },
    {
      method: "post",
      path: "/api/products",
      summary: "Add a product",
      description:
        "Any signed-in user; only administrators may give it a retail price, stock or reorder level (else 403).",
      body: ProductSchema,
      answers: { 201: { description: "The product.", schema: ProductView } },
      errors: [400, 403, 409],
    },
    {
      method: "get",
      path: "/api/products/{id}",
      summary: "One product",
      answers: { 200: { description: "The product.", schema: ProductView } },
      errors: [404],
    },
    {
      method: "put",
      path: "/api/products/{id}",
      summary: "Replace a product's fields, the retail price, stock and reorder level among them (administrators)",
      body: ProductSchema,
      answers: { 200: { description: "The product.", schema: ProductView } },
      errors: [400, 403, 404],
    },
    {
      method: "get",
      path: "/api/shopping-list",
      summary: "The list: pending items (oldest first), then the newest completed ones",
      query: ListQuery,
      answers: { 200: { description: "The items.", schema: z.array(ShoppingItemView) } },
    },
    {
      method: "post",
      path: "/api/shopping-list",
      summary: "Add an item: a product or a custom name",
      body: ShoppingItemSchema,
      answers: { 201: { description: "The item.", schema: ShoppingItemView } },
      errors: [400, 404, 409],
    },
    {
      method: "delete",
      path: "/api/shopping-list/{id}",
      summary: "Remove an item, in any state",
      answers: { 200: { description: "Removed.", schema: MessageView } },
      errors: [404],
    },
    {
      method: "post",
      path: "/api/shopping-list/{id}/{step}",
      summary: "One step of an item: order, deliver or complete",
      params: z.object({ step: z.enum(SHOPPING_ACTIONS) }),
      answers: { 200: { description: "The item as it now stands.", schema: ShoppingItemView } },
      errors: [404, 409],
      description: "409 when the step no longer applies (e.g. already ordered).",
    },
    {
      method: "post",
      path: "/api/shopping-list/clear-completed",
      summary: "Remove every completed item",
      answers: { 200: { description: "How many were removed.", schema: messageWith({ cleared: z.number().int() }) } },
    },
  ],
};

// What the domain answers fits what is described (a compile-time check).
answerFits<typeof ProductView, Product>();
answerFits<typeof ShoppingItemView, ShoppingItem>();
