// POST /api/clients/bulk-import {clients: [...]} -> {imported, errors, duplicates, errorRows} (SPEC §7).
import type { ActionFunctionArgs } from "@remix-run/node";
import { importClients } from "~/domain/client-import.server";
import { BulkImportSchema } from "~/lib/schemas/clients";
import { api, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const actor = await requireApiUser(request, "clients.import");
  const { clients } = await readBody(request, BulkImportSchema);
  return importClients(actor, clients);
});
