import { minutesToClock } from "~/lib/calendar";
import { formatClockTime } from "~/lib/salon-time";

type Labelled = { status: string; clientName: string | null; notes: string | null };

/** SPEC §2: blocked time shows its notes or 'Unavailable'; otherwise the client, or 'Unknown'. */
export function appointmentTitle(item: Labelled): string {
  if (item.status === "blocked") return item.notes?.trim() || "Unavailable";
  return item.clientName ?? "Unknown";
}

export function clockLabel(minutes: number): string {
  return formatClockTime(minutesToClock(minutes));
}

export function spanLabel(startMinutes: number, endMinutes: number): string {
  return `${clockLabel(startMinutes)} – ${clockLabel(endMinutes)}`;
}

/** The status a block names besides its colour: completed and cancelled (scheduled and blocked need none). */
export function statusLabel(status: string): string | null {
  return status === "completed" ? "Completed" : status === "cancelled" ? "Cancelled" : null;
}
