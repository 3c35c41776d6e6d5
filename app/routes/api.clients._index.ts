// GET /api/clients (?q= search, ?limit= and ?offset= to page; every client by default)
// and POST /api/clients (SPEC §7).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { createClient, listClients } from "~/domain/clients.server";
import { MAX_CLIENT_PAGE } from "~/lib/schemas/clients";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

const ListQuery = z.object({
  q: z.string().max(200).default(""),
  limit: z
    .string()
    .regex(/^[0-9]{1,7}$/, "limit must be a whole number")
    .pipe(z.coerce.number().int().min(1).max(MAX_CLIENT_PAGE))
    .optional(),
  offset: z
    .string()
    .regex(/^[0-9]{1,9}$/, "offset must be a whole number from 0 to 999999999")
    .transform(Number)
    .default("0"),
});

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const params = ListQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { clients } = await listClients(actor, { query: params.q, limit: params.limit, offset: params.offset });
  return clients;
});

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request);
  const client = await createClient(actor, await readBody(request, z.record(z.unknown())));
  return jsonResponse(client, 201);
});
