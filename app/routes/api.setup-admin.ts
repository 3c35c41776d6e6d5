import type { ActionFunctionArgs } from "@remix-run/node";
import { ADMIN_ALREADY_EXISTS, adminExists, createSession, setupAdmin } from "~/domain/auth.server";
import { Conflict } from "~/domain/errors";
import { SetupAdminSchema } from "~/lib/schemas/auth";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import type { z } from "zod";
import type { SessionView } from "~/lib/schemas/views/auth";

export const loader = () => methodNotAllowed(["POST"]);

export const action = api(async ({ request }: ActionFunctionArgs) => {
  // After setup, refused before the body is even read (let alone a password hashed).
  if (await adminExists()) throw new Conflict(ADMIN_ALREADY_EXISTS);
  const user = await setupAdmin(await readBody(request, SetupAdminSchema));
  const { token, expiresAt } = await createSession(user.id);
  return jsonResponse({ token, expiresAt: expiresAt.toISOString(), user } satisfies z.infer<typeof SessionView>, 201);
});
