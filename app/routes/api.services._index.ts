import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createService, listServices, SERVICES_ADMIN_ONLY } from "~/domain/services.server";
import { ServiceListQuerySchema, ServiceSchema } from "~/lib/schemas/services";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: every service, by category then name; `?search=` matches name or category,
// `?activeOnly=true` leaves out what cannot be booked.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const { search, activeOnly } = ServiceListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listServices(actor, { search, activeOnly });
});

// POST: name, duration, category, isActive, price (pence). Admins only.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "services.write", SERVICES_ADMIN_ONLY);
  return jsonResponse(await createService(actor, await readBody(request, ServiceSchema)), 201);
});
