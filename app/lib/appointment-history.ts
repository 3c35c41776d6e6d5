// Appointment history (decision 0085): the diff between an appointment's state before and
// after a write, and the line the edit dialog shows for an entry. Pure: the domain records
// (app/domain/appointment-history.server.ts), this decides what and how it reads.
import type { AppointmentHistoryKind, AppointmentStatus, ClockFormat, PatchTestFinding } from "#db/enums";
import { formatPence } from "./money";
import { dateInZone, formatClockTime, formatMonthDay, timeInZone } from "./salon-time";
import type { AppointmentHistoryEntry } from "./schemas/appointment-history";

/** What the history tracks of an appointment. */
export type AppointmentState = {
  stylistId: number;
  startTime: string;
  endTime: string;
  serviceId: number | null;
  status: AppointmentStatus;
  price: number;
  clientId: number | null;
  notes: string | null;
};

const HISTORY_FIELDS = [
  "stylistId",
  "startTime",
  "endTime",
  "serviceId",
  "status",
  "price",
  "clientId",
  "notes",
] as const satisfies readonly (keyof AppointmentState)[];
type HistoryField = (typeof HISTORY_FIELDS)[number];
export type StateChanges = {
  [F in HistoryField]?: { before: AppointmentState[F] | null; after: AppointmentState[F] | null };
};
type StateDiff = { kind: AppointmentHistoryKind; changes: StateChanges };

// A change of only these (the price follows a change of stylist) is a move.
const MOVE_FIELDS = new Set<HistoryField>(["stylistId", "startTime", "endTime", "price"]);
const TIME_FIELDS = ["startTime", "endTime"] as const;

function setChange<F extends HistoryField>(
  changes: StateChanges,
  field: F,
  before: AppointmentState[F] | null,
  after: AppointmentState[F] | null,
) {
  (changes as Record<F, { before: AppointmentState[F] | null; after: AppointmentState[F] | null }>)[field] = {
    before,
    after,
  };
}

/**
 * What changed between two states of one appointment (null before: created; null after:
 * deleted), or null when nothing did. A created or deleted entry lists every field that is
 * set; a change of time always carries both start and end, so the entry reads on its own.
 */
export function diffAppointment(before: AppointmentState | null, after: AppointmentState | null): StateDiff | null {
  if (!before && !after) return null;
  const changes: StateChanges = {};
  if (!before || !after) {
    const state = (before ?? after)!;
    for (const field of HISTORY_FIELDS) {
      const value = state[field];
      if (value === null) continue;
      if (before) setChange(changes, field, value, null);
      else setChange(changes, field, null, value);
    }
    return { kind: before ? "deleted" : "created", changes };
  }
  for (const field of HISTORY_FIELDS) {
    if (before[field] !== after[field]) setChange(changes, field, before[field], after[field]);
  }
  if (TIME_FIELDS.some((field) => field in changes))
    for (const field of TIME_FIELDS) setChange(changes, field, before[field], after[field]);
  const fields = Object.keys(changes) as HistoryField[];
  if (fields.length === 0) return null;
  const kind: AppointmentHistoryKind =
    fields.every((field) => MOVE_FIELDS.has(field)) && fields.some((field) => field !== "price")
      ? "moved"
      : fields.every((field) => field === "status")
        ? "status_changed"
        : "edited";
  return { kind, changes };
}

const VERBS: Record<AppointmentHistoryKind, string> = {
  created: "created it",
  edited: "edited it",
  moved: "moved it",
  status_changed: "changed the status",
  deleted: "deleted it",
};

const STATUS_NAMES: Record<string, string> = {
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
  blocked: "Blocked",
  no_show: "No-show",
  requested: "Requested",
};
/** Notes longer than this are cut in the dialog's lines (the API has them whole). */
const NOTES_SHOWN = 80;

function shortDate(instant: string, timeZone: string): string {
  return formatMonthDay(dateInZone(instant, timeZone), true);
}

/** "Nov 14, 2026, 10:02 AM" in the salon's time zone and clock. */
export function formatHistoryInstant(instant: string, timeZone: string, clock: ClockFormat): string {
  return `${shortDate(instant, timeZone)}, ${formatClockTime(timeInZone(instant, timeZone), clock)}`;
}

function quoted(notes: string | null): string {
  if (notes === null || notes === "") return "none";
  const text = notes.replace(/\s+/g, " ").trim();
  return `“${text.length > NOTES_SHOWN ? `${text.slice(0, NOTES_SHOWN - 1)}…` : text}”`;
}

type Side = "before" | "after";
type Span = { start: string; end: string };

function spanOf(changes: AppointmentHistoryEntry["changes"], side: Side): Span | null {
  const start = changes.startTime?.[side];
  const end = changes.endTime?.[side];
  return start && end ? { start, end } : null;
}

function minutes(span: Span): number {
  return (Date.parse(span.end) - Date.parse(span.start)) / 60_000;
}

/** The times of a change: "10:00 AM → 11:30 AM" when only the start moves within a day, with dates and ends otherwise. */
function timeDetail(changes: AppointmentHistoryEntry["changes"], timeZone: string, clock: ClockFormat): string | null {
  const before = spanOf(changes, "before");
  const after = spanOf(changes, "after");
  if (!before && !after) return null;
  const clockOf = (instant: string) => formatClockTime(timeInZone(instant, timeZone), clock);
  const sameDay = before && after && dateInZone(before.start, timeZone) === dateInZone(after.start, timeZone);
  const sameLength = before && after && minutes(before) === minutes(after);
  const describe = (span: Span) =>
    `${sameDay ? "" : `${shortDate(span.start, timeZone)}, `}${clockOf(span.start)}${sameLength ? "" : `–${clockOf(span.end)}`}`;
  if (before && after) return `Time ${describe(before)} → ${describe(after)}`;
  return `Time ${describe((before ?? after)!)}`;
}

/** "Label before → after"; a created or deleted entry lists the state, values only. */
function valueDetail<T>(
  single: boolean,
  label: string,
  change: { before: T; after: T } | undefined,
  show: (value: T) => string,
): string | null {
  if (!change) return null;
  const { before, after } = change;
  if (single) return `${label} ${show(before ?? after)}`;
  return `${label} ${show(before)} → ${show(after)}`;
}

function nameOf(reference: { name: string } | null): string {
  return reference?.name || "none";
}

const FINDING_WORDS: Record<PatchTestFinding, string> = {
  missing: "missing",
  too_recent: "too recent",
  expired: "expired",
  failed: "failed",
};

/** "Patch test missing: booked anyway" or "Patch test failed: overridden (reason)". */
function patchTestDetail(patchTest: AppointmentHistoryEntry["patchTest"]): string | null {
  if (!patchTest) return null;
  const words = `Patch test ${FINDING_WORDS[patchTest.finding]}`;
  return patchTest.overrideReason
    ? `${words}: overridden, ${quoted(patchTest.overrideReason)}`
    : `${words}: booked anyway`;
}

export type HistoryLine = { id: number; when: string; who: string; action: string; details: string[] };

/** "Nov 14, 2026, 10:02 AM — Anna Admin moved it: Stylist Jo → Sam, Time 10:00 AM → 11:30 AM", as parts. */
export function describeHistoryEntry(
  entry: AppointmentHistoryEntry,
  timeZone: string,
  clock: ClockFormat,
): HistoryLine {
  const { changes } = entry;
  const single = entry.kind === "created" || entry.kind === "deleted";
  const details = [
    valueDetail(single, "Stylist", changes.stylist, nameOf),
    timeDetail(changes, timeZone, clock),
    valueDetail(single, "Service", changes.service, nameOf),
    valueDetail(single, "Client", changes.client, nameOf),
    valueDetail(single, "Status", changes.status, (status) => (status ? (STATUS_NAMES[status] ?? status) : "none")),
    valueDetail(single, "Price", changes.price, (price) => (price === null ? "none" : formatPence(price))),
    valueDetail(single, "Notes", changes.notes, quoted),
    patchTestDetail(entry.patchTest),
  ].filter((detail): detail is string => detail !== null);
  return {
    id: entry.id,
    when: formatHistoryInstant(entry.at, timeZone, clock),
    who: entry.actor.name,
    action: VERBS[entry.kind],
    details,
  };
}
