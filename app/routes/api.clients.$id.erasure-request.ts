// POST /api/clients/{id}/erasure-request records a client's request to be forgotten;
// DELETE withdraws it. Staff (admins and stylists) may record one, as in the client dialog;
// processing it is an admin's job on the GDPR screen (DELETE /api/gdpr/erasure/{id}).
import type { ActionFunctionArgs } from "@remix-run/node";
import { recordErasureRequest, withdrawErasureRequest } from "~/domain/clients.server";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";
import type { z } from "zod";
import type { ErasureRequestView } from "~/lib/schemas/views/clients";

export const loader = () => methodNotAllowed(["POST", "DELETE"]);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const actor = await requireApiUser(request, "clients.write");
  const id = parseId(params.id);
  const client =
    request.method === "POST" ? await recordErasureRequest(actor, id) : await withdrawErasureRequest(actor, id);
  return { id: client.id, erasureRequestDate: client.erasureRequestedAt } satisfies z.infer<typeof ErasureRequestView>;
});
