import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { page } from "~/utils/http.server";
import { clearSessionCookieHeader, signOut } from "~/utils/session.server";

// Sign-out is a POST that ends the server session; a plain visit goes home.
export async function loader() {
  return redirect("/");
}

export const action = page(async ({ request }: ActionFunctionArgs) => {
  await signOut(request);
  // Nothing of the salon stays on the device (decision 0124): the browser drops this site's
  // caches and storage, the service worker's copy of the Day view with them.
  return redirect("/auth", {
    headers: { "Set-Cookie": await clearSessionCookieHeader(), "Clear-Site-Data": '"cache", "storage"' },
  });
});
