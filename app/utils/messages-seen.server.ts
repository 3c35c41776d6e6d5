// The Messages menu entry's unread count (decision 0045): each device remembers, in a
// cookie, the newest message id it has shown on the Messages screen. A cookie rather than
// a column, because a tablet is shared and "unread here" is what staff glance at; it
// also needs no write on every page load.
import { createCookie } from "@remix-run/node";
import { secureCookies } from "~/lib/env.server";

const seenCookie = createCookie("messages_seen", {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readSeenMessageId(request: Request): Promise<number> {
  const value = Number(await seenCookie.parse(request.headers.get("Cookie")));
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

export function seenMessageHeader(id: number): Promise<string> {
  return seenCookie.serialize(String(id));
}
