// POST /api/clients/{id}/merge { duplicateClientId } merges the duplicate into client {id}
// (admins; decision 0061): its appointments, messages, consent and notes move to {id} and
// its record is removed. Answers the kept client and what moved.
import type { ActionFunctionArgs } from "@remix-run/node";
import { mergeClients } from "~/domain/client-merge.server";
import { ClientMergeSchema } from "~/lib/schemas/clients";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "clients.merge");
  const id = parseId(params.id);
  const { duplicateClientId } = await readBody(request, ClientMergeSchema);
  return mergeClients(actor, id, duplicateClientId);
});
