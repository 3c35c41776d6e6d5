import type { ActionFunctionArgs } from "@remix-run/node";
import { createSession, setupAdmin } from "~/domain/auth.server";
import { SetupAdminSchema } from "~/lib/schemas/auth";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = api(async ({ request }: ActionFunctionArgs) => {
  const user = await setupAdmin(await readBody(request, SetupAdminSchema));
  const { token, expiresAt } = await createSession(user.id);
  return jsonResponse({ token, expiresAt: expiresAt.toISOString(), user }, 201);
});
