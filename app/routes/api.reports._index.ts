// GET /api/reports?period=today|week|month|quarter|year or ?from=YYYY-MM-DD&to=YYYY-MM-DD:
// the report as JSON (money in pence, rates 0-1). A stylist's token gets their own figures.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { buildReport } from "~/domain/reports.server";
import { REVENUE_SOURCE } from "~/lib/report-period";
import { ReportQuerySchema } from "~/lib/schemas/reports";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const query = ReportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { ...(await buildReport(actor, query)), revenueSource: REVENUE_SOURCE };
});
