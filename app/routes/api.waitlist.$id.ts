import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteWaitlistEntry, getWaitlistEntry } from "~/domain/waitlist.server";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async ({ request, params }: LoaderFunctionArgs) =>
  getWaitlistEntry(await requireApiUser(request, "waitlist.manage"), parseId(params.id)),
);

// DELETE: the entry and any offer out for it.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["GET", "DELETE"]);
  const actor = await requireApiUser(request, "waitlist.manage");
  await deleteWaitlistEntry(actor, parseId(params.id));
  return { message: "Removed from the waitlist." };
});
