import type { ActionFunctionArgs } from "@remix-run/node";
import { deleteUser, getUser, updateUser } from "~/domain/users.server";
import { UpdateUserSchema, UserPatchSchema } from "~/lib/schemas/users";
import { api, jsonResponse, methodNotAllowed, parseId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["PATCH", "DELETE"]);

export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed(["PATCH", "DELETE"]);
  const actor = await requireApiUser(request, "users.manage");
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    await deleteUser(actor, id);
    return jsonResponse({ message: "User deleted" });
  }
  // A PATCH may name only some fields; the rest keep their stored values.
  const changes = await readBody(request, UserPatchSchema);
  const current = await getUser(actor, id);
  return updateUser(actor, id, UpdateUserSchema.parse({ ...current, ...changes }));
});
