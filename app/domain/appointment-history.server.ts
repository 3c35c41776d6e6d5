// Appointment history (decision 0085): every create, edit, move, status change and delete
// of an appointment appends an entry in the write's own transaction, through
// `recordAppointmentChange`, so a new write path gets history by calling it. The table is
// append-only (database triggers); erasure clears a client's links and notes in it, and a
// merge relinks the duplicate's entries to the kept client.
import { and, desc, eq, inArray, lt, or, sql, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { db, type Executor } from "#db/client.server";
import { appointmentHistory, appointments, clients, services, stylists } from "#db/schema";
import { diffAppointment, type AppointmentState, type StateChanges } from "~/lib/appointment-history";
import type { AppointmentHistoryEntry } from "~/lib/schemas/appointment-history";
import type { Page, PageRequest } from "~/lib/paging";
import { assertCan, isOnlineClient, type Actor, type WriteActor } from "./access.server";
import type { Acknowledged } from "./appointment-rules.server";
import { NotFound } from "./errors";
import { can } from "./permissions";
import { IdCursor, cursorKey, pageOf } from "./paging.server";
import { displayName, stylistIdForUser } from "./stylists.server";

/** The text erasure writes in place of personal data; the history's trigger accepts notes changed only to it (or null). */
export const REDACTED = "[erased]";

/** An appointment as the history sees it: its id and the tracked fields. */
type AppointmentSnapshot = AppointmentState & { id: number };

function columnsOf(changes: StateChanges) {
  return {
    stylistBefore: changes.stylistId?.before ?? null,
    stylistAfter: changes.stylistId?.after ?? null,
    startBefore: changes.startTime?.before ?? null,
    startAfter: changes.startTime?.after ?? null,
    endBefore: changes.endTime?.before ?? null,
    endAfter: changes.endTime?.after ?? null,
    serviceBefore: changes.serviceId?.before ?? null,
    serviceAfter: changes.serviceId?.after ?? null,
    statusBefore: changes.status?.before ?? null,
    statusAfter: changes.status?.after ?? null,
    priceBefore: changes.price?.before ?? null,
    priceAfter: changes.price?.after ?? null,
    clientBefore: changes.clientId?.before ?? null,
    clientAfter: changes.clientId?.after ?? null,
    notesBefore: changes.notes?.before ?? null,
    notesAfter: changes.notes?.after ?? null,
  };
}

// 22 bound values a row; SQLite allows 32,766 in one statement.
const ROWS_PER_INSERT = 500;

/**
 * Appends the history of several writes (before null: created; after null: deleted); a
 * write that changed nothing tracked appends nothing. Call inside the write's transaction.
 */
export async function recordAppointmentChanges(
  tx: Executor,
  actor: WriteActor,
  writes: [before: AppointmentSnapshot | null, after: AppointmentSnapshot | null, acknowledged?: Acknowledged | null][],
): Promise<void> {
  const actorName = displayName(actor);
  const rows = writes.flatMap(([before, after, acknowledged]) => {
    const diff = diffAppointment(before, after);
    const appointmentId = (after ?? before)?.id;
    if (!diff || appointmentId === undefined) return [];
    return [
      {
        appointmentId,
        actorUserId: isOnlineClient(actor) ? null : actor.id,
        actorName,
        kind: diff.kind,
        ...columnsOf(diff.changes),
        // What the actor confirmed booking despite (decision 0126).
        patchTest: acknowledged?.patchTest ?? null,
        patchTestReason: acknowledged?.patchTestReason ?? null,
      },
    ];
  });
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT)
    await tx.insert(appointmentHistory).values(rows.slice(at, at + ROWS_PER_INSERT));
}

/** Appends the history of one write of an appointment (see `recordAppointmentChanges`). */
export function recordAppointmentChange(
  tx: Executor,
  actor: WriteActor,
  before: AppointmentSnapshot | null,
  after: AppointmentSnapshot | null,
  acknowledged: Acknowledged | null = null,
): Promise<void> {
  return recordAppointmentChanges(tx, actor, [[before, after, acknowledged]]);
}

const stylistBefore = alias(stylists, "stylist_before");
const stylistAfter = alias(stylists, "stylist_after");
const serviceBefore = alias(services, "service_before");
const serviceAfter = alias(services, "service_after");
const clientBefore = alias(clients, "client_before");
const clientAfter = alias(clients, "client_after");

/**
 * Who may read an appointment's history: whoever may edit it (admins; a stylist only in
 * their own column, else 404 as for the appointment itself). A deleted appointment's
 * history belongs to the column it was deleted from.
 */
async function assertHistoryVisible(actor: Actor, appointmentId: number): Promise<void> {
  assertCan(actor, "appointments.write");
  const [current] = await db
    .select({ stylistId: appointments.stylistId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  let stylistId = current?.stylistId;
  if (stylistId === undefined) {
    const [last] = await db
      .select({
        stylistId: sql<
          number | null
        >`coalesce(${appointmentHistory.stylistAfter}, ${appointmentHistory.stylistBefore})`,
      })
      .from(appointmentHistory)
      .where(and(eq(appointmentHistory.appointmentId, appointmentId), eq(appointmentHistory.kind, "deleted")))
      .orderBy(desc(appointmentHistory.id))
      .limit(1);
    if (!last) throw new NotFound("Appointment not found.");
    stylistId = last.stylistId ?? undefined;
  }
  if (can(actor.role, "stylists.viewAll")) return;
  if (stylistId === undefined || stylistId !== (await stylistIdForUser(actor.id)))
    throw new NotFound("Appointment not found.");
}

function reference(id: number | null, name: string | null, removed: string) {
  return id === null ? null : { id, name: name ?? removed };
}

function pair<T>(before: T, after: T) {
  return { before, after };
}

/** An appointment's history, newest first, keyset-paged on the entry id. */
export async function appointmentHistoryPage(
  actor: Actor,
  appointmentId: number,
  page: PageRequest,
): Promise<Page<AppointmentHistoryEntry>> {
  await assertHistoryVisible(actor, appointmentId);
  const after = cursorKey(page.after, IdCursor);
  const rows = await db
    .select({
      entry: appointmentHistory,
      stylistBefore: stylistBefore.name,
      stylistAfter: stylistAfter.name,
      serviceBefore: serviceBefore.name,
      serviceAfter: serviceAfter.name,
      clientBefore: clientBefore.name,
      clientAfter: clientAfter.name,
    })
    .from(appointmentHistory)
    .leftJoin(stylistBefore, eq(stylistBefore.id, appointmentHistory.stylistBefore))
    .leftJoin(stylistAfter, eq(stylistAfter.id, appointmentHistory.stylistAfter))
    .leftJoin(serviceBefore, eq(serviceBefore.id, appointmentHistory.serviceBefore))
    .leftJoin(serviceAfter, eq(serviceAfter.id, appointmentHistory.serviceAfter))
    .leftJoin(clientBefore, eq(clientBefore.id, appointmentHistory.clientBefore))
    .leftJoin(clientAfter, eq(clientAfter.id, appointmentHistory.clientAfter))
    .where(
      and(eq(appointmentHistory.appointmentId, appointmentId), after ? lt(appointmentHistory.id, after[0]) : undefined),
    )
    .orderBy(desc(appointmentHistory.id))
    .limit(page.limit + 1);
  return pageOf(
    rows,
    page,
    (row) => [row.entry.id],
    (row): AppointmentHistoryEntry => {
      const { entry: e } = row;
      const changes: AppointmentHistoryEntry["changes"] = {};
      const changed = (before: unknown, after: unknown) => before !== null || after !== null;
      if (changed(e.stylistBefore, e.stylistAfter))
        changes.stylist = pair(
          reference(e.stylistBefore, row.stylistBefore, "Removed stylist"),
          reference(e.stylistAfter, row.stylistAfter, "Removed stylist"),
        );
      if (changed(e.startBefore, e.startAfter)) changes.startTime = pair(e.startBefore, e.startAfter);
      if (changed(e.endBefore, e.endAfter)) changes.endTime = pair(e.endBefore, e.endAfter);
      if (changed(e.serviceBefore, e.serviceAfter))
        changes.service = pair(
          reference(e.serviceBefore, row.serviceBefore, "Removed service"),
          reference(e.serviceAfter, row.serviceAfter, "Removed service"),
        );
      if (changed(e.statusBefore, e.statusAfter)) changes.status = pair(e.statusBefore, e.statusAfter);
      if (changed(e.priceBefore, e.priceAfter)) changes.price = pair(e.priceBefore, e.priceAfter);
      if (changed(e.clientBefore, e.clientAfter))
        changes.client = pair(
          reference(e.clientBefore, row.clientBefore, "Removed client"),
          reference(e.clientAfter, row.clientAfter, "Removed client"),
        );
      if (changed(e.notesBefore, e.notesAfter)) changes.notes = pair(e.notesBefore, e.notesAfter);
      return {
        id: e.id,
        appointmentId: e.appointmentId,
        at: e.at,
        actor: { id: e.actorUserId, name: e.actorName },
        kind: e.kind,
        changes,
        ...(e.patchTest ? { patchTest: { finding: e.patchTest, overrideReason: e.patchTestReason } } : {}),
      };
    },
  );
}

function mentionsClient(clientId: number) {
  return or(eq(appointmentHistory.clientBefore, clientId), eq(appointmentHistory.clientAfter, clientId));
}

/**
 * Erasure (and deletion) of a client, inside its transaction and before their
 * appointments are anonymised or deleted: the notes in the history of every appointment
 * that is or ever was theirs become "[erased]", and the links to them are cleared.
 */
export async function scrubClientHistory(tx: Executor, clientId: number): Promise<number> {
  const theirs = tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(eq(appointments.clientId, clientId))
    .union(
      tx
        .selectDistinct({ id: appointmentHistory.appointmentId })
        .from(appointmentHistory)
        .where(mentionsClient(clientId)),
    );
  const redact = (column: SQLWrapper) => sql<string | null>`case when ${column} is null then null else ${REDACTED} end`;
  const scrubbed = await tx
    .update(appointmentHistory)
    .set({
      notesBefore: redact(appointmentHistory.notesBefore),
      notesAfter: redact(appointmentHistory.notesAfter),
      // A patch-test override's reason is about the client too.
      patchTestReason: redact(appointmentHistory.patchTestReason),
    })
    .where(
      and(
        inArray(appointmentHistory.appointmentId, theirs),
        or(
          sql`${appointmentHistory.notesBefore} is not null`,
          sql`${appointmentHistory.notesAfter} is not null`,
          sql`${appointmentHistory.patchTestReason} is not null`,
        ),
      ),
    )
    .returning({ id: appointmentHistory.id });
  await tx.update(appointmentHistory).set({ clientBefore: null }).where(eq(appointmentHistory.clientBefore, clientId));
  await tx.update(appointmentHistory).set({ clientAfter: null }).where(eq(appointmentHistory.clientAfter, clientId));
  return scrubbed.length;
}

/** A merge: the duplicate's history entries point at the kept client, as its appointments now do. */
export async function relinkClientHistory(tx: Executor, fromClientId: number, toClientId: number): Promise<void> {
  await tx
    .update(appointmentHistory)
    .set({ clientBefore: toClientId })
    .where(eq(appointmentHistory.clientBefore, fromClientId));
  await tx
    .update(appointmentHistory)
    .set({ clientAfter: toClientId })
    .where(eq(appointmentHistory.clientAfter, fromClientId));
}
