// The Secure flag of cookies follows each request (decision 0035: tablets on the salon's Wi-Fi
// use plain HTTP): the real production server, with TRUST_PROXY so that a proxy's
// X-Forwarded-Proto counts, driven like a browser without JavaScript.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_BUILD, requirePrerequisite, skipUnless, startServer, type RunningServer } from "../server-process";

const admin = { firstName: "Cora", lastName: "Cookie", email: "cora@salon.test", password: "cookie-pass-1" };

describe.skipIf(skipUnless(MISSING_BUILD, "the cookie security test"))("session cookies over HTTP and HTTPS", () => {
  let server: RunningServer;

  beforeAll(async () => {
    requirePrerequisite(MISSING_BUILD);
    const dir = mkdtempSync(join(tmpdir(), "salon-cookies-"));
    server = await startServer("node", ["server.js"], {
      DATABASE_URL: `file:${join(dir, "salon.db")}`,
      SESSION_SECRET: "cookie-test-secret-0123456789",
      TRUST_PROXY: "true",
    });
    const setup = await fetch(`${server.url}/api/setup-admin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(setup.status).toBe(201);
  });
  afterAll(() => server?.stop());

  async function signIn(headers: Record<string, string> = {}) {
    const origin = `${headers["X-Forwarded-Proto"] ?? "http"}://${new URL(server.url).host}`;
    const body = new URLSearchParams({
      intent: "login",
      email: admin.email,
      password: admin.password,
      redirectTo: "/clients",
    });
    return fetch(`${server.url}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: origin, ...headers },
      body,
    });
  }

  it("plain HTTP (a tablet on the LAN): the session cookie is not Secure, so the browser keeps it", async () => {
    const response = await signIn();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/auth?signedIn=login&redirectTo=%2Fclients");
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__session=[^;]+;.*HttpOnly/);
    expect(cookie).not.toMatch(/Secure/i);

    // The check on the way back: signed in, so on to the page with the welcome toast.
    const session = cookie!.split(";")[0]!;
    const back = await fetch(`${server.url}/auth?signedIn=login&redirectTo=%2Fclients`, {
      redirect: "manual",
      headers: { Cookie: session },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/clients");
    const [toast] = back.headers.getSetCookie();
    expect(toast).toMatch(/^toast=/);
    expect(toast).not.toMatch(/Secure/i);
  });

  it("HTTPS at a trusted proxy (X-Forwarded-Proto: https): the session and toast cookies are Secure", async () => {
    const response = await signIn({ "X-Forwarded-Proto": "https" });
    expect(response.status).toBe(302);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__session=.*; Secure$/);

    const back = await fetch(`${server.url}/auth?signedIn=login`, {
      redirect: "manual",
      headers: { Cookie: cookie!.split(";")[0]!, "X-Forwarded-Proto": "https" },
    });
    expect(back.headers.get("Location")).toBe("/");
    expect(back.headers.getSetCookie()[0]).toMatch(/^toast=.*; Secure$/);
  });

  it("a sign-in whose cookie did not come back says so on the sign-in page", async () => {
    const response = await fetch(`${server.url}/auth?signedIn=login&redirectTo=%2Fclients`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "You signed in, but this browser did not keep the sign-in. Allow cookies for this site, then sign in again.",
    );
    const plain = await fetch(`${server.url}/auth`);
    expect(await plain.text()).not.toContain("did not keep the sign-in");
  });
});
