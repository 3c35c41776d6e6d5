// Sending an e-mailed receipt (decision 0120), the e-mail sender's part for messages of kind
// "receipt": they name a sale, not an appointment.
import { eq } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { clientNotices, clients, type SalonSettings } from "#db/schema";
import { receiptText } from "~/lib/receipt";
import { logEmail, sendEmail } from "./email.server";
import { recordEmailOutcome, stillHeld, type NoticeClaim } from "./notice-claims.server";
import { readSale } from "./sales.server";

export const NO_EMAIL = "This sale's client has no e-mail address.";

/** The e-mail address of a sale's client, or null (no client, erased, merged away, none given). */
export async function clientEmail(clientId: number | null): Promise<string | null> {
  if (clientId === null) return null;
  const [client] = await db.select({ email: clients.email }).from(clients).where(eq(clients.id, clientId)).limit(1);
  return client?.email?.trim() || null;
}

/**
 * Sends one claimed receipt (the e-mail sender's part for kind "receipt"): skipped when the
 * sale's client no longer has an e-mail (erased, merged away, address removed); the outcome is
 * logged and written only while the claim is still this process's.
 */
export async function sendClaimedReceipt(
  settings: SalonSettings,
  claim: NoticeClaim,
  now: () => Date,
  retryDelayMs: number | undefined,
): Promise<"sent" | "failed" | "retrying" | "notWanted"> {
  const held = stillHeld(claim);
  const sale = claim.saleId === null ? null : await readSale(db, claim.saleId).catch(() => null);
  const to = sale ? await clientEmail(sale.clientId) : null;
  if (!sale || !to) {
    await db
      .update(clientNotices)
      .set({ status: "skipped", finishedAt: now().toISOString(), nextAttemptAt: null, error: NO_EMAIL })
      .where(held);
    return "notWanted";
  }
  const receipt = {
    salon: { name: settings.salonName, address: settings.address, phone: settings.phone, vatNumber: sale.vatNumber },
    sale,
  };
  const subject = `Your receipt from ${settings.salonName.trim() || "the salon"} (${sale.receiptNumber})`;
  const outcome = await sendEmail(settings, { to, subject, text: receiptText(receipt, settings.timeZone) });
  const retrying = !outcome.ok && outcome.transient && retryDelayMs !== undefined;
  const result = outcome.ok ? "sent" : retrying ? "retrying" : "failed";
  await writeTransaction(async (tx) => {
    await logEmail(tx, { clientId: sale.clientId, appointmentId: null, to, subject, kind: "receipt", outcome });
    await recordEmailOutcome(tx, held, result, outcome, now(), retryDelayMs);
  });
  return result;
}
