import type { ActionFunctionArgs } from "@remix-run/node";
import { cancelManagedBooking } from "~/domain/online-bookings.server";
import { api, methodNotAllowed } from "~/utils/http.server";
import { assertSameOrigin } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

// POST (public, by the manage link's token): cancels the booking, outside the salon's cancellation notice.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(request);
  return cancelManagedBooking(params.token ?? "");
});
