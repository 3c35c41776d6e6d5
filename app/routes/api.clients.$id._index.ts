// GET, PUT and DELETE /api/clients/{id} (SPEC §7). PUT may send only some fields (a
// booking edit sends name, phone and e-mail); the others keep their stored values. GET adds
// the client profile's `figures` (money in pence) for admins and stylists (decision 0083).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { SharedContactConfirmSchema } from "~/lib/schemas/clients";
import { clientWithFigures } from "~/domain/client-profile.server";
import { deleteClient, updateClient } from "~/domain/clients.server";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

const ALLOWED = ["GET", "PUT", "DELETE"];

export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  clientWithFigures(await requireApiUser(request), parseId(params.id)),
);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOWED);
  const actor = await requireApiUser(request, request.method === "DELETE" ? "clients.delete" : "clients.write");
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    const { appointmentsDeleted } = await deleteClient(actor, id);
    return jsonResponse({ message: "Client deleted successfully", appointmentsDeleted });
  }
  // A phone or e-mail another client has is 409 unless "confirm": true (decision 0097).
  const { confirm, ...input } = await readBody(request, SharedContactConfirmSchema.passthrough());
  return updateClient(actor, id, input, confirm === true);
});
