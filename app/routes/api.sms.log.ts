import type { LoaderFunctionArgs } from "@remix-run/node";
import { listSmsLog } from "~/domain/sms.server";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// The SMS log, newest first, 50 a page: ?page=2 for older messages.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
  return listSmsLog(actor, Number.isFinite(page) ? page : 1);
});
