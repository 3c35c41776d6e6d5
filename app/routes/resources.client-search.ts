import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchClients } from "~/domain/clients.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// The booking dialog's client search (more than 2 characters, SPEC §4).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  if (query.length < 3) return [];
  return searchClients(actor, query, 8);
});
