import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteTimeOff } from "~/domain/availability.server";
import { api, jsonResponse, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["DELETE"]);

// DELETE: the owner or an admin.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const actor = await requireApiUser(request, "availability.manage");
  await deleteTimeOff(actor, parseId(params.id));
  return jsonResponse({ message: "Time off deleted" });
});
