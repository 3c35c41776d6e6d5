// The arithmetic of a sale (decision 0117), pure so that the checkout screen computes its
// totals as the client types with the very function the server records the sale with.
import type { PaymentMethod } from "#db/enums";
import { formatPence } from "./money";

/** VAT inside a VAT-inclusive amount, rounded half up (decision 0117). */
export function vatPart(gross: number, rate: number | null): number {
  if (rate === null || rate <= 0) return 0;
  const hundredths = Math.round(rate * 100);
  return Math.round((gross * hundredths) / (10_000 + hundredths));
}

export type SaleTotals = {
  subtotal: number;
  discountTotal: number;
  total: number;
  vat: number;
  tipsTotal: number;
  paid: number;
  change: number;
};

/** The totals, and why the payments do not settle them (null when they do). */
export type CheckedTotals = SaleTotals & {
  /** Total plus tips less what is paid, never below zero. */
  remaining: number;
  problem: string | null;
};

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The totals of priced lines, tips and payments, never throwing: `problem` says when the
 * payments do not cover the total plus tips, or exceed it other than in cash (the excess
 * of cash is the change).
 */
export function checkTotals(
  lines: { price: number; discount: number; vat: number }[],
  tips: { amount: number }[],
  payments: { method: PaymentMethod; amount: number }[],
): CheckedTotals {
  const subtotal = sum(lines.map((line) => line.price));
  const discountTotal = sum(lines.map((line) => line.discount));
  const total = subtotal - discountTotal;
  const tipsTotal = sum(tips.map((tip) => tip.amount));
  const paid = sum(payments.map((payment) => payment.amount));
  const vat = sum(lines.map((line) => line.vat));
  const due = total + tipsTotal;
  const totals = { subtotal, discountTotal, total, vat, tipsTotal, paid, remaining: Math.max(0, due - paid) };
  if (paid < due)
    return {
      ...totals,
      change: 0,
      problem: `The payments come to ${formatPence(paid)} but the sale and tips come to ${formatPence(due)}: ${formatPence(due - paid)} is still to pay.`,
    };
  const change = paid - due;
  const cash = sum(payments.filter((payment) => payment.method === "cash").map((payment) => payment.amount));
  if (change > cash)
    return {
      ...totals,
      change: 0,
      problem: `The payments come to ${formatPence(paid)}, ${formatPence(change)} more than the sale and tips (${formatPence(due)}): only cash can be more than what is due.`,
    };
  return { ...totals, change, problem: null };
}
