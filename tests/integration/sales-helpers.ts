// Shared by the sales tests: the routes called as the app calls them, and the salon's VAT.
import { eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { products, salonSettings } from "#db/schema";
import { readSettingsWithSecret } from "~/domain/settings.server";
import * as saleRoute from "~/routes/api.sales.$id._index";
import * as refundsRoute from "~/routes/api.sales.$id.refunds";
import * as salesRoute from "~/routes/api.sales._index";
import { call, json, makeRequest } from "../factories";

export async function setVat(vatNumber: string, vatRate = 20) {
  await readSettingsWithSecret({ fresh: true });
  await db.update(salonSettings).set({ vatNumber, vatRate });
}

export async function createProduct(values: Partial<typeof products.$inferInsert> = {}) {
  const [product] = await db
    .insert(products)
    .values({ name: "Shine Serum", retailPrice: 1250, stockQuantity: 10, ...values })
    .returning();
  return product!;
}

export const postSale = async (token: string, body: unknown, key?: string) =>
  json(
    await call(
      salesRoute.action,
      makeRequest("POST", "/api/sales", { token, body, headers: key ? { "Idempotency-Key": key } : {} }),
    ),
  );
export const getSale = async (token: string, id: number) =>
  json(await call(saleRoute.loader, makeRequest("GET", `/api/sales/${id}`, { token }), { id: String(id) }));
export const listSales = async (token: string, query: string) =>
  json(await call(salesRoute.loader, makeRequest("GET", `/api/sales?${query}`, { token })));
export const postRefund = async (token: string, id: number, body: unknown) =>
  json(
    await call(refundsRoute.action, makeRequest("POST", `/api/sales/${id}/refunds`, { token, body }), {
      id: String(id),
    }),
  );
export const stockOf = async (id: number) =>
  (await db.select({ stock: products.stockQuantity }).from(products).where(eq(products.id, id)))[0]!.stock;
