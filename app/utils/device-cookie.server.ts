// The device cookie (decision 0096, after OWASP's "device cookies" against lockout): a
// browser that signed in to an account keeps a signed cookie naming the accounts it
// signed in to and when. Presented with that account's password, it is counted apart from
// its address, so failures by other clients at the same address (or anywhere) do not
// refuse it; its own failures still lock it after five.
import { createCookie } from "@remix-run/node";
import { KNOWN_DEVICE_MS, type TrustedDevice } from "~/domain/sign-in-throttle.server";
import { newToken } from "~/lib/secret-token.server";
import { secureCookies, sessionSecret } from "~/lib/env.server";

const MAX_ACCOUNTS = 20;
const deviceCookie = createCookie("__device", {
  httpOnly: true,
  sameSite: "lax",
  secure: secureCookies,
  path: "/",
  secrets: [sessionSecret],
  maxAge: KNOWN_DEVICE_MS / 1000,
});

type DeviceValue = { id: string; accounts: [userId: number, signedInAt: number][] };

async function readValue(request: Request): Promise<DeviceValue | null> {
  const value: unknown = await deviceCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (!value || typeof value !== "object") return null;
  const { id, accounts } = value as Partial<DeviceValue>;
  if (typeof id !== "string" || !Array.isArray(accounts)) return null;
  const since = Date.now() - KNOWN_DEVICE_MS;
  const fresh = accounts.filter(
    (entry): entry is [number, number] =>
      Array.isArray(entry) && Number.isSafeInteger(entry[0]) && typeof entry[1] === "number" && entry[1] > since,
  );
  return { id, accounts: fresh };
}

/** The signed device this request presents, with the accounts it signed in to within 30 days. */
export async function readDevice(request: Request): Promise<TrustedDevice | null> {
  const value = await readValue(request);
  return value ? { id: value.id, userIds: value.accounts.map(([userId]) => userId) } : null;
}

/** The Set-Cookie header after `userId` signed in on this browser. */
export async function deviceCookieHeader(request: Request, userId: number): Promise<string> {
  const value = (await readValue(request)) ?? { id: newToken(), accounts: [] };
  const accounts = [...value.accounts.filter(([id]) => id !== userId), [userId, Date.now()] as [number, number]].slice(
    -MAX_ACCOUNTS,
  );
  return deviceCookie.serialize({ id: value.id, accounts } satisfies DeviceValue);
}
