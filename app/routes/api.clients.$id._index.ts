// GET, PUT and DELETE /api/clients/{id} (SPEC §7). PUT may send only some fields (a
// booking edit sends name, phone and e-mail); the others keep their stored values.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { deleteClient, getClient, updateClient } from "~/domain/clients.server";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

const ALLOWED = ["GET", "PUT", "DELETE"];

export const loader = api(async ({ request, params }: LoaderFunctionArgs) => getClient(await requireApiUser(request), parseId(params.id)));

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(ALLOWED);
  const actor = await requireApiUser(request);
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    const { appointmentsDeleted } = await deleteClient(actor, id);
    return jsonResponse({ message: "Client deleted successfully", appointmentsDeleted });
  }
  return updateClient(actor, id, await readBody(request, z.record(z.unknown())));
});
