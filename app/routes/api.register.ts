import type { ActionFunctionArgs } from "@remix-run/node";
import { createUser } from "~/domain/users.server";
import { CreateUserSchema } from "~/lib/schemas/users";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

// Creates a staff account; admins only.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  const actor = await requireApiUser(request, "users.manage");
  return jsonResponse(await createUser(actor, await readBody(request, CreateUserSchema)), 201);
});
