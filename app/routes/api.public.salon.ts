import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicSalon } from "~/domain/online-slots.server";
import { api } from "~/utils/http.server";
import { countPublicRead } from "~/utils/public-rate-limit.server";

// GET, no sign-in: the salon as the booking page shows it (404 while online booking is off).
export const loader = api(async ({ context }: LoaderFunctionArgs) => {
  countPublicRead(context.clientAddress);
  return publicSalon();
});
