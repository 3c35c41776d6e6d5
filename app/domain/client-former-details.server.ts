// A client's former names, e-mails and phones (decision 0094): recorded when an edit or a
// merge replaces them, so that an erasure can redact every way staff ever wrote the client
// down. They go with the client (erasure, deletion) and are part of the subject-access export.
import { asc, eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { clientFormerDetails, type ClientDetailField } from "#db/schema";
import { samePhone } from "~/lib/phone";

export type ClientDetails = { name: string; email: string | null; phone: string };

function same(field: ClientDetailField, a: string, b: string, country: string) {
  if (field === "phone" && samePhone(a, b, country)) return true;
  return a.trim().replace(/\s+/g, " ").toLowerCase() === b.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Records each of `before`'s details that `after` no longer has (the same phone written
 * differently, or a name whose case changed, is not a former detail). Inside the write's transaction.
 */
export async function recordFormerDetails(
  tx: Executor,
  clientId: number,
  before: ClientDetails,
  after: ClientDetails,
  country: string,
): Promise<void> {
  const rows = (["name", "email", "phone"] as const).flatMap((field) => {
    const old = before[field]?.trim() ?? "";
    const now = after[field]?.trim() ?? "";
    return old && !same(field, old, now, country) ? [{ clientId, field, value: old }] : [];
  });
  if (rows.length > 0) await tx.insert(clientFormerDetails).values(rows).onConflictDoNothing();
}

/** A merge: the duplicate's former details become the kept client's. */
export async function moveFormerDetails(tx: Executor, fromClientId: number, toClientId: number): Promise<void> {
  const rows = await formerDetailsOf(tx, fromClientId);
  if (rows.length > 0)
    await tx
      .insert(clientFormerDetails)
      .values(rows.map(({ field, value, recordedAt }) => ({ clientId: toClientId, field, value, recordedAt })))
      .onConflictDoNothing();
  await tx.delete(clientFormerDetails).where(eq(clientFormerDetails.clientId, fromClientId));
}

export function formerDetailsOf(executor: Executor, clientId: number) {
  return executor
    .select({
      field: clientFormerDetails.field,
      value: clientFormerDetails.value,
      recordedAt: clientFormerDetails.recordedAt,
    })
    .from(clientFormerDetails)
    .where(eq(clientFormerDetails.clientId, clientId))
    .orderBy(asc(clientFormerDetails.id));
}

/** Erasure and deletion, before the client row goes (the foreign key cascades too; this does not rely on it). */
export async function deleteFormerDetails(tx: Executor, clientId: number): Promise<void> {
  await tx.delete(clientFormerDetails).where(eq(clientFormerDetails.clientId, clientId));
}
