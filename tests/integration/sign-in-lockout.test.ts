// Nobody can lock staff out: the limits refuse guesses, not the owner's right password
// (decision 0096). Route actions are called with the client address the server derives.
import { describe, expect, it } from "vitest";
import * as login from "~/routes/api.login";
import * as authPage from "~/routes/auth";
import { context, createTestUser, json, makeRequest, PASSWORD, statusOf } from "../factories";

type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: typeof context;
}) => Promise<unknown>;
async function from(address: string, handler: unknown, request: Request) {
  try {
    return await (handler as Handler)({ request, params: {}, context: { ...context, clientAddress: address } });
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
const loginRequest = (email: string, password: string, cookie?: string) =>
  makeRequest("POST", "/api/login", { body: { email, password }, ...(cookie ? { cookie } : {}) });
const formRequest = (email: string, password: string, cookie?: string) =>
  makeRequest("POST", "/auth", {
    form: { intent: "login", email, password },
    headers: { Origin: "http://localhost:3000" },
    ...(cookie ? { cookie } : {}),
  });
const signIn = (address: string, email: string, password: string) =>
  from(address, login.action, loginRequest(email, password)).then(statusOf);

describe("sign-in limits that cannot lock staff out", () => {
  it("ten wrong guesses from two addresses do not refuse the right password from a third", async () => {
    const admin = await createTestUser("admin");
    for (let i = 0; i < 5; i++) expect(await signIn("198.51.100.1", admin.email, `guess-a-${i}`)).toBe(401);
    for (let i = 0; i < 5; i++) expect(await signIn("198.51.100.2", admin.email, `guess-b-${i}`)).toBe(401);
    expect(await signIn("203.0.113.9", admin.email, PASSWORD)).toBe(200);
  }, 60_000);

  it("guesses from an address are still refused after its limit, with Retry-After", async () => {
    const user = await createTestUser("stylist");
    for (let i = 0; i < 5; i++) expect(await signIn("198.51.100.3", user.email, `guess-${i}`)).toBe(401);
    const refused = await from("198.51.100.3", login.action, loginRequest(user.email, "guess-5"));
    expect(statusOf(refused)).toBe(429);
    expect(Number((refused as Response).headers.get("Retry-After"))).toBeGreaterThan(0);
    // The right password from that address is refused too (it is the address that guessed)...
    expect(await signIn("198.51.100.3", user.email, PASSWORD)).toBe(429);
    // ...and an address that keeps failing while the account is under attack gets no more guesses.
    for (let i = 0; i < 5; i++) expect(await signIn(`198.51.100.${10 + i}`, user.email, `spread-${i}`)).toBe(401);
    expect(await signIn("198.51.100.10", user.email, "spread-again")).toBe(429);
    expect(await signIn("203.0.113.10", user.email, PASSWORD)).toBe(200);
  }, 60_000);

  it("failures for six e-mails from the salon's address do not refuse a colleague who has signed in there", async () => {
    const salon = "192.0.2.80";
    const colleague = await createTestUser("stylist");
    expect(await signIn(salon, colleague.email, PASSWORD)).toBe(200);
    const others = await Promise.all(Array.from({ length: 6 }, () => createTestUser("stylist")));
    for (const other of others) expect(await signIn(salon, other.email, "Spring2026!")).toBe(401);
    // A seventh unknown e-mail from that address is a spray, refused before any hashing.
    expect(await signIn(salon, "nobody-at-all@salon.test", "Spring2026!")).toBe(429);
    expect(await signIn(salon, colleague.email, PASSWORD)).toBe(200);
  }, 60_000);

  it("a browser that signed in before (its device cookie) is not refused by other clients' failures at its address", async () => {
    const salon = "192.0.2.90";
    const user = await createTestUser("stylist");
    const first = (await from(salon, authPage.action, formRequest(user.email, PASSWORD))) as Response;
    expect(first.status).toBe(302);
    const device = first.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("__device="))
      ?.split(";")[0];
    expect(device).toBeDefined();
    for (let i = 0; i < 5; i++) expect(await signIn(salon, user.email, `guess-${i}`)).toBe(401);
    expect(await signIn(salon, user.email, PASSWORD)).toBe(429);
    expect(statusOf(await from(salon, authPage.action, formRequest(user.email, PASSWORD, device)))).toBe(302);
  }, 60_000);

  it("sixteen simultaneous right sign-ins of one account are never refused as failed attempts", async () => {
    const user = await createTestUser("admin");
    const results = await Promise.all(
      Array.from({ length: 16 }, () => from("10.1.1.1", login.action, loginRequest(user.email, PASSWORD))),
    );
    const statuses = results.map(statusOf);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(10);
    // And none of them counted as a failure: five wrong guesses still get their 401s.
    for (let i = 0; i < 4; i++)
      expect((await json(await from("10.1.1.1", login.action, loginRequest(user.email, `wrong-${i}`)))).status).toBe(
        401,
      );
    expect(await signIn("10.1.1.1", user.email, PASSWORD)).toBe(200);
  }, 120_000);
});
