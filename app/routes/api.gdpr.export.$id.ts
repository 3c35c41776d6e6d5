// GET /api/gdpr/export/{id}: everything held about one client as a JSON download named
// client-{id}-export.json. Cookie or bearer token, like every /api call.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportClientData } from "~/domain/gdpr.server";
import { api, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request, params }: LoaderFunctionArgs) => {
  const { fileName, data } = await exportClientData(await requireApiUser(request), parseId(params.id));
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
