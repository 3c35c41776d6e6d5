// Repeat bookings (decision 0087): a series is ordinary appointments sharing a series id.
// Each occurrence is booked, and each "this and following" change applied, through the
// same checked writes as a single appointment, so the same rule chain (decision 0090)
// holds every occurrence; a refusal names the occurrence's date.
import { and, asc, eq, gt, gte, inArray, ne } from "drizzle-orm";
import { db, writeTransaction, type Transaction } from "#db/client.server";
import { appointments } from "#db/schema";
import { minutesToClock } from "~/lib/calendar";
import {
  MAX_OCCURRENCES,
  type OccurrencePreview,
  type RefusedOccurrence,
  type Repeat,
} from "~/lib/schemas/appointments";
import {
  addDays,
  dateInZone,
  daysBetween,
  formatClockTime,
  formatLongDate,
  timeInZone,
  wallClock,
  zonedToUtc,
  type CalendarDate,
} from "~/lib/salon-time";
import { assertCan, type Actor } from "./access.server";
import { queueEmailForWrite, sendQueuedEmailsSoon } from "./email-notices.server";
import { assertOverrideAllowed, refusesWholeBooking, salonRules, type SalonRules } from "./appointment-rules.server";
import { selectViews, toView, type AppointmentView } from "./appointment-views.server";
import {
  assertNotRequestedByHand,
  assertStylistAllowed,
  insertChecked,
  resolveWrite,
  updateChecked,
  writeOf,
  type AppointmentWrite,
  type ReusedClient,
  type StoredAppointment,
} from "./appointment-writes.server";
import { Conflict, Forbidden, Invalid } from "./errors";

/**
 * The later occurrences of `existing`'s series that are still to come (never past ones),
 * by start time; each must be the actor's to change, as a single appointment must.
 */
export async function followingOwned(
  tx: Transaction,
  actor: Actor,
  existing: StoredAppointment,
): Promise<StoredAppointment[]> {
  if (!existing.seriesId) return [];
  const now = new Date().toISOString();
  const rows = await tx
    .select()
    .from(appointments)
    // By the start `existing` had before this change (which may have moved it already).
    .where(
      and(
        eq(appointments.seriesId, existing.seriesId),
        ne(appointments.id, existing.id),
        gt(appointments.startTime, existing.startTime),
        gte(appointments.startTime, now),
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id));
  for (const row of rows) {
    await assertStylistAllowed(tx, actor, row.stylistId).catch((error) => {
      if (error instanceof Invalid) return; // a retired stylist's, as for one appointment
      if (error instanceof Forbidden)
        throw new Forbidden(
          `A later appointment of this series (${row.startTime}) is in another stylist's column: change this appointment only.`,
        );
      throw error;
    });
  }
  return rows;
}

/**
 * "This and following": `change` turns each later occurrence into its write; each is
 * checked as a single edit, and the first one refused refuses the whole change, naming its date.
 */
export async function updateFollowing(
  tx: Transaction,
  actor: Actor,
  rows: StoredAppointment[],
  salon: SalonRules,
  change: (row: StoredAppointment) => AppointmentWrite,
) {
  const writes = rows.map((row) => ({ row, write: change(row) }));
  // Moving later, the last goes first (and earlier, the first), so none lands on a sibling not yet moved.
  if (writes.some(({ row, write }) => write.start.getTime() > Date.parse(row.startTime))) writes.reverse();
  for (const { row, write } of writes) {
    try {
      await updateChecked(tx, actor, row, write, salon);
    } catch (error) {
      if (error instanceof Invalid || error instanceof Conflict) {
        const when = `${formatLongDate(dateInZone(write.start, salon.timeZone))} at ${formatClockTime(timeInZone(write.start, salon.timeZone), salon.clock)}`;
        throw new Conflict(`The appointment on ${when} cannot take this change: ${error.message}`);
      }
      throw error;
    }
  }
}

/** Whole days and wall-clock minutes from one instant to another, in the salon's zone. */
export function wallClockShift(
  from: Date | string,
  to: Date | string,
  timeZone: string,
): { days: number; minutes: number } {
  const a = wallClock(from, timeZone);
  const b = wallClock(to, timeZone);
  return { days: daysBetween(a.date, b.date), minutes: b.minutes - a.minutes };
}

/** The instant `shift` later than `instant` on the salon's wall clock (so 10:00 stays 10:00 across a clock change). */
export function shiftWallClock(
  instant: Date | string,
  shift: { days: number; minutes: number },
  timeZone: string,
): Date {
  const { date, minutes } = wallClock(instant, timeZone);
  const total = minutes + shift.minutes;
  const dayCarry = Math.floor(total / (24 * 60));
  return zonedToUtc(addDays(date, shift.days + dayCarry), minutesToClock(total - dayCarry * 24 * 60), timeZone);
}

/**
 * The change made to one occurrence (`before` → `after`) applied to a later one (`row`):
 * the same wall-clock shift and length, and each of stylist, service, notes and status
 * only when it changed (a status only to cancelled or back to scheduled), so what was
 * set on that occurrence alone stays.
 */
export function seriesChange(
  before: StoredAppointment,
  after: AppointmentWrite & { end: Date },
  row: StoredAppointment,
  timeZone: string,
): AppointmentWrite {
  const start = shiftWallClock(row.startTime, wallClockShift(before.startTime, after.start, timeZone), timeZone);
  const length = after.end.getTime() - after.start.getTime();
  const statusChanged =
    after.status !== before.status && (after.status === "cancelled" || after.status === "scheduled");
  return {
    ...writeOf(row),
    start,
    end: new Date(start.getTime() + length),
    stylistId: after.stylistId !== before.stylistId ? after.stylistId : row.stylistId,
    serviceId: after.serviceId !== undefined && after.serviceId !== before.serviceId ? after.serviceId : row.serviceId,
    notes: after.notes !== before.notes ? after.notes : row.notes,
    status: statusChanged ? after.status : row.status,
    availabilityOverride: Boolean(after.availabilityOverride) || row.availabilityOverride,
    notifyClient: after.notifyClient,
  };
}

/** The salon dates of a series, the first's included: every `everyWeeks` weeks, `count` of them or up to `until` (inclusive). */
function seriesDates(first: CalendarDate, repeat: Repeat): CalendarDate[] {
  const dates: CalendarDate[] = [];
  for (let n = 0; n < MAX_OCCURRENCES; n += 1) {
    const date = addDays(first, n * 7 * repeat.everyWeeks);
    if ("count" in repeat ? n >= repeat.count : date > repeat.until) break;
    dates.push(date);
  }
  if ("until" in repeat) {
    if (repeat.until < first)
      throw new Invalid("The last date must be on or after the first appointment's date.", {
        until: ["Must be on or after the first appointment's date"],
      });
    if (addDays(first, MAX_OCCURRENCES * 7 * repeat.everyWeeks) <= repeat.until) {
      const message = `A series has at most ${MAX_OCCURRENCES} appointments: the last would be on ${formatLongDate(dates.at(-1)!)}; choose that date or an earlier one.`;
      throw new Invalid(message, { until: [message] });
    }
  }
  return dates;
}

export type SeriesBooking = {
  seriesId: string;
  created: AppointmentView[];
  refused: RefusedOccurrence[];
  reusedClient?: ReusedClient;
};
type SeriesPreview = { occurrences: OccurrencePreview[] };

/** Thrown to roll a preview's transaction back, carrying what it found. */
class PreviewRollback extends Error {
  constructor(readonly preview: SeriesPreview) {
    super("preview");
  }
}

/**
 * Books a repeat: each occurrence is an ordinary appointment, booked through the same
 * insert as a single one and carrying one new series id, in one transaction (a failure
 * midway books nothing). Occurrences keep the first's wall-clock time in the salon's
 * zone. Those a single booking would refuse (a clash, outside hours, time off, past the
 * advance limit) are left out and reported; if none can be booked, nothing is (409).
 */
export async function createSeries(actor: Actor, input: AppointmentWrite, repeat: Repeat): Promise<SeriesBooking> {
  assertNotRequestedByHand(input.status, null);
  const outcome = await runSeries(actor, input, repeat, false);
  sendQueuedEmailsSoon();
  const created = outcome.ids.length ? await selectViews(db, inArray(appointments.id, outcome.ids)) : [];
  return {
    seriesId: outcome.seriesId,
    created: created.map((row) => toView(actor, row)),
    refused: outcome.refused,
    ...(outcome.reusedClient ? { reusedClient: outcome.reusedClient } : {}),
  };
}

/**
 * What `createSeries` would book, computed by the very same code in a transaction that is
 * rolled back: every occurrence with the reason it would be refused (null when free).
 */
export async function previewSeries(actor: Actor, input: AppointmentWrite, repeat: Repeat): Promise<SeriesPreview> {
  return runSeries(actor, input, repeat, true).then(
    () => ({ occurrences: [] }),
    (error: unknown) => {
      if (error instanceof PreviewRollback) return error.preview;
      throw error;
    },
  );
}

type SeriesOutcome = {
  seriesId: string;
  ids: number[];
  refused: RefusedOccurrence[];
  reusedClient: ReusedClient | null;
};

async function runSeries(
  actor: Actor,
  input: AppointmentWrite,
  repeat: Repeat,
  preview: boolean,
): Promise<SeriesOutcome> {
  assertCan(actor, "appointments.write");
  assertOverrideAllowed(actor, input);
  const salon = await salonRules();
  const { timeZone } = salon;
  const firstDate = dateInZone(input.start, timeZone);
  const time = timeInZone(input.start, timeZone);
  const dates = seriesDates(firstDate, repeat);
  return writeTransaction(async (tx) => {
    await assertStylistAllowed(tx, actor, input.stylistId);
    // The client (perhaps new) and the service's terms once, for all occurrences.
    const first = await resolveWrite(tx, actor, input, null);
    const length = first.end.getTime() - first.start.getTime();
    const write: AppointmentWrite = { ...input, clientId: first.clientId, newClient: undefined };
    const seriesId = crypto.randomUUID();
    const ids: number[] = [];
    const refused: RefusedOccurrence[] = [];
    const occurrences: OccurrencePreview[] = [];
    for (const date of dates) {
      const start = zonedToUtc(date, time, timeZone);
      const end = new Date(start.getTime() + length);
      const when = { startTime: start.toISOString(), endTime: end.toISOString(), date, time };
      try {
        ids.push(await insertChecked(tx, actor, { ...write, start, end }, { ...first, start, end }, salon, seriesId));
        occurrences.push({ ...when, reason: null });
      } catch (error) {
        if (refusesWholeBooking(error) || !(error instanceof Invalid || error instanceof Conflict)) throw error;
        refused.push({ ...when, reason: error.message });
        occurrences.push({ ...when, reason: error.message });
      }
    }
    if (preview) throw new PreviewRollback({ occurrences });
    if (!ids.length) {
      const error = new Conflict(`None of the ${dates.length} appointments can be booked: ${refused[0]?.reason ?? ""}`);
      error.details = { refused };
      throw error;
    }
    // One confirmation for the series: its first appointment's.
    const [firstBooked] = await tx.select().from(appointments).where(eq(appointments.id, ids[0]!)).limit(1);
    if (firstBooked) await queueEmailForWrite(tx, null, firstBooked, { notifyClient: input.notifyClient });
    return { seriesId, ids, refused, reusedClient: first.reusedClient };
  });
}
