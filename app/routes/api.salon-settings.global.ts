import type { LoaderFunctionArgs } from "@remix-run/node";
import { getGlobalSettings } from "~/domain/settings.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return getGlobalSettings();
});
