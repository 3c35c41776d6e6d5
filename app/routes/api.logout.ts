import type { ActionFunctionArgs } from "@remix-run/node";
import { api, jsonResponse, methodNotAllowed } from "~/utils/http.server";
import { clearSessionCookieHeader, signOut } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export const action = api(async ({ request }: ActionFunctionArgs) => {
  await signOut(request);
  return jsonResponse({ message: "Signed out" }, { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
});
