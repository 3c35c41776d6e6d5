import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteAppointment, getAppointment, moveAppointment, updateAppointment } from "~/domain/appointments.server";
import {
  AppointmentDeleteQuerySchema,
  AppointmentMoveApiSchema,
  AppointmentUpdateApiSchema,
} from "~/lib/schemas/appointments";
import { apiWriteFromBody } from "~/domain/appointment-input.server";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

const ALLOWED = ["GET", "PUT", "PATCH", "DELETE"];

export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getAppointment(await requireApiUser(request), parseId(params.id)),
);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "PATCH" && request.method !== "DELETE")
    return methodNotAllowed(ALLOWED);
  const actor = await requireApiUser(request, "appointments.write");
  const id = parseId(params.id);
  switch (request.method) {
    case "PUT": {
      const body = await readBody(request, AppointmentUpdateApiSchema);
      return updateAppointment(actor, id, apiWriteFromBody(body), body.scope);
    }
    case "PATCH": {
      const move = await readBody(request, AppointmentMoveApiSchema);
      return moveAppointment(
        actor,
        id,
        {
          start: new Date(move.startTime),
          end: move.endTime ? new Date(move.endTime) : undefined,
          stylistId: move.stylistId,
          notifyClient: move.notifyClient,
        },
        move.scope,
      );
    }
    case "DELETE": {
      const { scope } = AppointmentDeleteQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
      await deleteAppointment(actor, id, scope);
      return jsonResponse({ message: "Appointment deleted successfully" });
    }
    default:
      return methodNotAllowed(ALLOWED);
  }
});
