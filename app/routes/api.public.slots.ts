import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "#db/client.server";
import { assertOnlineBookingOn, findSlots } from "~/domain/online-slots.server";
import { PublicSlotsQuerySchema } from "~/lib/schemas/public-slots";
import { api } from "~/utils/http.server";
import { countPublicRead } from "~/utils/public-rate-limit.server";

// GET ?serviceId=&stylistId=&from=YYYY-MM-DD&to=YYYY-MM-DD, no sign-in: the bookable starts
// (at most 31 days); stylistId left out means anyone. 404 while online booking is off.
export const loader = api(async ({ request, context }: LoaderFunctionArgs) => {
  countPublicRead(context.clientAddress);
  await assertOnlineBookingOn();
  const query = PublicSlotsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return { slots: await findSlots(db, query) };
});
