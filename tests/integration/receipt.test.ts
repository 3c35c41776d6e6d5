// Receipts: the receipt page's data (salon, VAT number, lines, discounts, tips with first
// names, payments, change, refunds), who may see it (a stylist only their own sales), and
// "E-mail receipt": queued once per key, sent exactly once over a real SMTP server even
// when two runs race, logged like every other e-mail; refused without an address.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { clientNotices, emailLog, salonSettings } from "#db/schema";
import { runEmailNotices } from "~/domain/email-notices.server";
import * as receiptPage from "~/routes/sales.$saleId.receipt";
import { createTestClient } from "../clients-factories";
import { pinClock } from "../clock";
import { call, payloadOf, makeRequest, signedIn, statusOf } from "../factories";
import { createService, createStylist, signedInStylist } from "../services-factories";
import { startFakeSmtp, type FakeSmtp } from "../smtp-fake-server";
import { createProduct, getSale, postRefund, postSale, setVat } from "./sales-helpers";

pinClock("2026-03-10T10:00:00.000Z");
process.env.EMAIL_SEND_AFTER_WRITE = "0";

let smtp: FakeSmtp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let sam: Awaited<ReturnType<typeof signedInStylist>>;
let other: Awaited<ReturnType<typeof signedInStylist>>;
let alex: Awaited<ReturnType<typeof createStylist>>;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  admin = await signedIn("admin");
  sam = await signedInStylist({ firstName: "Sam", lastName: "Scissors" });
  other = await signedInStylist({ firstName: "Olive", lastName: "Other" });
  alex = await createStylist({ firstName: "Alex", lastName: "Assistant" });
  await db.insert(salonSettings).values({ id: 1 }).onConflictDoNothing();
  await db.update(salonSettings).set({
    salonName: "Willow & Shear",
    address: "1 High Street, York",
    phone: "01904 000000",
    timeZone: "Europe/London",
    emailEnabled: true,
    smtpHost: "127.0.0.1",
    smtpPort: smtp.port,
    smtpSecurity: "none",
    smtpUser: "",
    smtpPassword: "",
    emailFrom: "till@willow.test",
  });
  await setVat("GB123456789");
});
afterAll(() => smtp.close());
beforeEach(() => {
  smtp.received.length = 0;
});

const loadReceipt = (user: { cookie: string }, id: number, query = "") =>
  call(receiptPage.loader, makeRequest("GET", `/sales/${id}/receipt${query}`, { cookie: user.cookie }), {
    saleId: String(id),
  });
const emailReceipt = (user: { cookie: string }, id: number, key: string) =>
  call(receiptPage.action, makeRequest("POST", `/sales/${id}/receipt`, { cookie: user.cookie, form: { key } }), {
    saleId: String(id),
  });

async function aSale(clientEmail: string | null = "petra@example.com") {
  const cut = await createService({ name: "Cut and Finish", price: 4800 });
  const serum = await createProduct({ name: "Shine Serum", retailPrice: 1250 });
  const client = await createTestClient({ name: "Petra Paid", email: clientEmail });
  const sale = await postSale(admin.token, {
    clientId: client.id,
    lines: [
      { kind: "service", serviceId: cut.id, stylistId: sam.stylist.id, price: 4800, discount: 800 },
      { kind: "product", productId: serum.id, quantity: 2, price: 1250 },
    ],
    tips: [
      { stylistId: sam.stylist.id, amount: 400 },
      { stylistId: alex.id, amount: 200 },
    ],
    payments: [
      { method: "card", amount: 4000 },
      { method: "cash", amount: 5000 },
    ],
  });
  expect(sale.status).toBe(201);
  return { id: sale.body.id as number, client, serum };
}

describe("the receipt page", () => {
  it("has the salon, VAT number, lines, discounts, VAT, tips by first name, payments, change and refunds", async () => {
    const { id, serum } = await aSale();
    const productLine = (await getSale(admin.token, id)).body.lines[1];
    const refund = await postRefund(admin.token, id, {
      amount: 1250,
      method: "cash",
      reason: "Bottle leaked",
      lines: [{ saleLineId: productLine.id, quantity: 1 }],
    });
    expect(refund.status).toBe(201);
    const loaded = payloadOf(await loadReceipt(admin, id, "?format=a4"));
    expect(loaded.format).toBe("a4");
    expect(loaded.receipt.salon).toEqual({
      name: "Willow & Shear",
      address: "1 High Street, York",
      phone: "01904 000000",
      vatNumber: "GB123456789",
    });
    const sale = loaded.receipt.sale;
    // 4000 + 2500 = 6500 total; tips 600; paid 9000; change 1900.
    expect(sale).toMatchObject({ total: 6500, discountTotal: 800, tipsTotal: 600, paid: 9000, change: 1900 });
    expect(sale.vat).toBe(Math.round((4000 * 20) / 120) + Math.round((2500 * 20) / 120));
    expect(sale.lines).toMatchObject([
      { description: "Cut and Finish", stylistName: "Sam Scissors", discount: 800, net: 4000 },
      { description: "Shine Serum", productId: serum.id, quantity: 2, net: 2500, refundedQuantity: 1 },
    ]);
    expect(sale.tips.map((tip: { stylistName: string }) => tip.stylistName)).toEqual([
      "Sam Scissors",
      "Alex Assistant",
    ]);
    expect(sale.refunds).toMatchObject([{ amount: 1250, method: "cash" }]);
    expect(loaded.refundDates[sale.refunds[0].id]).toContain("2026");
    expect(loaded.email).toMatchObject({ to: "petra@example.com", unavailable: null, last: null });
    expect(loaded.emailKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(payloadOf(await loadReceipt(admin, id)).format).toBe("80mm");
  });

  it("a stylist sees the receipt of their own sale; another stylist gets 404, a display 403", async () => {
    const { id } = await aSale();
    expect(statusOf(await loadReceipt(sam, id))).toBe(200);
    expect(statusOf(await loadReceipt(other, id))).toBe(404);
    const display = await signedIn("display");
    expect(statusOf(await loadReceipt(display, id))).toBe(403);
    // The refused side of the e-mail: the other stylist cannot send it either.
    expect(statusOf(await emailReceipt(other, id, "0f0e0d0c-aaaa-bbbb-cccc-000000000001"))).toBe(404);
    expect(await db.select().from(clientNotices).where(eq(clientNotices.saleId, id))).toHaveLength(0);
  });
});

describe("E-mail receipt", () => {
  it("queues once per key, sends exactly once even when two runs race, and logs it", async () => {
    const { id } = await aSale("receipt-once@example.com");
    const key = "5b6c7d8e-1111-2222-3333-444455556666";
    const first = await emailReceipt(admin, id, key);
    expect(statusOf(first)).toBe(302);
    // A double tap: the same key queues nothing more.
    expect(statusOf(await emailReceipt(admin, id, key))).toBe(302);
    const queued = await db
      .select()
      .from(clientNotices)
      .where(and(eq(clientNotices.saleId, id), eq(clientNotices.kind, "receipt")));
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ channel: "email", appointmentId: null, status: "sending" });

    await Promise.all([runEmailNotices(), runEmailNotices()]);
    const mine = smtp.received.filter((mail) => mail.envelopeTo.includes("receipt-once@example.com"));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.mail.subject).toMatch(/^Your receipt from Willow & Shear \(\d+\)$/);
    const text = mine[0]!.mail.text ?? "";
    expect(text).toContain("VAT number: GB123456789");
    expect(text).toContain("Cut and Finish (Sam): £48.00");
    expect(text).toContain("Discount: -£8.00");
    expect(text).toContain("2 x Shine Serum: £25.00");
    expect(text).toContain("Tip for Alex: £2.00");
    expect(text).toContain("Change: £19.00");
    const [notice] = await db.select().from(clientNotices).where(eq(clientNotices.id, queued[0]!.id));
    expect(notice!.status).toBe("sent");
    const logged = await db.select().from(emailLog).where(eq(emailLog.toAddress, "receipt-once@example.com"));
    expect(logged).toMatchObject([{ kind: "receipt", status: "sent" }]);

    // Nothing left: another run sends nothing; the page says it was sent.
    await runEmailNotices();
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes("receipt-once@example.com"))).toHaveLength(1);
    const page = payloadOf(await loadReceipt(admin, id));
    expect(page.email.last).toMatchObject({ status: "sent" });

    // Asked again from a fresh page (a new key): a second receipt, deliberately.
    await emailReceipt(admin, id, "5b6c7d8e-1111-2222-3333-777777777777");
    await runEmailNotices();
    expect(smtp.received.filter((mail) => mail.envelopeTo.includes("receipt-once@example.com"))).toHaveLength(2);
  });

  it("is refused when the client has no e-mail address or e-mail is off", async () => {
    const { id } = await aSale(null);
    const refused = await emailReceipt(admin, id, "9a9a9a9a-0000-0000-0000-000000000001");
    expect(statusOf(refused)).toBe(400);
    expect(JSON.stringify(payloadOf(refused))).toContain("no e-mail address");
    const withEmail = await aSale("off@example.com");
    await db.update(salonSettings).set({ emailEnabled: false });
    try {
      const off = await emailReceipt(admin, withEmail.id, "9a9a9a9a-0000-0000-0000-000000000002");
      expect(statusOf(off)).toBe(400);
      expect(payloadOf(await loadReceipt(admin, withEmail.id)).email.unavailable).toContain("turned off");
    } finally {
      await db.update(salonSettings).set({ emailEnabled: true });
    }
    expect(await db.select().from(clientNotices).where(eq(clientNotices.saleId, id))).toHaveLength(0);
  });
});
