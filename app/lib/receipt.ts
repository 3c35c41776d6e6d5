// A receipt as plain text (decision 0120): what an e-mailed receipt says; the printed page
// shows the same figures. Pure: no server code.
import type { PaymentMethod } from "#db/enums";
import { formatPence } from "~/lib/money";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";

export const PAYMENT_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  card: "Card",
  voucher: "Voucher",
  other: "Other",
};

/** The first name of a name as copied onto a sale ("Sofia Jones" -> "Sofia"). */
export function firstName(name: string | null): string {
  return (name ?? "").trim().split(/\s+/)[0] ?? "";
}

type ReceiptData = {
  salon: { name: string; address: string; phone: string; vatNumber: string | null };
  sale: {
    receiptNumber: number;
    createdAt: string;
    discountTotal: number;
    total: number;
    vatRate: number | null;
    vat: number;
    change: number;
    lines: { description: string; stylistName: string | null; quantity: number; price: number; discount: number }[];
    tips: { stylistName: string; amount: number }[];
    payments: { method: PaymentMethod; amount: number }[];
    refunds: { createdAt: string; method: PaymentMethod; amount: number }[];
  };
};

/** The receipt as plain text: what the e-mail says (the printed page shows the same). */
export function receiptText({ salon, sale }: ReceiptData, timeZone: string): string {
  const rows: string[] = [];
  const amount = (label: string, pence: number) => `${label}: ${formatPence(pence)}`;
  rows.push(salon.name || "Receipt");
  if (salon.address) rows.push(salon.address);
  if (salon.phone) rows.push(salon.phone);
  if (salon.vatNumber) rows.push(`VAT number: ${salon.vatNumber}`);
  rows.push("");
  rows.push(`Receipt ${sale.receiptNumber}`);
  rows.push(
    `${formatLongDate(dateInZone(sale.createdAt, timeZone))}, ${formatClockTime(timeInZone(sale.createdAt, timeZone))}`,
  );
  rows.push("");
  for (const line of sale.lines) {
    const who = firstName(line.stylistName);
    const quantity = line.quantity > 1 ? `${line.quantity} x ` : "";
    rows.push(`${quantity}${line.description}${who ? ` (${who})` : ""}: ${formatPence(line.price)}`);
    if (line.discount > 0) rows.push(`  Discount: -${formatPence(line.discount)}`);
  }
  rows.push("");
  if (sale.discountTotal > 0) rows.push(amount("Discounts", -sale.discountTotal));
  rows.push(amount("Total", sale.total));
  if (sale.vatRate !== null) rows.push(amount(`Including VAT at ${sale.vatRate}%`, sale.vat));
  for (const tip of sale.tips) rows.push(amount(`Tip for ${firstName(tip.stylistName)}`, tip.amount));
  for (const payment of sale.payments)
    rows.push(amount(`Paid by ${PAYMENT_LABELS[payment.method].toLowerCase()}`, payment.amount));
  if (sale.change > 0) rows.push(amount("Change", sale.change));
  for (const refund of sale.refunds)
    rows.push(
      amount(`Refunded ${formatLongDate(dateInZone(refund.createdAt, timeZone))} (${refund.method})`, refund.amount),
    );
  rows.push("");
  rows.push("Thank you for your visit.");
  return rows.join("\n");
}
