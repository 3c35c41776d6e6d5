import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { page } from "~/utils/http.server";
import { clearSessionCookieHeader, signOut } from "~/utils/session.server";

// Sign-out is a POST that ends the server session; a plain visit goes home.
export async function loader() {
  return redirect("/");
}

export const action = page(async ({ request }: ActionFunctionArgs) => {
  await signOut(request);
  // Nothing of the salon stays on the device (decision 0124): the service worker clears its
  // copy of the Day view on the way here; the browser drops its HTTP and back/forward caches.
  // Not "storage": the device's own preferences (localStorage) outlive a sign-out.
  return redirect("/auth", {
    headers: { "Set-Cookie": await clearSessionCookieHeader(), "Clear-Site-Data": '"cache"' },
  });
});
