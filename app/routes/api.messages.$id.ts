import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteMessage } from "~/domain/messages.server";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async () => methodNotAllowed(["DELETE"]));

// DELETE: the sender or an administrator (decision 0045).
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const actor = await requireApiUser(request, "messages.use");
  await deleteMessage(actor, parseId(params.id));
  return { message: "Message deleted" };
});
