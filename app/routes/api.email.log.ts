import type { LoaderFunctionArgs } from "@remix-run/node";
import { listEmailLog } from "~/domain/email.server";
import { api } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

// The e-mail log, newest first: a page of `?limit=` entries (50 unless asked, at most 200),
// the older ones behind the `Link` header's next page, as the SMS log.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  return pagedJson(request, await listEmailLog(actor, pageRequest(request)));
});
