// GET /api/clients (?q= search; a page of ?limit= clients, 50 unless asked, at most 200,
// in name order, the next page in the `Link` header, decision 0065) and POST /api/clients
// (SPEC §7).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createClient, listClients } from "~/domain/clients.server";
import { Invalid } from "~/domain/errors";
import { ClientSearchQuerySchema, SharedContactConfirmSchema } from "~/lib/schemas/clients";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

const OFFSET_GONE = "offset is no longer supported: follow the Link header's next page (cursor)";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const url = new URL(request.url);
  // An old script paging by offset would otherwise get the first page again and again.
  if (url.searchParams.has("offset")) throw new Invalid(OFFSET_GONE, { offset: [OFFSET_GONE] });
  const page = pageRequest(url);
  const { q } = ClientSearchQuerySchema.parse({ q: url.searchParams.get("q") ?? "" });
  const { clients, nextCursor } = await listClients(actor, { query: q, ...page });
  return pagedJson(request, { items: clients, nextCursor });
});

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "clients.write");
  // A phone or e-mail another client has is 409 unless "confirm": true (decision 0097).
  const { confirm, ...input } = await readBody(request, SharedContactConfirmSchema.passthrough());
  const client = await createClient(actor, input, confirm === true);
  return jsonResponse(client, 201);
});
