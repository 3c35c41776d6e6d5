import type { LoaderFunctionArgs } from "@remix-run/node";
import { can } from "~/domain/permissions";
import { api } from "~/utils/http.server";
import { changeEventStream } from "~/utils/event-stream.server";
import { requireApiUser } from "~/utils/session.server";

// Live change feed for signed-in screens (EventSource sends the session cookie).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUser(request);
  return changeEventStream(request, { redactIds: !can(user.role, "stylists.viewAll") });
});
