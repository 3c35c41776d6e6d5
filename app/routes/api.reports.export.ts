// GET /api/reports/export?...: the report as a CSV download, salon-report-{period}-{date}.csv
// (SPEC §9). Takes the same parameters as /api/reports; the Reports screen's Export CSV
// button is a plain link here, so it works without JavaScript (cookie session).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportReportCsv } from "~/domain/reports.server";
import { ReportQuerySchema } from "~/lib/schemas/reports";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const query = ReportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { fileName, body } = await exportReportCsv(actor, query);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
