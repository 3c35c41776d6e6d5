// The Import Clients template (SPEC §2: client-import-template.csv), a download for admins.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { templateCsv, TEMPLATE_FILE_NAME } from "~/lib/client-csv";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  await requireUser(request, "clients.import");
  return new Response(templateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${TEMPLATE_FILE_NAME}"`,
      "Cache-Control": "no-store",
    },
  });
});
