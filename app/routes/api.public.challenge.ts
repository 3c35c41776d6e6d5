import type { LoaderFunctionArgs } from "@remix-run/node";
import { newChallenge } from "~/domain/online-bookings.server";
import { api } from "~/utils/http.server";

// GET (public): a new proof-of-work challenge for the booking page's ALTCHA widget.
export const loader = api(async (_args: LoaderFunctionArgs) => newChallenge());
