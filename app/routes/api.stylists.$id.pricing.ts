import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getStylistPricing, setStylistPricing } from "~/domain/pricing.server";
import { StylistPricingSchema } from "~/lib/schemas/services";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// The stylist's own entries [{ serviceId, price, duration }] (SPEC §7's read returned
// nothing; see docs/decisions/0010). Admins read anyone's, a stylist only their own.
export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getStylistPricing(await requireApiUser(request), parseId(params.id)),
);

// POST { serviceId, price?, duration? }: an upsert of that stylist's entry for the service.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "pricing.write");
  return setStylistPricing(actor, parseId(params.id), await readBody(request, StylistPricingSchema));
});
