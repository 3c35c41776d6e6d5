// Receipts (decision 0120): the printed receipt's data and "E-mail receipt". An e-mailed
// receipt is a message of the one queue of client messages (notice-claims.server), naming
// its sale: queued with a key made when the receipt page was drawn (a double tap queues it
// once), claimed before it is sent (two server processes never send it twice), and written
// to the e-mail log like every other e-mail.
import { and, desc, eq } from "drizzle-orm";
import { db, writeTransaction } from "#db/client.server";
import { clientNotices } from "#db/schema";
import { assertCan, type Actor } from "./access.server";
import { emailConfigured } from "./email.server";
import { queueReceiptEmail, sendQueuedEmailsSoon } from "./email-notices.server";
import { Invalid } from "./errors";
import { clientEmail, NO_EMAIL } from "./receipt-emails.server";
import { getReceipt, type SaleView } from "./sales.server";
import { readSettingsWithSecret } from "./settings.server";

export type ReceiptEmailState = {
  /** Where "E-mail receipt" would send it; null when the sale has no client with an e-mail. */
  to: string | null;
  /** Why it cannot be e-mailed now (e-mail off), or null. */
  unavailable: string | null;
  /** The latest request's outcome, if any. */
  last: { status: "sending" | "sent" | "failed" | "skipped"; at: string; error: string | null } | null;
};

/** Whether the receipt of a sale can be e-mailed, to whom, and how the last request went. */
export async function receiptEmailState(sale: Pick<SaleView, "id" | "clientId">): Promise<ReceiptEmailState> {
  const settings = await readSettingsWithSecret({ fresh: true });
  const [to, [last]] = await Promise.all([
    clientEmail(sale.clientId),
    db
      .select({
        status: clientNotices.status,
        claimedAt: clientNotices.claimedAt,
        finishedAt: clientNotices.finishedAt,
        error: clientNotices.error,
      })
      .from(clientNotices)
      .where(and(eq(clientNotices.saleId, sale.id), eq(clientNotices.kind, "receipt")))
      .orderBy(desc(clientNotices.id))
      .limit(1),
  ]);
  const unavailable = !settings.emailEnabled
    ? "E-mail to clients is turned off (Settings, Notifications)."
    : !emailConfigured(settings)
      ? "E-mail is not set up yet (Settings, Notifications)."
      : null;
  return {
    to,
    unavailable,
    last: last ? { status: last.status, at: last.finishedAt ?? last.claimedAt, error: last.error } : null,
  };
}

const KEY_PATTERN = /^[A-Za-z0-9-]{8,100}$/;

/**
 * "E-mail receipt": queues the receipt for the sale's client, once per `key` (the receipt
 * page makes one each time it is drawn). Who may see the receipt may send it. Returns the
 * address and whether this call queued it (false: the same key was queued already).
 */
export async function requestReceiptEmail(
  actor: Actor,
  saleId: number,
  key: string,
): Promise<{ to: string; queued: boolean }> {
  assertCan(actor, "sales.view");
  const { sale } = await getReceipt(actor, saleId);
  if (!KEY_PATTERN.test(key)) throw new Invalid("Reload the receipt and try again.");
  const state = await receiptEmailState(sale);
  if (state.unavailable) throw new Invalid(state.unavailable);
  if (!state.to) throw new Invalid(NO_EMAIL);
  const id = await writeTransaction((tx) => queueReceiptEmail(tx, saleId, key, new Date()));
  sendQueuedEmailsSoon();
  return { to: state.to, queued: id !== null };
}
