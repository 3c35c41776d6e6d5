import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addShoppingItem, getShoppingList } from "~/domain/shopping.server";
import { ShoppingItemSchema } from "~/lib/schemas/shopping";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: one list, pending items first (oldest first), then completed items (newest
// completion first; the newest `?completedLimit=` of them, 50 unless asked, at most 500).
// Each item embeds its product and the names of who added, ordered and completed it.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const completedLimit = Number(new URL(request.url).searchParams.get("completedLimit") ?? undefined);
  const { pending, completed } = await getShoppingList(actor, {
    completedLimit: Number.isFinite(completedLimit) ? completedLimit : undefined,
  });
  return [...pending, ...completed];
});

// POST: productId or null, customName or null, quantity, notes or null (SPEC §7).
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "shopping.use");
  return jsonResponse(await addShoppingItem(actor, await readBody(request, ShoppingItemSchema)), 201);
});
