import type { ActionFunctionArgs } from "@remix-run/node";
import { changeOwnPassword } from "~/domain/users.server";
import { ChangeOwnPasswordSchema } from "~/lib/schemas/users";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requestToken, requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["PATCH"]);

export const action = api(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  const actor = await requireApiUser(request, "settings.account");
  const session = await requestToken(request);
  const input = await readBody(request, ChangeOwnPasswordSchema);
  await changeOwnPassword(actor, parseId(params.id), input, {
    address: context.clientAddress,
    token: session?.token ?? null,
  });
  return jsonResponse({ message: "Password updated" });
});
