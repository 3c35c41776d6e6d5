import type { ActionFunctionArgs } from "@remix-run/node";
import { rescheduleManagedBooking } from "~/domain/online-bookings.server";
import { assertOnlineBookingOn } from "~/domain/online-slots.server";
import { RescheduleSchema } from "~/lib/schemas/online-booking";
import { api, methodNotAllowed, readBody } from "~/utils/http.server";
import { assertSameOrigin } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

// POST { start, stylistId? } (public, by the manage link's token): moves the booking, through the same checks as a booking.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(request);
  await assertOnlineBookingOn();
  const input = await readBody(request, RescheduleSchema);
  return rescheduleManagedBooking(params.token ?? "", input, new Date(), new URL(request.url).origin);
});
