// One lookup of the signed-in user per page request (server/request-scope.js): a page's
// loaders each get their own copy of the Request and share the lookup; requests that may
// write (an action runs first) and calls made without a server look the user up each time.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { users } from "#db/schema";
import { getOptionalUser } from "~/utils/session.server";
import { inRequestScope, oncePerRequest } from "../../server/request-scope.js";
import { makeRequest, signedIn } from "../factories";

/** Signs in, then answers the first lookup and a second one after the account was deactivated. */
async function lookUpTwice(method: string, credentials: "token" | "cookie", scoped: boolean) {
  const { user, token, cookie } = await signedIn("stylist");
  const request = () => makeRequest(method, "/calendar", credentials === "token" ? { token } : { cookie });
  const run = async () => {
    const first = await getOptionalUser(request());
    await db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const second = await getOptionalUser(request());
    return [first?.id ?? null, second?.id ?? null, user.id] as const;
  };
  return scoped ? inRequestScope(method, run) : run();
}

describe("the signed-in user, once per request", () => {
  it("is looked up once for all the loaders of a GET request, whichever way the token came", async () => {
    for (const credentials of ["token", "cookie"] as const) {
      const [first, second, id] = await lookUpTwice("GET", credentials, true);
      expect(first).toBe(id);
      expect(second).toBe(id); // the second loader shares the first one's answer
    }
  });

  it("is looked up again for every loader of a POST request (its action may change the user)", async () => {
    const [first, second, id] = await lookUpTwice("POST", "token", true);
    expect(first).toBe(id);
    expect(second).toBeNull();
  });

  it("is looked up on every call outside a server's request scope (loaders called directly)", async () => {
    const [first, second, id] = await lookUpTwice("GET", "token", false);
    expect(first).toBe(id);
    expect(second).toBeNull();
  });

  it("is not shared between requests, nor between different credentials in one scope", async () => {
    const [a, b] = await Promise.all([signedIn("stylist"), signedIn("admin")]);
    const ids = await inRequestScope("GET", () =>
      Promise.all([a, b].map(({ token }) => getOptionalUser(makeRequest("GET", "/calendar", { token })))),
    );
    expect(ids.map((actor) => actor?.id)).toEqual([a.user.id, b.user.id]);
    let computed = 0;
    const count = () => (computed += 1);
    inRequestScope("GET", () => [oncePerRequest("k", count), oncePerRequest("k", count)]);
    inRequestScope("HEAD", () => oncePerRequest("k", count));
    expect(computed).toBe(2);
  });
});
