import type { LoaderFunctionArgs } from "@remix-run/node";
import { getManagedBooking } from "~/domain/online-bookings.server";
import { api } from "~/utils/http.server";

// GET (public, by the manage link's token): the booking as the client sees it.
export const loader = api(async ({ params }: LoaderFunctionArgs) => getManagedBooking(params.token ?? ""));
