// Who is asking: a session cookie (browsers) or a bearer token (scripts), both holding
// the same kind of token. Cookie-authenticated writes must come from our own origin.
import { createCookie, redirect } from "@remix-run/node";
import type { Actor } from "~/domain/access.server";
import { endSession, SESSION_TTL_MS, userForToken } from "~/domain/auth.server";
import { Forbidden, Unauthorized } from "~/domain/errors";
import { can, type Capability } from "~/domain/permissions";
import { oncePerRequest } from "../../server/request-scope.js";
import { CROSS_ORIGIN_MESSAGE, isCrossOriginWrite } from "../../server/security.js";
import { env, secureCookies, sessionSecret } from "~/lib/env.server";

// `secure` is the fallback; page() and api() set each response's flag per request.
export const sessionCookie = createCookie("__session", {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  secrets: [sessionSecret],
  maxAge: SESSION_TTL_MS / 1000,
});

const CROSS_ORIGIN_REFUSED = CROSS_ORIGIN_MESSAGE;

/**
 * Refuses a state-changing request sent by another site, with the servers' own check
 * (server/security.js): the app asks again for the requests no server filtered (tests,
 * other adapters).
 */
export function assertSameOrigin(request: Request): void {
  const header = (name: string) => request.headers.get(name) ?? (name === "host" ? new URL(request.url).host : null);
  if (isCrossOriginWrite(request.method, header, { trustProxy: env.TRUST_PROXY > 0 }))
    throw new Forbidden(CROSS_ORIGIN_REFUSED);
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

async function cookieToken(request: Request): Promise<string | null> {
  const value = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The session token of a request and how it arrived. */
export async function requestToken(request: Request): Promise<{ token: string; via: "bearer" | "cookie" } | null> {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = await cookieToken(request);
  return cookie ? { token: cookie, via: "cookie" } : null;
}

async function lookUpUser(request: Request): Promise<{ user: Actor | null; via: "bearer" | "cookie" | null }> {
  const found = await requestToken(request);
  if (!found) return { user: null, via: null };
  return { user: await userForToken(found.token, { idle: found.via === "cookie" }), via: found.via };
}

/**
 * The signed-in user, or null. Looked up once per page request (its loaders run in
 * parallel and share the lookup, server/request-scope.js), keyed by the credentials sent.
 */
export async function getOptionalUser(request: Request): Promise<Actor | null> {
  const credentials = `${request.headers.get("Authorization") ?? ""}\n${request.headers.get("Cookie") ?? ""}`;
  const { user, via } = await oncePerRequest(`user\n${credentials}`, () => lookUpUser(request));
  if (user && via === "cookie") assertSameOrigin(request);
  return user;
}

function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  const params = back === "/" ? "" : `?${new URLSearchParams({ redirectTo: back })}`;
  return redirect(`/auth${params}`);
}

/** For pages: signed-out visitors are sent to the sign-in page and brought back afterwards. */
export async function requireUser(request: Request, capability?: Capability): Promise<Actor> {
  const user = await getOptionalUser(request);
  if (!user) throw signInRedirect(request);
  if (capability && !can(user.role, capability)) throw new Forbidden();
  return user;
}

/**
 * For `/api`: 401 when signed out, 403 without the capability. A write names its
 * capability here, before it reads the body, so a role that may not write is refused
 * whatever it sent (the domain checks again, and checks the record).
 */
export async function requireApiUser(request: Request, capability?: Capability, refusal?: string): Promise<Actor> {
  const user = await getOptionalUser(request);
  if (!user) throw new Unauthorized();
  if (capability && !can(user.role, capability)) throw new Forbidden(refusal);
  return user;
}

export async function sessionCookieHeader(token: string): Promise<string> {
  return sessionCookie.serialize(token);
}

export async function clearSessionCookieHeader(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Ends the request's server session, whichever way its token came. */
export async function signOut(request: Request): Promise<void> {
  const found = await requestToken(request);
  if (!found) return;
  if (found.via === "cookie") assertSameOrigin(request);
  await endSession(found.token);
}
