import type { LoaderFunctionArgs } from "@remix-run/node";
import { takingsReport } from "~/domain/takings.server";
import { TakingsQuerySchema } from "~/lib/schemas/sales";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET ?date=YYYY-MM-DD: the salon day's takings by payment method, refunds, tips by stylist,
// the expected cash and the day's cash-ups (admins).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, "takings.view");
  const { date } = TakingsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return takingsReport(actor, date);
});
