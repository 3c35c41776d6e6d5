import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeedFor } from "~/domain/calendar-feed.server";
import { TooManyRequests } from "~/domain/errors";
import { sha256 } from "~/lib/secret-token.server";
import { FEED_SUFFIX } from "~/utils/calendar-feed.server";
import { logServerError } from "~/utils/log.server";

// GET /feeds/{token}.ics: a stylist's appointments as iCalendar, for the calendar app on
// their phone. No session: the secret token is the key. An unknown, reset or turned-off
// token and anything else that is not a link get the same 404, so nothing tells whether a
// token exists. Conditional requests (If-None-Match) are answered 304; each link is rate-limited.

const plain = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

/** Whether an If-None-Match header names this entity tag (weak or strong, or `*`). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  if (!file.endsWith(FEED_SUFFIX)) return plain(404, "Not found");
  const token = file.slice(0, -FEED_SUFFIX.length);
  let body: string | null;
  try {
    body = await calendarFeedFor(token, { uidDomain: new URL(request.url).hostname });
  } catch (error) {
    if (error instanceof TooManyRequests)
      return plain(429, error.message, { "Retry-After": String(error.retryAfterSeconds) });
    logServerError(error);
    return plain(500, "Something went wrong on the server. Please try again.");
  }
  if (body === null) return plain(404, "Not found");
  const etag = `"${(await sha256(body)).slice(0, 32)}"`;
  const headers = {
    ETag: etag,
    // Calendar apps may keep a copy but must ask again (cheaply, with If-None-Match) each time.
    "Cache-Control": "private, no-cache",
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  };
  if (matches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, {
    status: 200,
    headers: {
      ...headers,
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="appointments.ics"',
    },
  });
}
