import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/utils/http.server";
import { changeEventStream } from "~/utils/event-stream.server";
import { requireApiUser } from "~/utils/session.server";

// Live change feed for signed-in screens (EventSource sends the session cookie).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  await requireApiUser(request);
  return changeEventStream(request);
});
