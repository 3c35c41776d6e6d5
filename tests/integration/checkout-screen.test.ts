// The checkout screen (decision 0119): the appointment's service prefilled, each step a
// submit answered with the sale as it now stands, "Take payment" recorded once under the
// key made when the screen was rendered, the receipt next; who may check out; the Paid
// marker's data on the calendar and the dialog's Checkout and Receipt.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, sales, saleTips } from "#db/schema";
import { loadCalendar } from "~/domain/calendar.server";
import { field, moneyInput, type CheckoutDraft } from "~/lib/checkout-draft";
import * as checkout from "~/routes/_app.checkout";
import * as dialog from "~/routes/_app.calendar.appointments.$appointmentId";
import { createTestAppointment, createTestClient } from "../clients-factories";
import { pinClock } from "../clock";
import { call, makeRequest, payloadOf, signedIn, statusOf } from "../factories";
import { createService, createStylist, signedInStylist } from "../services-factories";
import { createProduct, setVat, stockOf } from "./sales-helpers";

pinClock("2033-01-12T09:00:00.000Z");

type Session = { cookie: string; user: Awaited<ReturnType<typeof signedIn>>["user"] };
let admin: Session;
let display: Session;
let sam: Awaited<ReturnType<typeof signedInStylist>>;
let alex: Awaited<ReturnType<typeof createStylist>>;
let cut: Awaited<ReturnType<typeof createService>>;

beforeAll(async () => {
  admin = await signedIn("admin");
  display = await signedIn("display");
  sam = await signedInStylist({ firstName: "Sam", lastName: "Shears" });
  alex = await createStylist({ firstName: "Alex", lastName: "Assistant" });
  cut = await createService({ name: "Cut and finish", price: 5000 });
  await setVat("GB123456789", 20);
});

let hour = 0;
async function appointmentFor(stylistId: number, price = 4800) {
  const client = await createTestClient({ name: `Checkout Client ${hour}` });
  hour += 1;
  return createTestAppointment({
    clientId: client.id,
    stylistId,
    serviceId: cut.id,
    price,
    startTime: `2033-01-12T${String(8 + hour).padStart(2, "0")}:00:00.000Z`,
  });
}

/** The form's fields for a draft, as the screen draws them. */
function fieldsOf(draft: CheckoutDraft): Record<string, string> {
  const fields: Record<string, string> = {
    key: draft.key,
    revision: String(draft.revision),
    appointmentId: draft.appointmentId ? String(draft.appointmentId) : "",
    clientId: draft.clientId ? String(draft.clientId) : "",
    clientName: draft.clientName ?? "",
    productQuery: draft.productQuery,
    tipTotal: moneyInput(draft.tipTotal),
  };
  draft.lines.forEach((line, index) => {
    fields[field.line(index, "kind")] = line.kind;
    fields[field.line(index, "itemId")] = String(line.itemId);
    fields[field.line(index, "description")] = line.description;
    fields[field.line(index, "stylistId")] = line.stylistId ? String(line.stylistId) : "";
    fields[field.line(index, "quantity")] = String(line.quantity);
    fields[field.line(index, "unitPrice")] = moneyInput(line.unitPrice);
    fields[field.line(index, "discount")] = moneyInput(line.discount);
    if (line.stock !== null) fields[field.line(index, "stock")] = String(line.stock);
  });
  draft.tips.forEach((tip, index) => {
    fields[field.tip(index, "stylistId")] = String(tip.stylistId);
    fields[field.tip(index, "amount")] = moneyInput(tip.amount);
  });
  draft.payments.forEach((payment, index) => {
    fields[field.payment(index, "method")] = payment.method;
    fields[field.payment(index, "amount")] = moneyInput(payment.amount);
  });
  return fields;
}

const open = (session: Session, query = "") =>
  call(checkout.loader, makeRequest("GET", `/checkout${query}`, { cookie: session.cookie }));

async function step(session: Session, draft: CheckoutDraft, intent: string, extra: Record<string, string> = {}) {
  const result = await call(
    checkout.action,
    makeRequest("POST", "/checkout", { cookie: session.cookie, form: { ...fieldsOf(draft), intent, ...extra } }),
  );
  return {
    status: statusOf(result),
    result,
    reply: payloadOf(result) as { draft: CheckoutDraft; problems: string[]; hits: { id: number }[] | null },
  };
}

describe("checking out an appointment", () => {
  it("a product, a tip split between two stylists, cash and card with change: one sale, then the receipt", async () => {
    const appointment = await appointmentFor(sam.stylist.id);
    const serum = await createProduct({ name: "Checkout Gloss Serum", retailPrice: 1500, stockQuantity: 4 });
    const opened = payloadOf(await open(admin, `?appointment=${appointment.id}`));
    expect(opened.title).toContain("Cut and finish with Sam Shears");
    expect(opened.draft.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(opened.draft.lines).toEqual([
      expect.objectContaining({ kind: "service", itemId: cut.id, stylistId: sam.stylist.id, unitPrice: 4800 }),
    ]);
    expect(opened.draft.tips).toEqual([{ stylistId: sam.stylist.id, amount: 0 }]);

    let draft: CheckoutDraft = opened.draft;
    const found = await step(admin, { ...draft, productQuery: "gloss" }, "search");
    expect(found.reply.hits?.map((hit) => hit.id)).toEqual([serum.id]);
    draft = (await step(admin, found.reply.draft, `add-product:${serum.id}`)).reply.draft;
    expect(draft.lines[1]).toMatchObject({ kind: "product", itemId: serum.id, unitPrice: 1500, stock: 4 });
    draft = (await step(admin, draft, "add-tip", { newTipStylistId: String(alex.id) })).reply.draft;
    draft = (await step(admin, draft, "tip-10")).reply.draft;
    // 10% of £63.00, split between the two.
    expect(draft.tips).toEqual([
      { stylistId: sam.stylist.id, amount: 315 },
      { stylistId: alex.id, amount: 315 },
    ]);
    draft = (await step(admin, draft, "add-payment:card")).reply.draft;
    expect(draft.payments).toEqual([{ method: "card", amount: 6930 }]);
    draft = { ...draft, payments: [{ method: "card", amount: 5000 }] };
    draft = (await step(admin, draft, "add-payment:cash")).reply.draft;
    draft = { ...draft, payments: [draft.payments[0]!, { method: "cash", amount: 2000 }] };
    const revision = draft.revision;

    const paid = await step(admin, draft, "pay");
    expect(paid.status).toBe(302);
    const location = (paid.result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/sales\/\d+\/receipt$/);
    const saleId = Number(location.split("/")[2]);
    const [sale] = await db.select().from(sales).where(eq(sales.id, saleId));
    expect(sale).toMatchObject({
      appointmentId: appointment.id,
      total: 6300,
      tipsTotal: 630,
      paid: 7000,
      change: 70,
      vat: 800 + 250,
    });
    const tips = await db.select().from(saleTips).where(eq(saleTips.saleId, saleId));
    expect(tips.map((tip) => tip.amount)).toEqual([315, 315]);
    expect(await stockOf(serum.id)).toBe(3);

    // A double tap, or the resubmit after a dropped answer: the same sale, never a second.
    const again = await step(admin, { ...draft, revision }, "pay");
    expect((again.result as Response).headers.get("Location")).toBe(location);
    expect(await db.select().from(sales).where(eq(sales.appointmentId, appointment.id))).toHaveLength(1);

    // The screen for a paid appointment goes to its receipt.
    const reopened = await open(admin, `?appointment=${appointment.id}`);
    expect((reopened as Response).headers.get("Location")).toBe(location);

    // The calendar marks it paid; the dialog offers the receipt instead of Checkout.
    const calendar = await loadCalendar(admin.user, { view: "day", date: "2033-01-12" });
    expect(calendar.items.find((item) => item.id === appointment.id)).toMatchObject({
      paid: true,
      status: "completed",
    });
    const edit = payloadOf(
      await call(
        dialog.loader,
        makeRequest("GET", `/calendar/appointments/${appointment.id}`, { cookie: admin.cookie }),
        {
          appointmentId: String(appointment.id),
        },
      ),
    );
    expect(edit.payment).toEqual({ receiptHref: location });
  });

  it("payments short of the total and tips re-render with the amount still to pay, recording nothing", async () => {
    const appointment = await appointmentFor(sam.stylist.id, 3000);
    const draft: CheckoutDraft = payloadOf(await open(admin, `?appointment=${appointment.id}`)).draft;
    const short = await step(admin, { ...draft, payments: [{ method: "card", amount: 2000 }] }, "pay");
    expect(short.status).toBe(400);
    expect(short.reply.problems.join(" ")).toMatch(/£10.00 is still to pay/);
    expect(short.reply.draft.key).toBe(draft.key);
    const [row] = await db.select().from(appointments).where(eq(appointments.id, appointment.id));
    expect(row!.status).toBe("scheduled");
    const unpaid = await loadCalendar(admin.user, { view: "day", date: "2033-01-12" });
    expect(unpaid.items.find((item) => item.id === appointment.id)?.paid).toBe(false);
  });

  it("a new sale without an appointment: a service and a product, paid by card", async () => {
    const balm = await createProduct({ name: "Checkout Beard Balm", retailPrice: 900, stockQuantity: 1 });
    let draft: CheckoutDraft = payloadOf(await open(admin)).draft;
    expect(draft.lines).toEqual([]);
    draft = (
      await step(admin, draft, "add-service", { newServiceId: String(cut.id), newServiceStylistId: String(alex.id) })
    ).reply.draft;
    draft = (await step(admin, draft, `add-product:${balm.id}`)).reply.draft;
    draft = (
      await step(
        admin,
        { ...draft, lines: [draft.lines[0]!, { ...draft.lines[1]!, discount: 100 }] },
        "add-payment:card",
      )
    ).reply.draft;
    expect(draft.payments).toEqual([{ method: "card", amount: 5800 }]);
    const paid = await step(admin, draft, "pay");
    expect((paid.result as Response).headers.get("Location")).toMatch(/^\/sales\/\d+\/receipt$/);
  });
});

describe("who may check out", () => {
  it("a display account reaches neither the screen nor its action", async () => {
    expect(statusOf(await open(display))).toBe(403);
    const draft: CheckoutDraft = payloadOf(await open(admin)).draft;
    const refused = await call(
      checkout.action,
      makeRequest("POST", "/checkout", { cookie: display.cookie, form: { ...fieldsOf(draft), intent: "pay" } }),
    );
    expect(statusOf(refused)).toBe(403);
  });

  it("a stylist checks out their own appointment, not a colleague's", async () => {
    const own = await appointmentFor(sam.stylist.id);
    const colleague = await appointmentFor(alex.id);
    const mine = payloadOf(await open(sam, `?appointment=${own.id}`));
    expect(mine.draft.lines[0]).toMatchObject({ stylistId: sam.stylist.id });
    expect(mine.options.stylists).toEqual([{ id: sam.stylist.id, name: "Sam Shears" }]);
    expect(statusOf(await open(sam, `?appointment=${colleague.id}`))).toBe(404);

    // The colleague's appointment posted by hand: refused, nothing recorded.
    const forged: CheckoutDraft = {
      ...mine.draft,
      appointmentId: colleague.id,
      lines: [{ ...mine.draft.lines[0], stylistId: alex.id }],
      payments: [{ method: "card", amount: 4800 }],
    };
    const refused = await call(
      checkout.action,
      makeRequest("POST", "/checkout", { cookie: sam.cookie, form: { ...fieldsOf(forged), intent: "pay" } }),
    ).catch((error: unknown) => error);
    expect(statusOf(refused)).toBe(403);
    expect(await db.select().from(sales).where(eq(sales.appointmentId, colleague.id))).toHaveLength(0);

    // The dialog shows Checkout to the stylist for their own appointment.
    const edit = payloadOf(
      await call(dialog.loader, makeRequest("GET", `/calendar/appointments/${own.id}`, { cookie: sam.cookie }), {
        appointmentId: String(own.id),
      }),
    );
    expect(edit.payment).toEqual({
      checkoutHref: expect.stringMatching(new RegExp(`^/checkout\\?appointment=${own.id}&`)),
    });
  });
});
