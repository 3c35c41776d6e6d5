import type { LoaderFunctionArgs } from "@remix-run/node";
import { commissionReport } from "~/domain/commission.server";
import { PeriodQuerySchema } from "~/lib/schemas/sales";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET ?from=YYYY-MM-DD&to=YYYY-MM-DD: per stylist, service and product sales, commission and tips (admins).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(
    request,
    "commission.manage",
    "Only administrators can see the commission report.",
  );
  const { from, to } = PeriodQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return commissionReport(actor, from, to);
});
