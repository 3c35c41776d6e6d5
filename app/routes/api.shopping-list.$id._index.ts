import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteShoppingItem } from "~/domain/shopping.server";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async () => methodNotAllowed(["DELETE"]));

// DELETE: any signed-in user, in any state (SPEC §4).
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed(["DELETE"]);
  const actor = await requireApiUser(request, "shopping.use");
  await deleteShoppingItem(actor, parseId(params.id));
  return { message: "Item deleted" };
});
