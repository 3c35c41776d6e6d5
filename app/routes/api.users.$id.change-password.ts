import type { ActionFunctionArgs } from "@remix-run/node";
import { changeOwnPassword } from "~/domain/users.server";
import { ChangeOwnPasswordSchema } from "~/lib/schemas/users";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["PATCH"]);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const actor = await requireApiUser(request);
  await changeOwnPassword(actor, parseId(params.id), await readBody(request, ChangeOwnPasswordSchema));
  return jsonResponse({ message: "Password updated" });
});
