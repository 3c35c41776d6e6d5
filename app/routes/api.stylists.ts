import type { LoaderFunctionArgs } from "@remix-run/node";
import { listStylists } from "~/domain/stylists.server";
import { StylistListQuerySchema } from "~/lib/schemas/services";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const query = StylistListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listStylists(actor, { includeInactive: query.includeInactive === "true" });
});
