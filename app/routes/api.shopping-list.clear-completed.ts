import type { ActionFunctionArgs } from "@remix-run/node";
import { clearCompletedItems } from "~/domain/shopping.server";
import { api, methodNotAllowed } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = api(async () => methodNotAllowed(["POST"]));

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const cleared = await clearCompletedItems(await requireApiUser(request, "shopping.use"));
  return { message: "Completed items cleared", cleared };
});
