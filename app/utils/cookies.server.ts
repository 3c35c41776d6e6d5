// Whether a cookie carries `Secure` is decided per request, not per process: the salon's
// tablets reach the server over plain HTTP by its LAN address, where a browser drops a
// Secure cookie (and sign-in would not stick), while an HTTPS deployment keeps Secure
// cookies. The request's URL is https for TLS, or behind a proxy trusted with TRUST_PROXY
// that says X-Forwarded-Proto: https (both servers build the URL that way).
import { env } from "~/lib/env.server";

/** COOKIE_SECURE, when set, decides for every request. */
export function cookieSecureFor(request: Request): boolean {
  return env.COOKIE_SECURE ?? new URL(request.url).protocol === "https:";
}

const SECURE_ATTRIBUTE = /;\s*Secure(?=;|$)/gi;

/** Gives every Set-Cookie header the request's Secure flag. */
export function applyCookieSecurity(request: Request, headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.length === 0) return;
  const secure = cookieSecureFor(request);
  headers.delete("Set-Cookie");
  for (const cookie of cookies) {
    const plain = cookie.replace(SECURE_ATTRIBUTE, "");
    headers.append("Set-Cookie", secure ? `${plain}; Secure` : plain);
  }
}

/** The same for whatever a loader or action returns or throws: a Response or `data(..., init)`. */
export function withCookieSecurity<T>(request: Request, result: T): T {
  if (result instanceof Response) {
    try {
      applyCookieSecurity(request, result.headers);
    } catch {
      // Immutable headers (a fetched response passed through) set no cookies of ours.
    }
    return result;
  }
  const init = (result as { type?: string; init?: ResponseInit | null } | null)?.init;
  if ((result as { type?: string } | null)?.type === "DataWithResponseInit" && init?.headers) {
    const headers = new Headers(init.headers);
    applyCookieSecurity(request, headers);
    init.headers = headers;
  }
  return result;
}
