import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteAppointment, getAppointment, moveAppointment, updateAppointment } from "~/domain/appointments.server";
import {
  AppointmentDeleteQuerySchema,
  AppointmentMoveApiSchema,
  AppointmentUpdateApiSchema,
} from "~/lib/schemas/appointments";
import { apiWriteFromBody } from "~/domain/appointment-input.server";
import { assertOneScope, deleteVisit, moveVisit, updateVisit } from "~/domain/visits.server";
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
      assertOneScope(body.scope, body.visitScope);
      if (body.visitScope === "visit") return updateVisit(actor, id, apiWriteFromBody(body));
      return updateAppointment(actor, id, apiWriteFromBody(body), body.scope);
    }
    case "PATCH": {
      const move = await readBody(request, AppointmentMoveApiSchema);
      assertOneScope(move.scope, move.visitScope);
      const placed = {
        start: new Date(move.startTime),
        end: move.endTime ? new Date(move.endTime) : undefined,
        stylistId: move.stylistId,
        notifyClient: move.notifyClient,
        patchTestConfirmed: move.patchTestConfirmed,
        overrideReason: move.overrideReason,
      };
      if (move.visitScope === "visit") return moveVisit(actor, id, placed);
      return moveAppointment(actor, id, placed, move.scope);
    }
    case "DELETE": {
      const { scope, visitScope } = AppointmentDeleteQuerySchema.parse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      assertOneScope(scope, visitScope);
      if (visitScope === "visit") await deleteVisit(actor, id);
      else await deleteAppointment(actor, id, scope);
      return jsonResponse({ message: "Appointment deleted successfully" });
    }
    default:
      return methodNotAllowed(ALLOWED);
  }
});
