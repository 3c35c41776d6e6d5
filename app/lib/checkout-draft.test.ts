import { describe, expect, it } from "vitest";
import {
  draftTotals,
  field,
  parseMoney,
  readDraft,
  saleInputOf,
  splitEvenly,
  withTipPercent,
  withTipSplit,
  type CheckoutDraft,
} from "./checkout-draft";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

const base: CheckoutDraft = {
  key: "key-12345678",
  revision: 0,
  appointmentId: null,
  clientId: null,
  clientName: null,
  lines: [
    {
      kind: "service",
      itemId: 1,
      description: "Cut",
      stylistId: 7,
      quantity: 1,
      unitPrice: 4500,
      discount: 500,
      stock: null,
    },
    {
      kind: "product",
      itemId: 2,
      description: "Serum",
      stylistId: 7,
      quantity: 2,
      unitPrice: 1250,
      discount: 0,
      stock: 9,
    },
  ],
  tips: [
    { stylistId: 7, amount: 0 },
    { stylistId: 8, amount: 0 },
  ],
  payments: [],
  productQuery: "",
  tipTotal: 0,
};

describe("the checkout screen's draft", () => {
  it("reads money as typed, and refuses what is not money", () => {
    expect(parseMoney("12.5")).toBe(1250);
    expect(parseMoney("£ 3")).toBe(300);
    expect(parseMoney(" 0.07 ")).toBe(7);
    expect(parseMoney("")).toBe(0);
    expect(parseMoney("1,000")).toBeNull();
    expect(parseMoney("-2")).toBeNull();
    expect(parseMoney("1.005")).toBeNull();
  });

  it("splits an amount into whole pence, the odd pence to the first", () => {
    expect(splitEvenly(1001, 3)).toEqual([334, 334, 333]);
    expect(splitEvenly(500, 2)).toEqual([250, 250]);
    expect(splitEvenly(5, 0)).toEqual([]);
  });

  it("reads the form's lines, tips and payments, naming what it cannot read", () => {
    const { draft, problems } = readDraft(
      form({
        key: "key-12345678",
        revision: "3",
        [field.line(0, "kind")]: "service",
        [field.line(0, "itemId")]: "1",
        [field.line(0, "description")]: "Cut",
        [field.line(0, "stylistId")]: "7",
        [field.line(0, "unitPrice")]: "45.00",
        [field.line(0, "discount")]: "abc",
        [field.tip(0, "stylistId")]: "7",
        [field.tip(0, "amount")]: "4.50",
        [field.payment(0, "method")]: "cash",
        [field.payment(0, "amount")]: "50",
        [field.payment(1, "method")]: "cheque",
        [field.payment(1, "amount")]: "5",
      }),
    );
    expect(draft.revision).toBe(3);
    expect(draft.lines).toEqual([
      {
        kind: "service",
        itemId: 1,
        description: "Cut",
        stylistId: 7,
        quantity: 1,
        unitPrice: 4500,
        discount: 0,
        stock: null,
      },
    ]);
    expect(draft.tips).toEqual([{ stylistId: 7, amount: 450 }]);
    expect(draft.payments).toEqual([{ method: "cash", amount: 5000 }]);
    expect(problems).toEqual(["Cut (line 1): the discount is not an amount of money (for example 12.50)."]);
  });

  it("totals with VAT inside the prices, tips outside, and the change from cash", () => {
    const paid = { ...withTipSplit(base, 1000), payments: [{ method: "cash" as const, amount: 7000 }] };
    const totals = draftTotals(paid, 20);
    expect(totals).toMatchObject({ subtotal: 7000, discountTotal: 500, total: 6500, tipsTotal: 1000, paid: 7000 });
    expect(totals.vat).toBe(667 + 417);
    expect(totals.problem).toMatch(/£5.00 is still to pay/);
    const more = { ...paid, payments: [...paid.payments, { method: "card" as const, amount: 1000 }] };
    expect(draftTotals(more, 20)).toMatchObject({ change: 500, problem: null, remaining: 0 });
  });

  it("a quick tip is a percentage of the total split between the tipped stylists", () => {
    const tipped = withTipPercent(base, 15, null);
    expect(tipped.tips).toEqual([
      { stylistId: 7, amount: 488 },
      { stylistId: 8, amount: 487 },
    ]);
    expect(tipped.tipTotal).toBe(975);
  });

  it("sends the sale without zero tips or payments", () => {
    const input = saleInputOf({
      ...base,
      tips: [
        { stylistId: 7, amount: 300 },
        { stylistId: 8, amount: 0 },
      ],
    });
    expect(input.tips).toEqual([{ stylistId: 7, amount: 300 }]);
    expect(input.lines[1]).toEqual({
      kind: "product",
      productId: 2,
      quantity: 2,
      price: 1250,
      stylistId: 7,
      discount: 0,
    });
  });
});
