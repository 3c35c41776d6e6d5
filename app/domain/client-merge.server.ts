// Merging two records of one client (decision 0061): admins only, in one transaction.
// The duplicate's appointments, messages, sales, consent and notes move to the kept client; the
// duplicate's row is then deleted; the merge is in the audit log (ids and counts only).
import { eq } from "drizzle-orm";
import { writeTransaction, type Transaction } from "#db/client.server";
import { storedCountry } from "#db/phone-numbers";
import { appointments, auditLog, clients, sales, smsLog } from "#db/schema";
import type { ConsentType } from "~/lib/schemas/clients";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { relinkClientHistory } from "./appointment-history.server";
import { moveFormerDetails, recordFormerDetails } from "./client-former-details.server";
import { CLIENT_NOT_FOUND, type Client } from "./clients.server";
import { relinkPatchTests } from "./patch-tests.server";
import { Invalid, NotFound } from "./errors";

/** The longest notes the client form accepts; merged notes must fit, or the merge is refused. */
const MERGED_NOTES_MAX = 2000;
const SAME_CLIENT = "Choose a different client to merge: a client cannot be merged with itself.";

export type MergeResult = {
  client: Client;
  mergedClientId: number;
  appointmentsMoved: number;
  messagesMoved: number;
  salesMoved: number;
};

function union(a: ConsentType, b: ConsentType): ConsentType {
  if (a === b) return a;
  return "both";
}

function earliest(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return a < b ? a : b;
}

function latest(a: string | null, b: string | null): string | null {
  if (!a || !b) return a ?? b;
  return a > b ? a : b;
}

/** Both notes, the kept client's first; one copy when they are the same text. */
function mergedNotes(kept: string | null, duplicate: string | null): string | null {
  const parts = [kept?.trim(), duplicate?.trim()].filter((part): part is string => Boolean(part));
  const unique = parts.filter((part, index) => parts.indexOf(part) === index);
  return unique.length > 0 ? unique.join("\n\n") : null;
}

/**
 * The kept client after the merge. Its own name, phone and e-mail stay; blanks are
 * filled from the duplicate. Consent: both records' purposes (service + marketing is
 * "both"), dated by the later consent; the later retention date (the duplicate's history
 * now lives here); an opt-out from texts or a pending erasure request on either record
 * stays in force (the earlier request: that is when the statutory month started).
 */
function mergedValues(kept: Client, duplicate: Client, now: string) {
  const notes = mergedNotes(kept.notes, duplicate.notes);
  if (notes && notes.length > MERGED_NOTES_MAX) {
    throw new Invalid(
      `The two clients' notes together are longer than ${MERGED_NOTES_MAX} characters. Shorten one client's notes, then merge.`,
    );
  }
  return {
    phone: kept.phone || duplicate.phone,
    phoneE164: kept.phone ? kept.phoneE164 : duplicate.phoneE164,
    email: kept.email ?? duplicate.email,
    notes,
    address: kept.address ?? duplicate.address,
    birthday: kept.birthday ?? duplicate.birthday,
    consentType: union(kept.consentType, duplicate.consentType),
    consentDate: latest(kept.consentDate, duplicate.consentDate),
    dataRetentionDate: latest(kept.dataRetentionDate, duplicate.dataRetentionDate),
    erasureRequestedAt: earliest(kept.erasureRequestedAt, duplicate.erasureRequestedAt),
    smsOptedOutAt: latest(kept.smsOptedOutAt, duplicate.smsOptedOutAt),
    isActive: kept.isActive || duplicate.isActive,
    createdAt: earliest(kept.createdAt, duplicate.createdAt) ?? kept.createdAt,
    updatedAt: now,
  };
}

async function load(tx: Transaction, id: number): Promise<Client> {
  const [row] = await tx.select().from(clients).where(eq(clients.id, id)).limit(1);
  if (!row) throw new NotFound(CLIENT_NOT_FOUND);
  return row;
}

/** Merges `duplicateId` into `keptId`: the duplicate's record is gone afterwards. */
export async function mergeClients(actor: Actor, keptId: number, duplicateId: number): Promise<MergeResult> {
  assertCan(actor, "clients.merge");
  if (keptId === duplicateId) throw new Invalid(SAME_CLIENT, { duplicateClientId: [SAME_CLIENT] });
  return writeTransaction(async (tx) => {
    const kept = await load(tx, keptId);
    const duplicate = await load(tx, duplicateId);
    const now = new Date().toISOString();
    const values = mergedValues(kept, duplicate, now);
    const moved = await tx
      .update(appointments)
      .set({ clientId: keptId, updatedAt: now })
      .where(eq(appointments.clientId, duplicateId))
      .returning({ id: appointments.id });
    // Not a change of the appointments' client (the two records were one person): no
    // history entries, but the duplicate's entries now name the kept client (decision 0085).
    await relinkClientHistory(tx, duplicateId, keptId);
    const messages = await tx
      .update(smsLog)
      .set({ clientId: keptId })
      .where(eq(smsLog.clientId, duplicateId))
      .returning({ id: smsLog.id });
    // The duplicate's details that the kept client does not take stay known to an erasure (decision 0094).
    await moveFormerDetails(tx, duplicateId, keptId);
    // The duplicate's patch tests are the kept client's (decision 0126).
    await relinkPatchTests(tx, duplicateId, keptId);
    // The duplicate goes first: its e-mail may be the one the kept client takes.
    await tx.delete(clients).where(eq(clients.id, duplicateId));
    const [client] = await tx.update(clients).set(values).where(eq(clients.id, keptId)).returning();
    await recordFormerDetails(tx, keptId, duplicate, client!, await storedCountry(tx));
    // The duplicate's sales are the kept client's now, under its name (decision 0120). Their
    // trigger lets a sale's client change only once its client is gone: hence after the delete.
    const salesMoved = await tx
      .update(sales)
      .set({ clientId: keptId, clientName: client!.name })
      .where(eq(sales.clientId, duplicateId))
      .returning({ id: sales.id });
    const details = {
      mergedClientId: duplicateId,
      appointmentsMoved: moved.length,
      messagesMoved: messages.length,
      salesMoved: salesMoved.length,
    };
    await tx.insert(auditLog).values({
      actorUserId: actor.id,
      action: "client.merge",
      entityType: "client",
      entityId: keptId,
      details: JSON.stringify(details),
    });
    // Earlier audit entries of the duplicate (exports, requests) keep its id: they are history.
    await publish(tx, "clients", keptId);
    await publish(tx, "clients", duplicateId);
    if (moved.length > 0) await publish(tx, "appointments", null);
    if (salesMoved.length > 0) await publish(tx, "sales", null);
    return { client: client!, ...details };
  });
}
