// Refunds (admins): never more than was paid, a reason required, audited, products back to
// stock; and the accounting records' immutability, enforced by the database for any writer.
import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { auditLog, sales } from "#db/schema";
import { createTestClient } from "../clients-factories";
import { pinClock } from "../clock";
import { signedIn } from "../factories";
import { createService, signedInStylist } from "../services-factories";
import { createProduct, getSale, postRefund, postSale, stockOf } from "./sales-helpers";

pinClock("2026-11-18T11:00:00.000Z");

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;
let sam: Awaited<ReturnType<typeof signedInStylist>>;
let cut: Awaited<ReturnType<typeof createService>>;

beforeAll(async () => {
  admin = await signedIn("admin");
  sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
  cut = await createService({ name: "Cut", price: 4000 });
});

async function saleWithProduct() {
  const serum = await createProduct({ stockQuantity: 5 });
  const sale = await postSale(admin.token, {
    lines: [
      { kind: "service", serviceId: cut.id, stylistId: sam.stylist.id },
      { kind: "product", productId: serum.id, quantity: 2, stylistId: sam.stylist.id },
    ],
    tips: [{ stylistId: sam.stylist.id, amount: 500 }],
    payments: [{ method: "card", amount: 7000 }],
  });
  expect(sale.status).toBe(201);
  return { sale: sale.body, serum };
}

describe("refunds", () => {
  it("gives products back to stock, is audited, and never exceeds what was paid", async () => {
    const { sale, serum } = await saleWithProduct();
    expect(await stockOf(serum.id)).toBe(3);
    const productLine = sale.lines[1];
    const refund = await postRefund(admin.token, sale.id, {
      lines: [{ saleLineId: productLine.id, quantity: 1 }],
      amount: 1250,
      method: "card",
      reason: "Allergic reaction",
    });
    expect(refund).toMatchObject({
      status: 201,
      body: {
        saleId: sale.id,
        amount: 1250,
        method: "card",
        reason: "Allergic reaction",
        lines: [{ saleLineId: productLine.id, quantity: 1 }],
      },
    });
    expect(await stockOf(serum.id)).toBe(4);
    const [audit] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(audit).toMatchObject({
      action: "sale.refund",
      entityType: "sale",
      entityId: sale.id,
      actorUserId: admin.user.id,
    });
    expect(audit!.details).not.toContain("Allergic");

    const read = await getSale(admin.token, sale.id);
    expect(read.body).toMatchObject({ refundedTotal: 1250, refundable: 7000 - 1250 });
    expect(read.body.lines[1].refundedQuantity).toBe(1);

    const tooMuch = await postRefund(admin.token, sale.id, { amount: 5751, method: "card", reason: "Goodwill" });
    expect(tooMuch).toMatchObject({
      status: 400,
      body: { message: "A refund cannot be more than was paid: £57.50 can still be refunded." },
    });
    const lines = await postRefund(admin.token, sale.id, {
      lines: [{ saleLineId: productLine.id, quantity: 2 }],
      amount: 100,
      method: "card",
      reason: "Second bottle",
    });
    expect(lines).toMatchObject({
      status: 400,
      body: { message: "Shine Serum: only 1 of 2 can still be given back." },
    });
    expect((await postRefund(admin.token, sale.id, { amount: 5750, method: "cash", reason: "Rest" })).status).toBe(201);
    const none = await postRefund(admin.token, sale.id, { amount: 1, method: "cash", reason: "More" });
    expect(none).toMatchObject({ status: 400, body: { message: "This sale has been refunded in full." } });
  });

  it("needs a reason, an admin, and a sale that exists", async () => {
    const { sale } = await saleWithProduct();
    const noReason = await postRefund(admin.token, sale.id, { amount: 100, method: "card", reason: "  " });
    expect(noReason).toMatchObject({ status: 400, body: { message: "A reason is required" } });
    const missing = await postRefund(admin.token, sale.id, { amount: 100, method: "card" });
    expect(missing).toMatchObject({ status: 400, body: { message: "A reason is required" } });
    expect((await postRefund(sam.token, sale.id, { amount: 100, method: "card", reason: "x" })).status).toBe(403);
    expect((await postRefund(admin.token, 999_999, { amount: 100, method: "card", reason: "x" })).status).toBe(404);
    const otherLine = await postRefund(admin.token, sale.id, {
      lines: [{ saleLineId: 999_999, quantity: 1 }],
      amount: 100,
      method: "card",
      reason: "x",
    });
    expect(otherLine.status).toBe(400);
  });
});

describe("immutability", () => {
  const refused = async (statement: string) => {
    await expect(rawClient().execute(statement)).rejects.toThrow(/immutable|append-only/);
  };

  it("no raw UPDATE or DELETE changes a sale, its lines, tips, payments, refunds, cash-ups or rates", async () => {
    const { sale } = await saleWithProduct();
    await postRefund(admin.token, sale.id, { amount: 100, method: "cash", reason: "Scratch" });
    await rawClient().execute(
      "insert into cash_ups (date, counted_cash, expected_cash, difference, by_name) values ('2026-11-18', 0, 0, 0, 'x')",
    );
    await rawClient().execute(
      "insert into commission_rates (stylist_id, service_rate, product_rate, effective_from) values (1, 10, 5, '2026-01-01T00:00:00.000Z')",
    );
    await refused(`update sales set total = 1 where id = ${sale.id}`);
    await refused(`update sales set client_name = 'Someone' where id = ${sale.id}`);
    await refused(`delete from sales where id = ${sale.id}`);
    for (const table of ["sale_lines", "sale_tips", "sale_payments", "refunds", "cash_ups", "commission_rates"]) {
      await refused(`update ${table} set id = id where 1`);
      await refused(`delete from ${table}`);
    }
    await refused("update refund_lines set quantity = 9");
    await refused("delete from refund_lines");
  });

  it("an erasure may clear a sale's client link and name, and nothing else", async () => {
    const client = await createTestClient({ name: "Erin Erased" });
    const sale = await postSale(admin.token, {
      clientId: client.id,
      lines: [{ kind: "service", serviceId: cut.id, stylistId: sam.stylist.id }],
      payments: [{ method: "card", amount: 4000 }],
    });
    expect(sale.body.clientName).toBe("Erin Erased");
    await db.update(sales).set({ clientId: null, clientName: null }).where(eq(sales.id, sale.body.id));
    const [row] = await db.select().from(sales).where(eq(sales.id, sale.body.id));
    expect(row).toMatchObject({ clientId: null, clientName: null, total: 4000 });
    await expect(db.update(sales).set({ clientId: client.id }).where(eq(sales.id, sale.body.id))).rejects.toThrow();
    expect((await db.select({ n: sql<number>`count(*)` }).from(sales))[0]!.n).toBeGreaterThan(0);
  });
});
