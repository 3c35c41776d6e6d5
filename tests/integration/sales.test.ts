// Checkout's sales (decision 0117): totals, VAT inside prices, discounts, split payments and
// change, the appointment completed, idempotency under two submits at once, stock and the
// shopping list, the retail fields of products, and who may take payment.
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointmentHistory, appointments, events, sales, shoppingItems } from "#db/schema";
import * as productRoute from "~/routes/api.products.$id";
import * as productsRoute from "~/routes/api.products";
import * as settingsRoute from "~/routes/api.salon-settings._index";
import { createTestAppointment, createTestClient } from "../clients-factories";
import { pinClock } from "../clock";
import { call, json, makeRequest, signedIn } from "../factories";
import { createService, signedInStylist, createStylist } from "../services-factories";
import { createProduct, getSale, listSales, postSale, setVat, stockOf } from "./sales-helpers";

pinClock("2026-11-20T15:00:00.000Z");

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let display: Actor;
let sam: Awaited<ReturnType<typeof signedInStylist>>;
let alex: Awaited<ReturnType<typeof createStylist>>;
let cut: Awaited<ReturnType<typeof createService>>;

beforeAll(async () => {
  admin = await signedIn("admin", { firstName: "Ada", lastName: "Owner" });
  display = await signedIn("display");
  sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
  alex = await createStylist({ firstName: "Alex", lastName: "Assistant" });
  cut = await createService({ name: "Cut", price: 6000 });
});

beforeEach(async () => {
  await setVat("");
});

describe("totals", () => {
  it("prices include VAT; discounts per line; tips split between stylists; split payments with change", async () => {
    await setVat("GB123456789", 20);
    const serum = await createProduct();
    const sale = await postSale(admin.token, {
      lines: [
        { kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 6000, discount: 1000 },
        { kind: "product", productId: serum.id, quantity: 2 },
      ],
      tips: [
        { stylistId: sam.stylist.id, amount: 500 },
        { stylistId: alex.id, amount: 250 },
      ],
      payments: [
        { method: "card", amount: 5000 },
        { method: "cash", amount: 3500 },
      ],
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({
      receiptNumber: expect.any(Number),
      subtotal: 8500,
      discountTotal: 1000,
      total: 7500,
      // 5000 × 20/120 = 833.33 and 2500 × 20/120 = 416.67: each line rounded half up.
      vat: 833 + 417,
      vatRate: 20,
      vatNumber: "GB123456789",
      tipsTotal: 750,
      paid: 8500,
      change: 250,
    });
    expect(sale.body.lines).toMatchObject([
      { kind: "service", description: "Cut", stylistName: "Sam Scissors", price: 6000, discount: 1000, net: 5000 },
      { kind: "product", description: "Shine Serum", quantity: 2, unitPrice: 1250, price: 2500, net: 2500 },
    ]);
    expect(sale.body.tips).toEqual([
      { stylistId: sam.stylist.id, stylistName: "Sam Scissors", amount: 500 },
      { stylistId: alex.id, stylistName: "Alex Assistant", amount: 250 },
    ]);
    const read = await getSale(admin.token, sale.body.id);
    expect(read.body).toEqual(sale.body);
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: "sales", entityId: sale.body.id });
  });

  it("without a VAT number no VAT is shown; prices default to the catalogue's", async () => {
    const sale = await postSale(admin.token, {
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id }],
      payments: [{ method: "card", amount: 6000 }],
    });
    expect(sale.body).toMatchObject({ total: 6000, vat: 0, vatRate: null, vatNumber: null, change: 0 });
  });

  it("refuses payments short of the total plus tips, and non-cash payments above it", async () => {
    const line = { kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 4000 };
    const short = await postSale(admin.token, {
      lines: [line],
      tips: [{ stylistId: sam.stylist.id, amount: 400 }],
      payments: [{ method: "card", amount: 4000 }],
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(
      "The payments come to £40.00 but the sale and tips come to £44.00: £4.00 is still to pay.",
    );
    const over = await postSale(admin.token, { lines: [line], payments: [{ method: "card", amount: 4500 }] });
    expect(over.status).toBe(400);
    expect(over.body.message).toContain("only cash can be more than what is due");
    const discount = await postSale(admin.token, {
      lines: [{ ...line, discount: 4001 }],
      payments: [{ method: "cash", amount: 100 }],
    });
    expect(discount).toMatchObject({
      status: 400,
      body: { message: "Line 1 (Cut): the discount is more than the price." },
    });
    const empty = await postSale(admin.token, { lines: [], payments: [] });
    expect(empty).toMatchObject({ status: 400, body: { message: "Add at least one line" } });
  });
});

describe("the VAT settings", () => {
  it("are salon settings: a rate with two decimals at most, used by the next sale", async () => {
    const save = async (body: unknown) =>
      json(await call(settingsRoute.action, makeRequest("POST", "/api/salon-settings", { token: admin.token, body })));
    expect(await save({ vatNumber: "GB999", vatRate: 12.5 })).toMatchObject({
      status: 200,
      body: { vatNumber: "GB999", vatRate: 12.5 },
    });
    expect((await save({ vatRate: 101 })).status).toBe(400);
    expect((await save({ vatRate: 12.345 })).status).toBe(400);
    const sale = await postSale(admin.token, {
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 4500 }],
      payments: [{ method: "card", amount: 4500 }],
    });
    // 4500 × 12.5/112.5 = 500.
    expect(sale.body).toMatchObject({ vat: 500, vatRate: 12.5, vatNumber: "GB999" });
  });
});

describe("a sale for an appointment", () => {
  it("marks it completed at the service lines' prices after discount, once", async () => {
    const client = await createTestClient({ name: "Clara Client" });
    const appointment = await createTestAppointment({
      clientId: client.id,
      stylistId: sam.stylist.id,
      serviceId: cut.id,
      startTime: "2026-11-20T10:00:00.000Z",
      price: 6000,
    });
    const body = {
      appointmentId: appointment.id,
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 6000, discount: 600 }],
      payments: [{ method: "cash", amount: 6000 }],
    };
    const sale = await postSale(sam.token, body);
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ clientId: client.id, clientName: "Clara Client", change: 600 });
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ status: "completed", price: 5400 });
    const [entry] = await db
      .select()
      .from(appointmentHistory)
      .where(eq(appointmentHistory.appointmentId, appointment.id))
      .orderBy(desc(appointmentHistory.id));
    expect(entry).toMatchObject({ kind: "edited", statusAfter: "completed", actorName: "Sam Scissors" });
    const again = await postSale(admin.token, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`This appointment has already been paid (receipt ${sale.body.receiptNumber}).`);
  });

  it("refuses a cancelled appointment", async () => {
    const appointment = await createTestAppointment({
      clientId: null,
      stylistId: sam.stylist.id,
      serviceId: cut.id,
      startTime: "2026-11-20T12:00:00.000Z",
      status: "cancelled",
    });
    const sale = await postSale(admin.token, {
      appointmentId: appointment.id,
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id }],
      payments: [{ method: "card", amount: 6000 }],
    });
    expect(sale).toMatchObject({ status: 409, body: { message: "A cancelled appointment cannot be checked out." } });
  });
});

describe("idempotency", () => {
  const body = () => ({
    lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 3100 }],
    payments: [{ method: "card", amount: 3100 }],
  });

  it("two identical submits at once give one sale", async () => {
    const key = "a0b1c2d3-double-tap";
    const [first, second] = await Promise.all([postSale(admin.token, body(), key), postSale(admin.token, body(), key)]);
    expect(first.body.id).toBe(second.body.id);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    const stored = await db.select().from(sales).where(eq(sales.idempotencyKey, key));
    expect(stored).toHaveLength(1);
    const retry = await postSale(admin.token, body(), key);
    expect(retry).toMatchObject({ status: 200, body: { id: first.body.id } });
  });

  it("the same key with another sale is refused; a key of odd characters is 400", async () => {
    const key = "e4f5a6b7-other-sale";
    expect((await postSale(admin.token, body(), key)).status).toBe(201);
    const other = await postSale(admin.token, { ...body(), payments: [{ method: "cash", amount: 3100 }] }, key);
    expect(other).toMatchObject({
      status: 409,
      body: { message: "This Idempotency-Key was already used for a different sale." },
    });
    expect((await postSale(admin.token, body(), "not a key!")).status).toBe(400);
  });
});

describe("stock and the shopping list", () => {
  it("selling lowers stock; at the reorder level the product goes on the list once", async () => {
    const dye = await createProduct({ name: "Toner", retailPrice: 900, stockQuantity: 5, reorderLevel: 3 });
    const sell = (quantity: number) =>
      postSale(admin.token, {
        lines: [{ kind: "product", productId: dye.id, quantity }],
        payments: [{ method: "card", amount: 900 * quantity }],
      });
    expect((await sell(1)).status).toBe(201);
    expect(await stockOf(dye.id)).toBe(4);
    expect(await db.select().from(shoppingItems).where(eq(shoppingItems.productId, dye.id))).toHaveLength(0);
    await sell(1);
    await sell(2);
    expect(await stockOf(dye.id)).toBe(1);
    const items = await db
      .select()
      .from(shoppingItems)
      .where(and(eq(shoppingItems.productId, dye.id), eq(shoppingItems.isCompleted, false)));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ quantity: 1, addedByUserId: admin.user.id });
    // Once the item is completed (delivered), the next sale at the level adds it again.
    await db.update(shoppingItems).set({ isCompleted: true }).where(eq(shoppingItems.id, items[0]!.id));
    await sell(1);
    expect(await db.select().from(shoppingItems).where(eq(shoppingItems.productId, dye.id))).toHaveLength(2);
  });

  it("a product without a retail price is not for sale", async () => {
    const bleach = await createProduct({ name: "Bleach", retailPrice: null });
    const sale = await postSale(admin.token, {
      lines: [{ kind: "product", productId: bleach.id }],
      payments: [{ method: "cash", amount: 100 }],
    });
    expect(sale).toMatchObject({
      status: 400,
      body: { message: "Line 1: Bleach has no retail price, so it is not for sale." },
    });
  });
});

describe("products' retail fields", () => {
  it("admins set retail price, stock and reorder level; others may not", async () => {
    const created = await json(
      await call(
        productsRoute.action,
        makeRequest("POST", "/api/products", {
          token: admin.token,
          body: { name: "Mask", retailPrice: 1800, stockQuantity: 6, reorderLevel: 2 },
        }),
      ),
    );
    expect(created).toMatchObject({ status: 201, body: { retailPrice: 1800, stockQuantity: 6, reorderLevel: 2 } });
    const refused = await json(
      await call(
        productsRoute.action,
        makeRequest("POST", "/api/products", { token: sam.token, body: { name: "Foils", retailPrice: 100 } }),
      ),
    );
    expect(refused.status).toBe(403);
    const put = (token: string) =>
      call(
        productRoute.action,
        makeRequest("PUT", `/api/products/${created.body.id}`, {
          token,
          body: { name: "Mask", retailPrice: 2000, stockQuantity: 4, reorderLevel: null },
        }),
        { id: String(created.body.id) },
      ).then(json);
    expect((await put(sam.token)).status).toBe(403);
    expect(await put(admin.token)).toMatchObject({
      status: 200,
      body: { name: "Mask", retailPrice: 2000, stockQuantity: 4, reorderLevel: null, category: null },
    });
  });
});

describe("who may take payment", () => {
  const line = () => ({ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 1000 });

  it("display accounts never; a stylist only for their own appointments and lines", async () => {
    const payments = [{ method: "card", amount: 1000 }];
    expect((await postSale(display.token, { lines: [line()], payments })).status).toBe(403);
    const other = await postSale(sam.token, { lines: [{ ...line(), stylistId: alex.id }], payments });
    expect(other).toMatchObject({
      status: 403,
      body: { message: "You can only take payment for your own appointments and your own services." },
    });
    const alexAppointment = await createTestAppointment({
      clientId: null,
      stylistId: alex.id,
      serviceId: cut.id,
      startTime: "2026-11-20T14:00:00.000Z",
    });
    const foreign = await postSale(sam.token, { appointmentId: alexAppointment.id, lines: [line()], payments });
    expect(foreign.status).toBe(404);
    const own = await postSale(sam.token, {
      lines: [line()],
      tips: [{ stylistId: alex.id, amount: 100 }],
      payments: [{ method: "cash", amount: 1100 }],
    });
    expect(own.status).toBe(201);
    expect((await getSale(sam.token, own.body.id)).status).toBe(200);
  });

  it("a stylist reads only sales they took or share in; lists are by salon day and paged", async () => {
    const byAdmin = await postSale(admin.token, {
      lines: [{ ...line(), stylistId: alex.id }],
      payments: [{ method: "card", amount: 1000 }],
    });
    expect((await getSale(sam.token, byAdmin.body.id)).status).toBe(404);
    expect((await getSale(display.token, byAdmin.body.id)).status).toBe(403);
    const all = await listSales(admin.token, "from=2026-11-20&to=2026-11-20&limit=2");
    expect(all.status).toBe(200);
    expect(all.body).toHaveLength(2);
    const mine = await listSales(sam.token, "from=2026-11-20&to=2026-11-20&limit=200");
    expect(mine.body.map((sale: { id: number }) => sale.id)).not.toContain(byAdmin.body.id);
    const none = await listSales(admin.token, "from=2026-11-21&to=2026-11-22");
    expect(none.body).toEqual([]);
  });
});
