// Visits: several services booked together for one client ("cut and colour"). Each line is
// an ordinary appointment carrying the visit's id, written through the same checked writes
// as a single booking, so the one rule chain (decision 0090) holds every line. A visit is
// booked, moved, edited or deleted whole in one transaction: one refused line refuses it
// all, and the refusal names the line (decision 0109).
import { and, asc, eq, inArray } from "drizzle-orm";
import { db, writeTransaction, type Transaction } from "#db/client.server";
import { appointments, services, stylists } from "#db/schema";
import type { SeriesScope, VisitScope } from "~/lib/schemas/appointments";
import { MAX_VISIT_LINES } from "~/lib/schemas/appointments";
import { assertCan, type Actor } from "./access.server";
import { visibleStylistScope } from "./appointments.server";
import { assertOverrideAllowed, salonRules, type SalonRules } from "./appointment-rules.server";
import { shiftWallClock, wallClockShift } from "./appointment-series.server";
import { selectViews, toView, type AppointmentView } from "./appointment-views.server";
import {
  assertNotRequestedByHand,
  assertStylistAllowed,
  deleteChecked,
  insertChecked,
  loadOwned,
  moveChecked,
  resolveWrite,
  updateChecked,
  writeOf,
  type AppointmentWrite,
  type ReusedClient,
  type StoredAppointment,
} from "./appointment-writes.server";
import { queueEmailForWrite, sendQueuedEmailsSoon, type UndoOfMove } from "./email-notices.server";
import { Conflict, DomainError, Forbidden, Invalid, PatchTestRequired } from "./errors";

/** One line of a new visit: a service with a stylist; without a start it follows on from the previous line. */
export type VisitLineWrite = { serviceId: number; stylistId: number; start?: Date; durationMinutes?: number };

/** A new visit: the client (perhaps new), the first line's start, and its lines in order. */
export type VisitWrite = Pick<
  AppointmentWrite,
  "clientId" | "newClient" | "notes" | "availabilityOverride" | "patchTestConfirmed" | "overrideReason"
> & {
  start: Date;
  notifyClient?: boolean;
  lines: VisitLineWrite[];
};

export type VisitBooking = { visitId: string; appointments: AppointmentView[]; reusedClient?: ReusedClient };

/** "Line 2 (Colour with Sam)": how a refusal names a line. */
async function lineLabel(tx: Transaction, n: number, serviceId: number | null, stylistId: number): Promise<string> {
  const [service] = serviceId
    ? await tx.select({ name: services.name }).from(services).where(eq(services.id, serviceId)).limit(1)
    : [];
  const [stylist] = await tx.select({ name: stylists.name }).from(stylists).where(eq(stylists.id, stylistId)).limit(1);
  const what = [service?.name, stylist ? `with ${stylist.name}` : null].filter(Boolean).join(" ");
  return `Line ${n}${what ? ` (${what})` : ""}`;
}

/** The same refusal (same status), its message naming the line. */
function namingLine(error: unknown, label: string): unknown {
  if (!(error instanceof DomainError)) return error;
  const message = `${label}: ${error.message}`;
  if (error instanceof PatchTestRequired) return new PatchTestRequired(message, error.details.patchTest);
  if (error instanceof Conflict) return new Conflict(message);
  if (error instanceof Invalid) return new Invalid(message);
  if (error instanceof Forbidden) return new Forbidden(message);
  return error;
}

async function named<T>(
  tx: Transaction,
  n: number,
  line: { serviceId: number | null; stylistId: number },
  run: () => Promise<T>,
) {
  try {
    return await run();
  } catch (error) {
    throw namingLine(error, await lineLabel(tx, n, line.serviceId, line.stylistId));
  }
}

/**
 * Books a visit: every line an appointment of the same client sharing one new visit id,
 * each following on from the previous unless it has its own start, each through the one
 * checked insert, all in one transaction: one refused line refuses the visit (naming it)
 * and nothing is written. One confirmation e-mail for the visit, its first line's.
 */
export async function bookVisit(actor: Actor, input: VisitWrite): Promise<VisitBooking> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  assertNotRequestedByHand("scheduled", null);
  if (input.lines.length < 1 || input.lines.length > MAX_VISIT_LINES)
    throw new Invalid(`A visit has 1 to ${MAX_VISIT_LINES} services.`);
  const salon = await salonRules();
  const visitId = crypto.randomUUID();
  const { ids, reusedClient } = await writeTransaction(async (tx) => {
    const ids: number[] = [];
    let clientId = input.clientId ?? null;
    let reusedClient: ReusedClient | null = null;
    let next = input.start;
    for (const [index, line] of input.lines.entries()) {
      const write: AppointmentWrite = {
        clientId,
        newClient: clientId ? undefined : input.newClient,
        stylistId: line.stylistId,
        serviceId: line.serviceId,
        start: line.start ?? next,
        durationMinutes: line.durationMinutes,
        status: "scheduled",
        notes: input.notes,
        availabilityOverride: input.availabilityOverride,
        patchTestConfirmed: input.patchTestConfirmed,
        overrideReason: input.overrideReason,
        notifyClient: input.notifyClient,
        visitId,
      };
      const id = await named(tx, index + 1, line, async () => {
        await assertStylistAllowed(tx, actor, line.stylistId);
        const resolved = await resolveWrite(tx, actor, write, null);
        // The first line finds or creates the client; the others book the same one.
        clientId = resolved.clientId;
        reusedClient ??= resolved.reusedClient;
        next = resolved.end;
        return insertChecked(tx, actor, write, resolved, salon);
      });
      ids.push(id);
    }
    const [first] = await tx.select().from(appointments).where(eq(appointments.id, ids[0]!)).limit(1);
    if (first) await queueEmailForWrite(tx, null, first, { notifyClient: input.notifyClient });
    return { ids, reusedClient };
  });
  sendQueuedEmailsSoon();
  const rows = await selectViews(db, inArray(appointments.id, ids));
  return {
    visitId,
    appointments: rows.map((row) => toView(actor, row)),
    ...(reusedClient ? { reusedClient } : {}),
  };
}

/** Every line of a visit, by start time, as stored (in this transaction). */
async function linesOf(tx: Transaction, visitId: string): Promise<StoredAppointment[]> {
  return tx
    .select()
    .from(appointments)
    .where(eq(appointments.visitId, visitId))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

/**
 * The whole visit of `existing` (its lines by start time, itself included); each line must
 * be the actor's to change, as a single appointment must: a stylist cannot move a visit
 * with a line in another stylist's column, only their own line.
 */
async function visitOwned(tx: Transaction, actor: Actor, existing: StoredAppointment): Promise<StoredAppointment[]> {
  if (!existing.visitId) return [existing];
  const lines = await linesOf(tx, existing.visitId);
  for (const [index, row] of lines.entries()) {
    await assertStylistAllowed(tx, actor, row.stylistId).catch(async (error) => {
      if (error instanceof Invalid) return; // a retired stylist's, as for one appointment
      if (error instanceof Forbidden) {
        const label = await lineLabel(tx, index + 1, row.serviceId, row.stylistId);
        throw new Forbidden(`${label} is in another stylist's column: change this service only.`);
      }
      throw error;
    });
  }
  return lines;
}

/** Which applies: the series scope "following" and the visit scope "visit" cannot be asked together. */
export function assertOneScope(series: SeriesScope, visit: VisitScope) {
  if (series === "following" && visit === "visit")
    throw new Invalid('Choose one: scope "following" (the repeat booking) or visitScope "visit" (the whole visit).');
}

/**
 * Applies one change to every line of a visit, in an order in which no line lands on a
 * sibling not yet moved (moving later: the last first), each through the one rule chain;
 * the first refused refuses all, naming the line.
 */
async function applyToLines(
  tx: Transaction,
  lines: StoredAppointment[],
  later: boolean,
  apply: (row: StoredAppointment) => Promise<void>,
) {
  const ordered = lines.map((row, index) => ({ row, n: index + 1 }));
  if (later) ordered.reverse();
  for (const { row, n } of ordered) await named(tx, n, row, () => apply(row));
}

/** A line `shift` later on the salon's wall clock, keeping its length. */
function shifted(row: StoredAppointment, shift: { days: number; minutes: number }, salon: SalonRules) {
  const start = shiftWallClock(row.startTime, shift, salon.timeZone);
  const length = Date.parse(row.endTime) - Date.parse(row.startTime);
  return { start, end: new Date(start.getTime() + length) };
}

/**
 * Moves the whole visit of appointment `id` (a drag of one of its lines with "The whole
 * visit"): that line to the new start (and stylist), every other line by the same
 * wall-clock shift in its own column, keeping its length (so 10:00 stays 10:00 across a
 * clock change). All lines checked, all or nothing.
 */
export async function moveVisit(
  actor: Actor,
  id: number,
  move: { start: Date; end?: Date; stylistId?: number; notifyClient?: boolean; undo?: UndoOfMove },
): Promise<AppointmentView> {
  assertCan(actor, "appointments.write");
  const salon = await salonRules();
  await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    if (existing.status === "blocked")
      throw new Invalid("Blocked time cannot be moved by dragging. Open it to change it.");
    const lines = await visitOwned(tx, actor, existing);
    const shift = wallClockShift(existing.startTime, move.start, salon.timeZone);
    await applyToLines(tx, lines, move.start.getTime() > Date.parse(existing.startTime), async (row) => {
      if (row.id === existing.id) {
        const length = Date.parse(existing.endTime) - Date.parse(existing.startTime);
        const end = move.end ?? new Date(move.start.getTime() + length);
        const stylistId = move.stylistId ?? existing.stylistId;
        await moveChecked(
          tx,
          actor,
          row,
          { stylistId, start: move.start, end, notifyClient: move.notifyClient, undo: move.undo },
          salon,
        );
      } else {
        // One e-mail for the change: the moved line's.
        await moveChecked(
          tx,
          actor,
          row,
          { stylistId: row.stylistId, ...shifted(row, shift, salon), notifyClient: false },
          salon,
        );
      }
    });
  });
  sendQueuedEmailsSoon();
  return (await visitViews(actor, id)).find((line) => line.id === id)!;
}

/**
 * An edit of one line applied to the whole visit: that line as edited; every other line the
 * same wall-clock shift, the client, the notes and a status change to cancelled or back to
 * scheduled; each line keeps its own service, stylist and price. All or nothing.
 */
export async function updateVisit(actor: Actor, id: number, input: AppointmentWrite): Promise<AppointmentView> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  const salon = await salonRules();
  await writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    assertNotRequestedByHand(input.status, existing.status);
    const lines = await visitOwned(tx, actor, existing);
    const shift = wallClockShift(existing.startTime, input.start, salon.timeZone);
    const statusChanged =
      input.status !== existing.status && (input.status === "cancelled" || input.status === "scheduled");
    let clientId = input.clientId ?? existing.clientId;
    if (!input.clientId && input.newClient) {
      // A client typed in: resolved once (found or created) for every line.
      clientId = (await resolveWrite(tx, actor, { ...writeOf(existing), ...input }, existing)).clientId;
    }
    await applyToLines(tx, lines, input.start.getTime() > Date.parse(existing.startTime), async (row) => {
      if (row.id === existing.id) {
        await updateChecked(tx, actor, row, { ...input, clientId, newClient: undefined }, salon);
        return;
      }
      await updateChecked(
        tx,
        actor,
        row,
        {
          ...writeOf(row),
          ...shifted(row, shift, salon),
          clientId,
          notes: input.notes !== existing.notes ? input.notes : row.notes,
          status: statusChanged ? input.status : row.status,
          notifyClient: false,
        },
        salon,
      );
    });
  });
  sendQueuedEmailsSoon();
  return (await visitViews(actor, id)).find((line) => line.id === id)!;
}

/** Deletes every line of the visit of appointment `id`; answers how many were deleted. */
export async function deleteVisit(actor: Actor, id: number): Promise<number> {
  assertCan(actor, "appointments.write");
  return writeTransaction(async (tx) => {
    const existing = await loadOwned(tx, actor, id);
    const lines = await visitOwned(tx, actor, existing);
    for (const row of lines) await deleteChecked(tx, actor, row);
    return lines.length;
  });
}

/**
 * The lines of the visit appointment `id` belongs to, by start time, that the actor may see
 * (a stylist: their own column's); just the appointment itself when it is no visit's.
 */
export async function visitViews(actor: Actor, id: number): Promise<AppointmentView[]> {
  assertCan(actor, "calendar.view");
  const [row] = await db.select({ visitId: appointments.visitId }).from(appointments).where(eq(appointments.id, id));
  const where = row?.visitId ? eq(appointments.visitId, row.visitId) : eq(appointments.id, id);
  const scope = await visibleStylistScope(actor);
  const rows = await selectViews(db, scope ? and(where, inArray(appointments.stylistId, scope)) : where);
  return rows.map((view) => toView(actor, view));
}
