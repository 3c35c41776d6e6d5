// The checked writes of one appointment, which every path is built from: the booking and
// edit dialogs, drag-and-drop, `/api`, each occurrence of a repeat and each "following"
// change (decision 0087). Each runs inside the caller's immediate write transaction, passes
// the one rule chain (`checkAppointmentWrite`, decision 0090), writes, appends its history
// entry (decision 0085) and publishes the change; so the check and the write cannot be
// split by a concurrent request.
import { eq } from "drizzle-orm";
import type { Executor, Transaction } from "#db/client.server";
import { appointments, clients, stylists, type AppointmentStatus } from "#db/schema";
import { roundDuration } from "~/lib/calendar";
import { processingWindow } from "~/lib/service-limits";
import { publish } from "./events.server";
import { isOnlineClient, type Actor, type WriteActor } from "./access.server";
import { recordAppointmentChange } from "./appointment-history.server";
import { checkAppointmentWrite, isLateCancellation, type SalonRules } from "./appointment-rules.server";
import type { AppointmentView } from "./appointment-views.server";
import { clientChoiceKey, clientsMatching, createClientRecord } from "./clients.server";
import { queueEmailForWrite, type UndoOfMove } from "./email-notices.server";
import { ClientChoiceNeeded, Forbidden, Invalid, NotFound } from "./errors";
import { can } from "./permissions";
import { bookingTerms } from "./pricing.server";
import { SERVICE_INACTIVE } from "./services.server";

export type AppointmentWrite = {
  clientId?: number | null;
  /**
   * Creates the client in the same transaction (a booking for someone new). `confirmFor`:
   * the user chose "Create a new client" for these typed details (decision 0097).
   */
  newClient?: { name: string; phone: string; email: string | null; confirmFor?: string | null };
  stylistId: number;
  serviceId?: number | null;
  start: Date;
  /** Either an end or a duration; with neither, the service's (or stylist's) duration. */
  end?: Date;
  durationMinutes?: number;
  status: AppointmentStatus;
  notes: string | null;
  availabilityOverride?: boolean;
  /** "Tell the client": e-mail the client about this booking or change (default true). */
  notifyClient?: boolean;
  /** A new line of a visit (several services booked together): the visit's id; only an insert stores it. */
  visitId?: string | null;
  /** "Book anyway" after the patch-test warning (decision 0126). */
  patchTestConfirmed?: boolean;
  /** An administrator's reason to book despite a failed patch test. */
  overrideReason?: string | null;
};

const confirmationsOf = (input: Pick<AppointmentWrite, "patchTestConfirmed" | "overrideReason">) => ({
  patchTestConfirmed: input.patchTestConfirmed,
  overrideReason: input.overrideReason,
});

/**
 * The stylist exists and is the actor's own unless they may book for every stylist. Whether
 * they still work here is the rule chain's (decision 0098): their existing appointments stay editable.
 */
export async function assertStylistAllowed(executor: Executor, actor: WriteActor, stylistId: number) {
  const [stylist] = await executor
    .select({ id: stylists.id, userId: stylists.userId })
    .from(stylists)
    .where(eq(stylists.id, stylistId))
    .limit(1);
  if (!stylist) throw new Invalid("Stylist not found", { stylistId: ["Stylist not found"] });
  // The online client books any stylist the booking page offers (the rule chain's online rules).
  if (isOnlineClient(actor)) return;
  if (!can(actor.role, "stylists.viewAll") && stylist.userId !== actor.id)
    throw new Forbidden("You can only book appointments in your own column.");
}

export const REQUESTED_BY_CLIENTS_ONLY =
  "Only an online booking can be a request: accept or decline it under Requests instead.";

/** Staff's writes: "requested" is set by the online booking page alone, and kept only by leaving it unchanged. */
export function assertNotRequestedByHand(status: string, before: string | null) {
  if (status === "requested" && before !== "requested")
    throw new Invalid(REQUESTED_BY_CLIENTS_ONLY, { status: [REQUESTED_BY_CLIENTS_ONLY] });
}

type Resolved = {
  clientId: number | null;
  reusedClient: ReusedClient | null;
  serviceId: number | null;
  price: number;
  start: Date;
  end: Date;
} & ProcessingSnapshot;

/** The service's processing time as an appointment stores it (decision 0111): null when it has none. */
export type ProcessingSnapshot = { processingAfterMinutes: number | null; processingMinutes: number | null };
const NO_PROCESSING: ProcessingSnapshot = { processingAfterMinutes: null, processingMinutes: null };

/** The snapshot of a service's processing time for a booking `length` minutes long: none when it does not fit inside. */
export function processingSnapshot(
  service: { processingAfterMinutes: number; processingMinutes: number },
  length: number,
): ProcessingSnapshot {
  const window = processingWindow(
    { afterMinutes: service.processingAfterMinutes, minutes: service.processingMinutes },
    length,
  );
  return window ? { processingAfterMinutes: window.from, processingMinutes: window.to - window.from } : NO_PROCESSING;
}

const minutesBetween = (start: Date | string, end: Date | string) =>
  (new Date(end).getTime() - new Date(start).getTime()) / 60_000;

/** A booking typed with the name and the phone or e-mail of a client on file books that client (decisions 0060, 0097). */
export type ReusedClient = { id: number; name: string };
export type SavedAppointment = AppointmentView & { reusedClient?: ReusedClient };

async function bookingClient(
  executor: Executor,
  actor: Actor,
  newClient: NonNullable<AppointmentWrite["newClient"]>,
): Promise<{ id: number; reused: boolean; name: string }> {
  const { confirmFor, ...typed } = newClient;
  const { same, candidates } = await clientsMatching(executor, typed);
  if (same) return { id: same.id, name: same.name, reused: true };
  // Never a silent second record: a name, phone or e-mail on file under someone else asks
  // first, and "Create a new client" holds only for the details that were checked.
  const confirmed = confirmFor === clientChoiceKey(typed);
  if (candidates.length > 0 && !confirmed) throw new ClientChoiceNeeded(candidates, clientChoiceKey(typed));
  const created = await createClientRecord(executor, actor, { ...typed, consentType: "service" }, confirmed);
  return { id: created.id, name: created.name, reused: false };
}

/** The client (created or reused when typed in), the service's terms and the end of a write, before any rule. */
export async function resolveWrite(
  executor: Executor,
  actor: WriteActor,
  input: AppointmentWrite,
  existing: Pick<
    StoredAppointment,
    "serviceId" | "stylistId" | "price" | "startTime" | "endTime" | "processingAfterMinutes" | "processingMinutes"
  > | null,
): Promise<Resolved> {
  const blocked = input.status === "blocked";
  let clientId = blocked ? null : (input.clientId ?? null);
  let reusedClient: ReusedClient | null = null;
  if (!blocked && !clientId) {
    if (!input.newClient) throw new Invalid("Client name is required", { clientName: ["Client name is required"] });
    // The booking page finds or creates its client itself and names it by id.
    if (isOnlineClient(actor)) throw new Invalid("An online booking names its client.");
    const client = await bookingClient(executor, actor, input.newClient);
    clientId = client.id;
    if (client.reused) reusedClient = { id: client.id, name: client.name };
  } else if (clientId) {
    const [client] = await executor.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1);
    if (!client) throw new Invalid("Client not found", { clientId: ["Client not found"] });
  }

  const serviceId = input.serviceId ?? null;
  if (!blocked && !serviceId) throw new Invalid("Service is required", { serviceId: ["Service is required"] });
  if (blocked && serviceId) throw new Invalid(BLOCKED_NO_SERVICE, { serviceId: [BLOCKED_NO_SERVICE] });
  let price = existing?.price ?? 0;
  let duration = input.durationMinutes;
  let terms: Awaited<ReturnType<typeof bookingTerms>> | null = null;
  if (serviceId) {
    terms = await bookingTerms(executor, input.stylistId, serviceId);
    const serviceChanged = !existing || existing.serviceId !== serviceId || existing.stylistId !== input.stylistId;
    if (serviceChanged && !terms.isActive) throw new Invalid(SERVICE_INACTIVE, { serviceId: [SERVICE_INACTIVE] });
    // The price is fixed when the service is booked, so later price changes never rewrite history.
    if (serviceChanged) price = terms.price;
    duration ??= terms.duration;
  } else {
    price = 0;
  }
  const end = input.end ?? new Date(input.start.getTime() + roundDuration(duration ?? 60) * 60_000);
  // The service's processing time is copied when it is booked, and again only when the
  // service or the length changes: a later change to the service moves no booked free part.
  const length = minutesBetween(input.start, end);
  const kept =
    existing && existing.serviceId === serviceId && minutesBetween(existing.startTime, existing.endTime) === length;
  const processing = !terms
    ? NO_PROCESSING
    : kept
      ? { processingAfterMinutes: existing.processingAfterMinutes, processingMinutes: existing.processingMinutes }
      : processingSnapshot(terms, length);
  return { clientId, reusedClient, serviceId, price, start: input.start, end, ...processing };
}

/** An appointment loaded in this transaction, if the actor may change it; another stylist's is "not found". */
export async function loadOwned(executor: Executor, actor: Actor, id: number) {
  const [row] = await executor.select().from(appointments).where(eq(appointments.id, id)).limit(1);
  if (!row) throw new NotFound("Appointment not found.");
  await assertStylistAllowed(executor, actor, row.stylistId).catch((error) => {
    if (error instanceof Invalid) return; // a retired stylist's history stays editable by admins
    // Another stylist's appointment is "not found", as a missing one is: no existence oracle.
    if (error instanceof Forbidden) throw new NotFound("Appointment not found.");
    throw error;
  });
  return row;
}

const BLOCKED_NO_SERVICE = "Blocked time carries no service: leave the service out.";

/** The stored columns of a checked write. */
function columnsOf(
  input: AppointmentWrite,
  resolved: Resolved,
  availabilityOverride: boolean,
  lateCancellation = false,
) {
  return {
    clientId: resolved.clientId,
    stylistId: input.stylistId,
    serviceId: resolved.serviceId,
    startTime: resolved.start.toISOString(),
    endTime: resolved.end.toISOString(),
    status: input.status,
    notes: input.notes,
    price: resolved.price,
    availabilityOverride,
    lateCancellation,
    processingAfterMinutes: resolved.processingAfterMinutes,
    processingMinutes: resolved.processingMinutes,
  };
}

export type StoredAppointment = typeof appointments.$inferSelect;

/** An appointment's stored fields as a write that changes nothing. */
export function writeOf(row: StoredAppointment): AppointmentWrite {
  return {
    clientId: row.clientId,
    stylistId: row.stylistId,
    serviceId: row.serviceId,
    start: new Date(row.startTime),
    end: new Date(row.endTime),
    status: row.status,
    notes: row.notes,
    availabilityOverride: row.availabilityOverride,
  };
}

/** What a booking or an edit will store, as the rule chain sees it. */
function storedAfter(input: AppointmentWrite, resolved: Resolved, availabilityOverride: boolean) {
  const { stylistId, status, notes } = input;
  const { clientId, serviceId, start, end, processingAfterMinutes, processingMinutes } = resolved;
  return {
    stylistId,
    clientId,
    serviceId,
    start,
    end,
    status,
    availabilityOverride,
    notes,
    processingAfterMinutes,
    processingMinutes,
  };
}

/** What an online booking stores beside the appointment: the hash of its manage token, and what the client typed where it differs from the client on file. */
export type OnlineColumns = { manageTokenHash: string; onlineDetails: string | null };

/** The one insert of an appointment, after the rule chain. A series books each occurrence through it, in the series' transaction. */
export async function insertChecked(
  tx: Transaction,
  actor: WriteActor,
  input: AppointmentWrite,
  resolved: Resolved,
  salon: SalonRules,
  seriesId: string | null = null,
  online?: OnlineColumns,
): Promise<number> {
  const availabilityOverride = Boolean(input.availabilityOverride);
  const after = storedAfter(input, resolved, availabilityOverride);
  const acknowledged = await checkAppointmentWrite({
    executor: tx,
    actor,
    salon,
    now: new Date(),
    before: null,
    after,
    confirmations: confirmationsOf(input),
  });
  const [row] = await tx
    .insert(appointments)
    .values({
      ...columnsOf(input, resolved, availabilityOverride),
      seriesId,
      visitId: input.visitId ?? null,
      // The online client is no user: the booking's source says who made it.
      createdByUserId: isOnlineClient(actor) ? null : actor.id,
      source: isOnlineClient(actor) ? "online" : "staff",
      ...(online && isOnlineClient(actor) ? online : {}),
    })
    .returning();
  await recordAppointmentChange(tx, actor, null, row!, acknowledged);
  // A repeat booking's occurrences are confirmed by the series, and a visit's lines by the visit, not one e-mail each.
  if (seriesId === null && !input.visitId)
    await queueEmailForWrite(tx, null, row!, { notifyClient: input.notifyClient });
  await publish(tx, "appointments", row!.id);
  return row!.id;
}

/**
 * The one update of an appointment (an edit of every field), after the rule chain.
 * `existing` is the row as loaded (and owned) in this transaction.
 */
export async function updateChecked(
  tx: Transaction,
  actor: WriteActor,
  existing: StoredAppointment,
  input: AppointmentWrite,
  salon: SalonRules,
): Promise<Resolved> {
  if (existing.stylistId !== input.stylistId) await assertStylistAllowed(tx, actor, input.stylistId);
  const resolved = await resolveWrite(tx, actor, input, existing);
  const availabilityOverride = Boolean(input.availabilityOverride ?? existing.availabilityOverride);
  const now = new Date();
  const after = storedAfter(input, resolved, availabilityOverride);
  const acknowledged = await checkAppointmentWrite({
    executor: tx,
    actor,
    salon,
    now,
    before: existing,
    after,
    confirmations: confirmationsOf(input),
  });
  // Cancelling records whether it came inside the notice; staying cancelled keeps the record; un-cancelling clears it.
  const lateCancellation =
    input.status !== "cancelled"
      ? false
      : existing.status === "cancelled"
        ? existing.lateCancellation
        : isLateCancellation(existing.startTime, now, salon);
  const [updated] = await tx
    .update(appointments)
    .set({ ...columnsOf(input, resolved, availabilityOverride, lateCancellation), updatedAt: now.toISOString() })
    .where(eq(appointments.id, existing.id))
    .returning();
  await recordAppointmentChange(tx, actor, existing, updated!, acknowledged);
  await queueEmailForWrite(tx, existing, updated!, { notifyClient: input.notifyClient });
  await publish(tx, "appointments", existing.id);
  return resolved;
}

/**
 * The one move of an appointment (a drag: new start and end, perhaps another stylist;
 * everything else, the price included, stays), after the rule chain.
 */
export async function moveChecked(
  tx: Transaction,
  actor: WriteActor,
  existing: StoredAppointment,
  move: {
    stylistId: number;
    start: Date;
    end: Date;
    notifyClient?: boolean;
    patchTestConfirmed?: boolean;
    overrideReason?: string | null;
    /** A drag's move offers Undo, or is one: its e-mail waits, or is taken back (email-notices). */
    undo?: UndoOfMove;
  },
  salon: SalonRules,
): Promise<void> {
  if (move.stylistId !== existing.stylistId) await assertStylistAllowed(tx, actor, move.stylistId);
  const now = new Date();
  const { notifyClient, patchTestConfirmed, overrideReason, undo, ...placed } = move;
  // A move keeps the length and so the processing snapshot; one that changes the length copies the service's again.
  const length = minutesBetween(move.start, move.end);
  const processing: ProcessingSnapshot =
    existing.serviceId === null
      ? NO_PROCESSING
      : length === minutesBetween(existing.startTime, existing.endTime)
        ? { processingAfterMinutes: existing.processingAfterMinutes, processingMinutes: existing.processingMinutes }
        : processingSnapshot(await bookingTerms(tx, move.stylistId, existing.serviceId), length);
  const after = {
    ...placed,
    clientId: existing.clientId,
    serviceId: existing.serviceId,
    status: existing.status,
    availabilityOverride: existing.availabilityOverride,
    notes: existing.notes,
    ...processing,
  };
  const acknowledged = await checkAppointmentWrite({
    executor: tx,
    actor,
    salon,
    now,
    before: existing,
    after,
    confirmations: { patchTestConfirmed, overrideReason },
  });
  const [moved] = await tx
    .update(appointments)
    .set({
      stylistId: move.stylistId,
      startTime: move.start.toISOString(),
      endTime: move.end.toISOString(),
      ...processing,
      updatedAt: now.toISOString(),
    })
    .where(eq(appointments.id, existing.id))
    .returning();
  await recordAppointmentChange(tx, actor, existing, moved!, acknowledged);
  await queueEmailForWrite(tx, existing, moved!, { notifyClient, undo });
  await publish(tx, "appointments", existing.id);
}

/** The one delete of an appointment, once it is loaded (and owned) in this transaction. No rule holds a delete back. */
export async function deleteChecked(tx: Transaction, actor: Actor, existing: StoredAppointment): Promise<void> {
  await tx.delete(appointments).where(eq(appointments.id, existing.id));
  await recordAppointmentChange(tx, actor, existing, null);
  await publish(tx, "appointments", existing.id);
}
