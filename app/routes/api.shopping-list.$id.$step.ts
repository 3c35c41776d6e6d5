import type { ActionFunctionArgs } from "@remix-run/node";
import { NotFound } from "~/domain/errors";
import { advanceShoppingItem } from "~/domain/shopping.server";
import { SHOPPING_ACTIONS, type ShoppingAction } from "~/lib/schemas/shopping";
import { api, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async () => methodNotAllowed(["POST"]));

// POST /api/shopping-list/{id}/order|deliver|complete: one step of SPEC §4; the answer is
// the item as it now stands, or 409 when the step no longer applies.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const step = params.step as ShoppingAction;
  if (!SHOPPING_ACTIONS.includes(step)) throw new NotFound(`Unknown step. Use ${SHOPPING_ACTIONS.join(", ")}.`);
  const actor = await requireApiUser(request, "shopping.use");
  return advanceShoppingItem(actor, parseId(params.id), step);
});
