import type { z } from "zod";
import type { AppointmentWrite } from "~/domain/appointments.server";
import type { AppointmentApiSchema } from "~/lib/schemas/appointments";

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
