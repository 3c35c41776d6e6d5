import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRequests } from "~/domain/online-requests.server";
import { OnlineRequestListQuerySchema } from "~/lib/schemas/online";
import { api } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

// GET: the online booking requests awaiting an answer (a stylist: in their own column),
// soonest first, a page of `limit` with the next page in the `Link` header.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, "online.requests");
  const url = new URL(request.url);
  OnlineRequestListQuerySchema.parse(Object.fromEntries(url.searchParams));
  return pagedJson(request, await listRequests(actor, pageRequest(url)));
});
