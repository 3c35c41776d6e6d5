// UK GDPR duties for the client book (SPEC §2 GDPR Compliance Dashboard, §7 /api/gdpr):
// the overview, erasure requests, retention review, the subject-access export and the
// erasure itself. Admins only, for every function here.
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { db, flushDeletedData, writeTransaction, type Transaction } from "#db/client.server";
import { storedCountry } from "#db/phone-numbers";
import {
  appointmentHistory,
  appointments,
  auditLog,
  clients,
  jobRuns,
  LEGAL_BASES,
  messages,
  products,
  services,
  shoppingItems,
  smsLog,
  emailLog,
  stylists,
  timeOff,
  users,
  type ClientDetailField,
} from "#db/schema";
import {
  clientMentions,
  PHONE_SEPARATORS,
  redactMentions as redactClientMentions,
  type ClientDetails,
  type Mention,
} from "~/lib/client-mentions";
import type { LegalBasis } from "~/lib/schemas/clients";
import type { Page, PageRequest } from "~/lib/paging";
import { formatPence } from "~/lib/money";
import { parseOnlineDetails } from "~/lib/online-details";
import { publish } from "~/domain/events.server";
import { assertCan, type Actor } from "./access.server";
import { REDACTED, scrubClientHistory } from "./appointment-history.server";
import { deleteFormerDetails, formerDetailsOf } from "./client-former-details.server";
import { deletePatchTestsOf, exportPatchTests } from "./patch-tests.server";
import { clientSales, eraseClientFromSales } from "./sales.server";
import { CLIENT_NOT_FOUND } from "./clients.server";
import { recordErasure, type ErasureEntry } from "./erasure-ledger.server";
import { NotFound } from "./errors";
import { env } from "~/lib/env.server";
import { getGlobalSettings } from "./settings.server";
import { afterKey, cursorKey, IdCursor, pageOf, TextIdCursor } from "./paging.server";

export type GdprOverview = {
  totalClients: number;
  activeConsents: number;
  pendingErasure: number;
  expiredRetention: number;
  legalBasisBreakdown: Record<LegalBasis, number>;
};

/** SPEC §3 "Erasure-request / retention client". */
export type GdprClient = {
  id: number;
  name: string;
  email: string | null;
  erasureRequestDate: string | null;
  dataRetentionDate: string | null;
};

const gdprClientColumns = {
  id: clients.id,
  name: clients.name,
  email: clients.email,
  erasureRequestDate: clients.erasureRequestedAt,
  dataRetentionDate: clients.dataRetentionDate,
};

/**
 * The dashboard's figures, in one pass over the clients. An active consent is a recorded
 * consent whose retention period has not ended and which the client has not asked to
 * withdraw by requesting erasure.
 */
export async function gdprOverview(actor: Actor, now = new Date()): Promise<GdprOverview> {
  assertCan(actor, "gdpr.manage");
  const at = now.toISOString();
  const [totals] = await db
    .select({
      totalClients: sql<number>`count(*)`.mapWith(Number),
      activeConsents:
        sql<number>`coalesce(sum(${clients.consentDate} is not null and (${clients.dataRetentionDate} is null or ${clients.dataRetentionDate} > ${at}) and ${clients.erasureRequestedAt} is null), 0)`.mapWith(
          Number,
        ),
      pendingErasure: sql<number>`coalesce(sum(${clients.erasureRequestedAt} is not null), 0)`.mapWith(Number),
      expiredRetention: sql<number>`coalesce(sum(${clients.dataRetentionDate} <= ${at}), 0)`.mapWith(Number),
    })
    .from(clients);
  const byBasis = await db
    .select({ basis: clients.legalBasis, n: sql<number>`count(*)`.mapWith(Number) })
    .from(clients)
    .groupBy(clients.legalBasis);
  const legalBasisBreakdown = Object.fromEntries(LEGAL_BASES.map((basis) => [basis, 0])) as Record<LegalBasis, number>;
  for (const { basis, n } of byBasis) legalBasisBreakdown[basis] = n;
  return { totalClients: 0, activeConsents: 0, pendingErasure: 0, expiredRetention: 0, ...totals, legalBasisBreakdown };
}

/** Pending erasure requests, oldest first (the statutory month runs from the request), a page at a time. */
export function listErasureRequests(actor: Actor, page: PageRequest): Promise<Page<GdprClient>> {
  return gdprClientPage(actor, clients.erasureRequestedAt, isNotNull(clients.erasureRequestedAt), page);
}

/** Clients past their retention date, longest expired first (`/api/gdpr/clients-for-deletion`), a page at a time. */
export function listExpiredRetention(actor: Actor, page: PageRequest, now = new Date()): Promise<Page<GdprClient>> {
  return gdprClientPage(actor, clients.dataRetentionDate, lte(clients.dataRetentionDate, now.toISOString()), page);
}

async function gdprClientPage(
  actor: Actor,
  key: typeof clients.erasureRequestedAt | typeof clients.dataRetentionDate,
  where: SQL,
  page: PageRequest,
): Promise<Page<GdprClient>> {
  assertCan(actor, "gdpr.manage");
  const rows = await db
    .select({ ...gdprClientColumns, key })
    .from(clients)
    .where(and(where, afterKey(key, clients.id, cursorKey(page.after, TextIdCursor))))
    .orderBy(asc(key), asc(clients.id))
    .limit(page.limit + 1);
  return pageOf(
    rows,
    page,
    (row) => [row.key ?? "", row.id],
    ({ key: _key, ...client }) => client,
  );
}

function clientAppointmentIds(executor: Transaction | typeof db, clientId: number) {
  return executor.select({ id: appointments.id }).from(appointments).where(eq(appointments.clientId, clientId));
}

/**
 * Everything the salon holds about one client (subject access, UK GDPR Art. 15 and 20):
 * profile, consent record and legal basis, former names, e-mails and phones (decision
 * 0094), appointments with service, stylist, times, prices and notes, and every message
 * sent to them. The export is audit-logged by id.
 */
export async function exportClientData(actor: Actor, id: number, now = new Date()) {
  assertCan(actor, "gdpr.manage");
  const [client] = await db.select().from(clients).where(eq(clients.id, id)).limit(1);
  if (!client) throw new NotFound(CLIENT_NOT_FOUND);
  const history = await db
    .select({
      id: appointments.id,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      status: appointments.status,
      price: appointments.price,
      notes: appointments.notes,
      source: appointments.source,
      onlineDetails: appointments.onlineDetails,
      createdAt: appointments.createdAt,
      serviceId: services.id,
      serviceName: services.name,
      serviceCategory: services.category,
      stylistId: stylists.id,
      stylistName: stylists.name,
    })
    .from(appointments)
    .leftJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(stylists, eq(stylists.id, appointments.stylistId))
    .where(eq(appointments.clientId, id))
    .orderBy(asc(appointments.startTime));
  const sent = await db
    .select({
      id: smsLog.id,
      sentAt: smsLog.createdAt,
      to: smsLog.toNumber,
      body: smsLog.body,
      status: smsLog.status,
      kind: smsLog.kind,
      provider: smsLog.provider,
      providerMessageId: smsLog.providerMessageId,
      error: smsLog.error,
      appointmentId: smsLog.appointmentId,
    })
    .from(smsLog)
    .where(or(eq(smsLog.clientId, id), inArray(smsLog.appointmentId, clientAppointmentIds(db, id))))
    .orderBy(asc(smsLog.createdAt), asc(smsLog.id));
  const emails = await db
    .select({
      id: emailLog.id,
      sentAt: emailLog.createdAt,
      to: emailLog.toAddress,
      subject: emailLog.subject,
      kind: emailLog.kind,
      status: emailLog.status,
      response: emailLog.response,
      appointmentId: emailLog.appointmentId,
    })
    .from(emailLog)
    .where(or(eq(emailLog.clientId, id), inArray(emailLog.appointmentId, clientAppointmentIds(db, id))))
    .orderBy(asc(emailLog.createdAt), asc(emailLog.id));
  const formerDetails = await formerDetailsOf(db, id);
  const purchases = await clientSales(db, id);
  const skinTests = await exportPatchTests(db, id);
  const { salonName } = await getGlobalSettings();

  await db.insert(auditLog).values({
    actorUserId: actor.id,
    action: "client.export",
    entityType: "client",
    entityId: id,
    details: JSON.stringify({ appointments: history.length, messages: sent.length }),
  });

  return {
    fileName: `client-${id}-export.json`,
    data: {
      exportedAt: now.toISOString(),
      controller: salonName,
      client: {
        id: client.id,
        name: client.name,
        phone: client.phone,
        email: client.email,
        notes: client.notes,
        address: client.address,
        birthday: client.birthday,
        isActive: client.isActive,
        createdAt: client.createdAt,
        updatedAt: client.updatedAt,
      },
      consent: {
        consentType: client.consentType,
        consentDate: client.consentDate,
        legalBasis: client.legalBasis,
        dataRetentionDate: client.dataRetentionDate,
        erasureRequestedAt: client.erasureRequestedAt,
        smsOptedOutAt: client.smsOptedOutAt,
        emailUnsubscribedAt: client.emailUnsubscribedAt,
      },
      formerDetails,
      // What the client bought and paid (checkout): the accounting records kept for them.
      sales: purchases,
      // The skin tests done before colour services (decision 0126).
      patchTests: skinTests,
      appointments: history.map((row) => ({
        id: row.id,
        startTime: row.startTime,
        endTime: row.endTime,
        status: row.status,
        service:
          row.serviceId === null ? null : { id: row.serviceId, name: row.serviceName, category: row.serviceCategory },
        stylist: { id: row.stylistId, name: row.stylistName },
        price: row.price,
        priceFormatted: formatPence(row.price),
        notes: row.notes,
        bookedAt: row.createdAt,
        bookedOnline: row.source === "online",
        // What the client typed on the booking page where it differed from their record.
        detailsGivenOnline: parseOnlineDetails(row.onlineDetails),
      })),
      messages: sent,
      emails,
    },
  };
}

export { REDACTED };

type FreeText = { table: SQLiteTable; id: SQLiteColumn; column: SQLiteColumn; whole?: true };

// Text written by staff, or by the app from what staff typed, that may mention a client
// (decision 0094). The history's notes are replaced whole: its trigger accepts nothing else.
const FREE_TEXT: FreeText[] = [
  { table: appointments, id: appointments.id, column: appointments.notes },
  { table: appointmentHistory, id: appointmentHistory.id, column: appointmentHistory.notesBefore, whole: true },
  { table: appointmentHistory, id: appointmentHistory.id, column: appointmentHistory.notesAfter, whole: true },
  { table: clients, id: clients.id, column: clients.notes },
  { table: messages, id: messages.id, column: messages.content },
  { table: shoppingItems, id: shoppingItems.id, column: shoppingItems.notes },
  { table: shoppingItems, id: shoppingItems.id, column: shoppingItems.customName },
  { table: products, id: products.id, column: products.name },
  { table: products, id: products.id, column: products.description },
  { table: timeOff, id: timeOff.id, column: timeOff.reason },
  // Test texts typed to a number, and providers' error messages, which may quote it.
  { table: smsLog, id: smsLog.id, column: smsLog.toNumber },
  { table: smsLog, id: smsLog.id, column: smsLog.body },
  { table: smsLog, id: smsLog.id, column: smsLog.error },
  // A test e-mail typed to an address, and SMTP answers that may quote it.
  { table: emailLog, id: emailLog.id, column: emailLog.toAddress },
  { table: emailLog, id: emailLog.id, column: emailLog.subject },
  { table: emailLog, id: emailLog.id, column: emailLog.response },
  { table: jobRuns, id: jobRuns.name, column: jobRuns.lastError },
  { table: auditLog, id: auditLog.id, column: auditLog.details },
];

/** The column's text without the characters written between a phone's digits. */
function withoutSeparators(column: SQLiteColumn): SQL {
  return [...PHONE_SEPARATORS].reduce<SQL>(
    (text, separator) => sql`replace(${text}, ${separator}, '')`,
    sql`${column}`,
  );
}

/** Rows whose text may hold a mention: every row with text when a mention has no needle. */
function mayMention(column: SQLiteColumn, mentions: Mention[]): SQL {
  if (mentions.some((mention) => mention.needle === null)) return isNotNull(column);
  const conditions = mentions.map(({ needle }) =>
    needle && "digits" in needle
      ? sql`instr(${withoutSeparators(column)}, ${needle.digits}) > 0`
      : sql`instr(lower(${column}), ${needle!.text}) > 0`,
  );
  return or(...conditions)!;
}

/** Replaces mentions of the client in other records' free text; returns how many were changed. */
async function redactMentions(tx: Transaction, details: ClientDetails): Promise<number> {
  const mentions = clientMentions(details, await storedCountry(tx));
  if (mentions.length === 0) return 0;
  let changed = 0;
  for (const { table, id, column, whole } of FREE_TEXT) {
    const candidates = (await tx.select({ id, text: column }).from(table).where(mayMention(column, mentions))) as {
      id: number | string;
      text: string | null;
    }[];
    for (const row of candidates) {
      if (row.text === null) continue;
      const redacted = redactClientMentions(row.text, mentions, REDACTED);
      if (redacted === row.text) continue;
      await tx.run(
        sql`update ${table} set ${sql.identifier(column.name)} = ${whole ? REDACTED : redacted} where ${id} = ${row.id}`,
      );
      changed += 1;
    }
  }
  return changed;
}

/**
 * Erases a client everywhere (UK GDPR Art. 17): the client row, messages sent to them,
 * their appointments' notes and any mention of their name, e-mail or phone in staff free
 * text, the appointment history included (its notes of their appointments become
 * "[erased]", its links to them are cleared: decision 0085). Appointments stay as
 * anonymous records (no client, no notes) so revenue reports
 * do not change. Deleted content is zeroed in the database pages (secure_delete) and the
 * WAL is emptied afterwards, so the database files keep no copy. Audit-logged by id only.
 */
export async function eraseClient(actor: Actor, id: number) {
  assertCan(actor, "gdpr.manage");
  const details = await writeTransaction(async (tx) => {
    const [client] = await tx.select().from(clients).where(eq(clients.id, id)).limit(1);
    if (!client) throw new NotFound(CLIENT_NOT_FOUND);
    const summary = await eraseInTransaction(tx, client, actor.id, "client.erase");
    // Last, before the commit: a restore of an older backup erases them again (decision
    // 0116). Should the commit itself fail, the entry only repeats an erasure asked for.
    recordErasure(env.DATABASE_URL, {
      clientId: id,
      clientCreatedAt: client.createdAt,
      erasedAt: new Date().toISOString(),
    });
    return summary;
  });
  const flushed = await flushDeletedData(async () => {
    await db
      .insert(auditLog)
      .values({ actorUserId: actor.id, action: "client.erase_purged", entityType: "client", entityId: id });
  });
  return {
    ...details,
    walEmptied: flushed,
    purge: flushed ? ("complete" as const) : ("pending" as const),
    ...(flushed ? {} : { notice: ERASURE_PURGE_PENDING }),
  };
}

/**
 * After a restore: erases again every client in the ledger still present in the restored
 * database (same id, same creation time: an id given to a later client is not theirs).
 * Returns the ids erased. Audit-logged as "client.erase_reapplied".
 */
export async function reapplyErasures(entries: ErasureEntry[]): Promise<number[]> {
  const erased: number[] = [];
  for (const entry of entries) {
    const done = await writeTransaction(async (tx) => {
      const [client] = await tx
        .select()
        .from(clients)
        .where(and(eq(clients.id, entry.clientId), eq(clients.createdAt, entry.clientCreatedAt)))
        .limit(1);
      if (!client) return false;
      await eraseInTransaction(tx, client, null, "client.erase_reapplied");
      return true;
    });
    if (done) erased.push(entry.clientId);
  }
  if (erased.length > 0) await flushDeletedData();
  return erased;
}

async function eraseInTransaction(
  tx: Transaction,
  client: typeof clients.$inferSelect,
  actorUserId: number | null,
  action: "client.erase" | "client.erase_reapplied",
) {
  const id = client.id;
  const sms = await tx
    .delete(smsLog)
    .where(or(eq(smsLog.clientId, id), inArray(smsLog.appointmentId, clientAppointmentIds(tx, id))))
    .returning({ id: smsLog.id });
  // The e-mail log keeps that a message went (the status card's counts), not to whom or what it said.
  await tx
    .update(emailLog)
    .set({ toAddress: "", subject: REDACTED, response: null, clientId: null })
    .where(or(eq(emailLog.clientId, id), inArray(emailLog.appointmentId, clientAppointmentIds(tx, id))));
  // Before the appointments lose their client: it finds the history through them.
  const historyEntriesScrubbed = await scrubClientHistory(tx, id);
  // Sales keep their amounts (accounting records); the client's link and name go.
  const salesAnonymised = await eraseClientFromSales(tx, id);
  const anonymised = await tx
    .update(appointments)
    // The details typed online are the client's too; the manage token goes with them.
    .set({
      clientId: null,
      notes: null,
      onlineDetails: null,
      manageTokenHash: null,
      updatedAt: new Date().toISOString(),
    })
    .where(eq(appointments.clientId, id))
    .returning({ id: appointments.id });
  const former = await formerDetailsOf(tx, id);
  const formerly = (field: ClientDetailField) => former.filter((row) => row.field === field).map((row) => row.value);
  await deleteFormerDetails(tx, id);
  await tx.delete(clients).where(eq(clients.id, id));
  // The patch tests' trigger lets them go once the client row has (decision 0126).
  const patchTestsDeleted = await deletePatchTestsOf(tx, id);
  const mentionsRedacted = await redactMentions(tx, {
    names: [client.name, ...formerly("name")],
    emails: [...(client.email ? [client.email] : []), ...formerly("email")],
    phones: [client.phone, ...(client.phoneE164 ? [client.phoneE164] : []), ...formerly("phone")],
  });
  const summary = {
    appointmentsAnonymised: anonymised.length,
    messagesDeleted: sms.length,
    mentionsRedacted,
    historyEntriesScrubbed,
    salesAnonymised,
    patchTestsDeleted,
  };
  await tx.insert(auditLog).values({
    actorUserId,
    action,
    entityType: "client",
    entityId: id,
    details: JSON.stringify(summary),
  });
  await publish(tx, "clients", id);
  if (anonymised.length > 0) await publish(tx, "appointments", null);
  return summary;
}

export const ERASURE_PURGE_PENDING =
  "The client's data is erased from the database, but an earlier copy remains in its journal file while a backup or report is still reading. It is purged automatically as soon as that finishes, and the audit log records when.";

const AUDITED_ACTIONS = [
  "client.export",
  "client.erase",
  "client.erase_purged",
  "client.erase_reapplied",
  "client.delete",
  "clients.import",
  "client.erasure_requested",
  "client.erasure_withdrawn",
  "client.merge",
] as const;

export type AuditEntry = {
  id: number;
  action: string;
  entityId: number | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  actor: string | null;
};

/** The Data Exports tab: who exported, erased, deleted or imported what, and when (ids and counts only). */
export async function listClientAuditLog(actor: Actor, page: PageRequest): Promise<Page<AuditEntry>> {
  assertCan(actor, "gdpr.manage");
  const before = cursorKey(page.after, IdCursor);
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(inArray(auditLog.action, [...AUDITED_ACTIONS]), before ? lt(auditLog.id, before[0]) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(page.limit + 1);
  return pageOf(
    rows,
    page,
    (row) => [row.id],
    ({ firstName, lastName, email, details, ...row }) => ({
      ...row,
      details: details ? (JSON.parse(details) as Record<string, unknown>) : null,
      actor: email === null ? null : `${firstName ?? ""} ${lastName ?? ""}`.trim() || email,
    }),
  );
}
