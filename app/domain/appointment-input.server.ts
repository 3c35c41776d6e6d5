import type { z } from "zod";
import type { ClockFormat } from "#db/enums";
import type { AppointmentWrite, SavedAppointment, SeriesBooking } from "./appointments.server";
import { roundDuration } from "~/lib/calendar";
import type { AppointmentApiSchema, AppointmentFormValue } from "~/lib/schemas/appointments";
import { formatClockTime, formatLongDate, zonedToUtc } from "~/lib/salon-time";

/** The API's JSON body as the domain's write. */
export function apiWriteFromBody(body: z.output<typeof AppointmentApiSchema>): AppointmentWrite {
  return {
    clientId: body.clientId ?? null,
    stylistId: body.stylistId,
    serviceId: body.serviceId ?? null,
    start: new Date(body.startTime),
    end: body.endTime ? new Date(body.endTime) : undefined,
    status: body.status,
    notes: body.notes,
    availabilityOverride: body.availabilityOverride,
  };
}

/** The booking dialog's fields as the domain's write, in the salon's time zone. */
export function formWrite(value: AppointmentFormValue, timeZone: string): AppointmentWrite {
  const blocked = value.status === "blocked";
  return {
    clientId: blocked ? null : (value.clientId ?? null),
    newClient: !blocked && !value.clientId && value.clientName ? { name: value.clientName, phone: value.clientPhone ?? "", email: value.clientEmail ?? null } : undefined,
    stylistId: value.stylistId,
    // Blocked time carries no service: a service left chosen in the form is dropped.
    serviceId: blocked ? null : (value.serviceId ?? null),
    start: zonedToUtc(value.date, value.time, timeZone),
    durationMinutes: value.duration ? roundDuration(value.duration) : undefined,
    status: value.status,
    notes: value.notes || null,
    availabilityOverride: value.availabilityOverride,
  };
}

/** The toast after a save; says so when the typed client was one already on file (decision 0060). */
export function savedToastDescription(saved: SavedAppointment, verb: "booked" | "updated"): string {
  return saved.reusedClient ? `Appointment ${verb} for existing client ${saved.reusedClient.name}` : `Appointment ${verb} successfully`;
}

const TOAST_REFUSALS = 3;

/** The toast after booking a series: how many, and each date refused (one that became unavailable since the preview among them). */
export function seriesToastDescription(booked: SeriesBooking, clock: ClockFormat): string {
  const count = booked.created.length;
  const done = `${count === 1 ? "1 appointment" : `${count} appointments`} booked${booked.reusedClient ? ` for existing client ${booked.reusedClient.name}` : ""}`;
  if (!booked.refused.length) return `${done} successfully`;
  // The toast rides in a cookie: the first few refusals in full, then a count.
  const shown = booked.refused.slice(0, TOAST_REFUSALS).map((occurrence) => `${formatLongDate(occurrence.date)} at ${formatClockTime(occurrence.time, clock)} (${occurrence.reason})`);
  const more = booked.refused.length - shown.length;
  return `${done}; not booked: ${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}
