import type { ActionFunctionArgs } from "@remix-run/node";
import { createSession } from "~/domain/auth.server";
import { LoginSchema } from "~/lib/schemas/auth";
import { signInWithPassword } from "~/utils/authenticator.server";
import { api, methodNotAllowed, readBody } from "~/utils/http.server";
import type { z } from "zod";
import type { SessionView } from "~/lib/schemas/views/auth";

export const loader = () => methodNotAllowed(["POST"]);

export const action = api(async ({ request, context }: ActionFunctionArgs) => {
  const input = await readBody(request, LoginSchema);
  const user = await signInWithPassword(input, request, context);
  const { token, expiresAt } = await createSession(user.id);
  return { token, expiresAt: expiresAt.toISOString(), user } satisfies z.infer<typeof SessionView>;
});
