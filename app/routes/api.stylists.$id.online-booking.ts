import type { ActionFunctionArgs } from "@remix-run/node";
import { setStylistOnlineBooking } from "~/domain/stylists.server";
import { ONLINE_ADMIN_ONLY, StylistOnlineBookingSchema } from "~/lib/schemas/online";
import { api, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// PUT { onlineBookable }: whether clients may choose this stylist on the online booking page.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["PUT"]);
  const actor = await requireApiUser(request, "online.manage", ONLINE_ADMIN_ONLY);
  const { onlineBookable } = await readBody(request, StylistOnlineBookingSchema);
  return setStylistOnlineBooking(actor, parseId(params.id), onlineBookable);
});
