import type { ActionFunctionArgs } from "@remix-run/node";
import { bookOnline } from "~/domain/online-bookings.server";
import { assertOnlineBookingOn } from "~/domain/online-slots.server";
import { PublicBookingSchema } from "~/lib/schemas/online-booking";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { assertSameOrigin } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

// POST (public): a client books a slot. With a solved challenge (`altcha`) the booking is
// taken as the salon's settings say; without one it is a request that staff accept.
export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  assertSameOrigin(request);
  await assertOnlineBookingOn();
  const input = await readBody(request, PublicBookingSchema);
  const { manageToken: _token, ...booked } = await bookOnline(input, {
    address: context.clientAddress,
    proofOfWork: input.altcha ? "solved" : "absent",
    origin: new URL(request.url).origin,
  });
  return jsonResponse(booked, 201);
});
