import type { z } from "zod";
import type { AppointmentWrite } from "./appointment-writes.server";
import { roundDuration, typedDuration } from "~/lib/calendar";
import type { AppointmentApiSchema, AppointmentFormValue, VisitCreateApi } from "~/lib/schemas/appointments";
import type { VisitWrite } from "./visits.server";
import { zonedToUtc } from "~/lib/salon-time";

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
    notifyClient: body.notifyClient,
    patchTestConfirmed: body.patchTestConfirmed,
    overrideReason: body.overrideReason,
  };
}

/** A visit's JSON body as the domain's write: the first line starts at the visit's start unless it sends its own. */
export function apiVisitFromBody(body: VisitCreateApi): VisitWrite {
  const first = body.lines[0]?.startTime ?? body.startTime!;
  return {
    clientId: body.clientId,
    start: new Date(body.startTime ?? first),
    notes: body.notes,
    availabilityOverride: body.availabilityOverride,
    notifyClient: body.notifyClient,
    patchTestConfirmed: body.patchTestConfirmed,
    overrideReason: body.overrideReason,
    lines: body.lines.map((line) => ({
      serviceId: line.serviceId,
      stylistId: line.stylistId,
      start: line.startTime ? new Date(line.startTime) : undefined,
      durationMinutes: line.durationMinutes,
    })),
  };
}

/**
 * The booking dialog's fields as the domain's write, in the salon's time zone. A duration
 * left as the form filled it for another stylist or service follows the ones sent (decision 0098).
 */
export function formWrite(value: AppointmentFormValue, timeZone: string): AppointmentWrite {
  const blocked = value.status === "blocked";
  // A client chosen from those the server listed (decision 0097) is booked as if picked.
  const chosenId = value.clientChoice && value.clientChoice !== "new" ? Number(value.clientChoice) : null;
  const clientId = blocked ? null : (value.clientId ?? chosenId ?? null);
  const duration = blocked ? value.duration : typedDuration(value);
  return {
    clientId,
    newClient:
      !blocked && !clientId && value.clientName
        ? {
            name: value.clientName,
            phone: value.clientPhone ?? "",
            email: value.clientEmail ?? null,
            confirmFor: value.clientChoice === "new" ? (value.clientConfirmFor ?? null) : null,
          }
        : undefined,
    stylistId: value.stylistId,
    // Blocked time carries no service: a service left chosen in the form is dropped.
    serviceId: blocked ? null : (value.serviceId ?? null),
    start: zonedToUtc(value.date, value.time, timeZone),
    durationMinutes: duration ? roundDuration(duration) : undefined,
    status: value.status,
    notes: value.notes || null,
    availabilityOverride: value.availabilityOverride,
    notifyClient: value.notifyShown ? value.notifyClient : true,
    patchTestConfirmed: value.patchTestConfirmed,
    overrideReason: value.overrideReason || null,
  };
}
