// GET /api/appointments/{id}/history: the appointment's recorded changes, newest first, a
// page of `limit` (50 unless asked, at most 200) with the next page in the `Link` header
// (decision 0085). Whoever may edit the appointment may read it: admins, a stylist in their
// own column (another's is 404); display accounts are refused.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { appointmentHistoryPage } from "~/domain/appointment-history.server";
import { api, parseId } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request, params }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  return pagedJson(request, await appointmentHistoryPage(actor, parseId(params.id), pageRequest(request)));
});
