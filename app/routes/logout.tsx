import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { page } from "~/utils/http.server";
import { clearSessionCookieHeader, signOut } from "~/utils/session.server";

// Sign-out is a POST that ends the server session; a plain visit goes home.
export async function loader() {
  return redirect("/");
}

export const action = page(async ({ request }: ActionFunctionArgs) => {
  await signOut(request);
  return redirect("/auth", { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
});
