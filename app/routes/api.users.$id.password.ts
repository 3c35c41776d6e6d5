import type { ActionFunctionArgs } from "@remix-run/node";
import { setUserPassword } from "~/domain/users.server";
import { SetPasswordSchema } from "~/lib/schemas/users";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["PATCH"]);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const actor = await requireApiUser(request, "users.manage");
  const { password } = await readBody(request, SetPasswordSchema);
  await setUserPassword(actor, parseId(params.id), password);
  return jsonResponse({ message: "Password updated" });
});
