import { minutesToClock } from "~/lib/calendar";
import type { ClockFormat } from "#db/enums";
import { formatClockTime } from "~/lib/salon-time";

type Labelled = { status: string; clientName: string | null; notes: string | null };

/** SPEC §2: blocked time shows its notes or 'Unavailable'; otherwise the client, or 'Unknown'. */
export function appointmentTitle(item: Labelled): string {
  if (item.status === "blocked") return item.notes?.trim() || "Unavailable";
  return item.clientName ?? "Unknown";
}

/** `clock`: the salon's setting, from `useClockFormat()` (12-hour when left out). */
export function clockLabel(minutes: number, clock?: ClockFormat): string {
  return formatClockTime(minutesToClock(minutes), clock);
}

export function spanLabel(startMinutes: number, endMinutes: number, clock?: ClockFormat): string {
  return `${clockLabel(startMinutes, clock)} – ${clockLabel(endMinutes, clock)}`;
}

const NAMED_STATUSES: Record<string, string> = {
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
  requested: "Requested",
};

/** The status a block names besides its colour: completed, cancelled, no-show and requested (scheduled and blocked need none). */
export function statusLabel(status: string): string | null {
  return NAMED_STATUSES[status] ?? null;
}
