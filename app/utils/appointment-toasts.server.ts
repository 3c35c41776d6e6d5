// The wording of the toasts after an appointment is saved: the screens' words, kept out of
// the domain, which answers what happened (the appointment, a reused client, refusals).
import type { ClockFormat } from "#db/enums";
import type { SeriesBooking } from "~/domain/appointment-series.server";
import type { SavedAppointment } from "~/domain/appointment-writes.server";
import { ClientChoiceNeeded, PatchTestRequired, type DomainError } from "~/domain/errors";
import { formatClockTime, formatLongDate } from "~/lib/salon-time";

/** The toast after a save; says so when the typed client was one already on file (decision 0060). */
export function savedToastDescription(saved: SavedAppointment, verb: "booked" | "updated"): string {
  return saved.reusedClient
    ? `Appointment ${verb} for existing client ${saved.reusedClient.name}`
    : `Appointment ${verb} successfully`;
}

/**
 * The message above the booking dialog when a save is refused. The question who a typed
 * client is (decision 0097) is asked in the client fields instead, and the patch-test
 * warning (decision 0126) beside its "Book anyway", so they have none.
 */
export function appointmentFormFailure(verb: "book" | "update"): (error: DomainError) => string | null {
  return (error) =>
    error instanceof ClientChoiceNeeded || error instanceof PatchTestRequired
      ? null
      : `Failed to ${verb} appointment: ${error.message}`;
}

const TOAST_REFUSALS = 3;

/** The toast after booking a series: how many, and each date refused (one that became unavailable since the preview among them). */
export function seriesToastDescription(booked: SeriesBooking, clock: ClockFormat): string {
  const count = booked.created.length;
  const done = `${count === 1 ? "1 appointment" : `${count} appointments`} booked${booked.reusedClient ? ` for existing client ${booked.reusedClient.name}` : ""}`;
  if (!booked.refused.length) return `${done} successfully`;
  // The toast rides in a cookie: the first few refusals in full, then a count.
  const shown = booked.refused
    .slice(0, TOAST_REFUSALS)
    .map(
      (occurrence) =>
        `${formatLongDate(occurrence.date)} at ${formatClockTime(occurrence.time, clock)} (${occurrence.reason})`,
    );
  const more = booked.refused.length - shown.length;
  return `${done}; not booked: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}
