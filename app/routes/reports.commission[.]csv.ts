// GET /reports/commission.csv?from=&to=: the Commission tab as a CSV download (admins); a
// plain link on the tab, so it works without JavaScript (cookie session).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { commissionReport } from "~/domain/commission.server";
import { commissionCsv } from "~/lib/backoffice-csv";
import { PeriodQuerySchema } from "~/lib/schemas/sales";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(
    request,
    "commission.manage",
    "Only administrators can see the commission report.",
  );
  const { from, to } = PeriodQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { fileName, body } = commissionCsv(await commissionReport(actor, from, to));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
