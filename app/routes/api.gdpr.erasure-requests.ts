import type { LoaderFunctionArgs } from "@remix-run/node";
import { listErasureRequests } from "~/domain/gdpr.server";
import { api } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

// Pending erasure requests, oldest first: a page of `?limit=` (50 unless asked, at most 200), the next page in the
// `Link` header (decision 0065).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  return pagedJson(request, await listErasureRequests(actor, pageRequest(request)));
});
