import type { LoaderFunctionArgs } from "@remix-run/node";
import { publicServices } from "~/domain/online-slots.server";
import { api } from "~/utils/http.server";
import { countPublicRead } from "~/utils/public-rate-limit.server";

// GET, no sign-in: the services bookable online and who takes them (404 while online booking is off).
export const loader = api(async ({ context }: LoaderFunctionArgs) => {
  countPublicRead(context.clientAddress);
  return { services: await publicServices() };
});
