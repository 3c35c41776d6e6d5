import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getCommissionRates, setCommissionRates } from "~/domain/commission.server";
import { CommissionRatesSchema } from "~/lib/schemas/sales";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: the stylist's rates now and their history (admins; a stylist their own).
export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getCommissionRates(await requireApiUser(request), parseId(params.id)),
);

// PUT { serviceRate, productRate } (percent): the rates from now on (admins).
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const actor = await requireApiUser(request, "commission.manage", "Only administrators can set commission rates.");
  return setCommissionRates(actor, parseId(params.id), await readBody(request, CommissionRatesSchema));
});
