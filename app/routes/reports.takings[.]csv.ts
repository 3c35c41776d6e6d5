// GET /reports/takings.csv?date=YYYY-MM-DD: the Takings tab as a CSV download (admins); a
// plain link on the tab, so it works without JavaScript (cookie session).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { takingsReport } from "~/domain/takings.server";
import { takingsCsv } from "~/lib/backoffice-csv";
import { TakingsQuerySchema } from "~/lib/schemas/sales";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, "takings.view", "Only administrators can see the takings.");
  const { date } = TakingsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const { fileName, body } = takingsCsv(await takingsReport(actor, date));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
});
