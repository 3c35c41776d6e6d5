// The production build served by Deno (server/deno.ts): a real Deno process on a free
// port, with its own temporary database, driven over HTTP like a browser with no JS.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requirePrerequisite, skipUnless, startServer, until, type RunningServer } from "../server-process";

const root = fileURLToPath(new URL("../..", import.meta.url));
const serverBuild = join(root, "build/server/index.js");
const deno = join(root, "node_modules/.bin/deno");
const missing = !existsSync(serverBuild)
  ? "build/server/index.js is missing: run `npx remix vite:build` first"
  : !existsSync(deno)
    ? "node_modules/.bin/deno is missing: run `npm ci`"
    : null;

const admin = { firstName: "Dena", lastName: "Denoson", email: "dena@salon.test", password: "secret-pass-12" };

describe.skipIf(skipUnless(missing, "the Deno server test"))("Deno server (server/deno.ts)", () => {
  let server: RunningServer | undefined;
  let dataDir = "";
  let base = "";

  beforeAll(async () => {
    requirePrerequisite(missing);
    dataDir = mkdtempSync(join(tmpdir(), "salon-deno-"));
    // The permissions we document for production, scoped to this project and the data directory.
    server = await startServer(
      deno,
      [
        "run",
        "--no-prompt",
        "--no-lock",
        "--node-modules-dir=manual",
        "--allow-net",
        "--allow-env",
        `--allow-read=.,${dataDir}`,
        `--allow-write=${dataDir}`,
        "--allow-ffi=node_modules/@libsql",
        "--allow-sys=cpus,networkInterfaces,hostname",
        "server/deno.ts",
      ],
      {
        DATABASE_URL: `file:${join(dataDir, "salon.db")}`,
        // Inside the one directory the server may write, as data/backups is under ./data in
        // production; at midnight, so today's backup is due at start whatever the time.
        BACKUP_DIR: join(dataDir, "backups"),
        BACKUP_HOUR: "00:00",
        SESSION_SECRET: randomBytes(32).toString("hex"),
        TRUST_PROXY: "false",
        NO_COLOR: "1",
      },
    );
    base = server.url;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  function postForm(path: string, fields: Record<string, string>, cookie?: string) {
    return fetch(`${base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: base,
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    });
  }

  function sessionCookie(response: Response): string {
    const cookie = response.headers.getSetCookie().find((header) => header.startsWith("__session="));
    expect(cookie, "a __session cookie").toBeDefined();
    return cookie!.split(";")[0]!;
  }

  it("answers the health check with JSON", async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      status: "ok",
      reminders: { stranded: 0 },
      backups: expect.objectContaining({ failing: false }),
    });
    // The backup due at start is taken under Deno's permissions.
    await until(
      async () => (await (await fetch(`${base}/healthz`)).json()).backups.last?.status === "ok",
      "the backup due at start",
      { diagnostics: () => server?.output() ?? "" },
    );
  });

  it("serves fingerprinted assets with a long immutable cache, and HEAD", async () => {
    const asset = readdirSync(join(root, "build/client/assets")).find((name) => name.endsWith(".js"));
    expect(asset).toBeDefined();
    const response = await fetch(`${base}/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/javascript/);
    expect(response.headers.get("Cache-Control")).toContain("immutable");
    expect((await response.text()).length).toBeGreaterThan(0);

    const head = await fetch(`${base}/assets/${asset}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("does not serve files outside build/client", async () => {
    for (const path of ["/assets/..%2f..%2f..%2fpackage.json", "/%2e%2e/%2e%2e/package.json", "/.vite/manifest.json"]) {
      const response = await fetch(`${base}${path}`, { redirect: "manual" });
      expect(await response.text()).not.toContain('"devDependencies"');
    }
  });

  it("creates the first admin and signs in through the /auth form, with security headers", async () => {
    const signInPage = await fetch(`${base}/auth`);
    expect(signInPage.status).toBe(200);
    expect(await signInPage.text()).toContain("Setup Admin Account");

    const setup = await postForm("/auth", { intent: "setup", ...admin });
    expect(setup.status).toBe(302);
    // Via the sign-in page's check that the session cookie came back, then on to "/".
    expect(setup.headers.get("Location")).toBe("/auth?signedIn=setup");
    const checked = await fetch(`${base}/auth?signedIn=setup`, {
      headers: { Cookie: sessionCookie(setup) },
      redirect: "manual",
    });
    expect(checked.status).toBe(302);
    expect(checked.headers.get("Location")).toBe("/");

    const login = await postForm("/auth", { intent: "login", email: admin.email, password: admin.password });
    expect(login.status).toBe(302);
    const cookie = sessionCookie(login);

    const home = await fetch(`${base}/`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(home.status).toBe(200);

    const settings = await fetch(`${base}/settings`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    expect(html.includes(admin.email) || html.includes(`${admin.firstName} ${admin.lastName}`)).toBe(true);

    const csp = settings.headers.get("Content-Security-Policy") ?? "";
    const nonce = csp.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
    expect(nonce, `a script nonce in the CSP: ${csp}`).toBeDefined();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(settings.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(settings.headers.get("X-Frame-Options")).toBe("DENY");

    // The calendar is rendered once for screens with the same data (decision 0089): each answer still has its own nonce.
    const nonces: string[] = [];
    for (let load = 0; load < 2; load += 1) {
      const day = await fetch(`${base}/calendar?view=day&date=2031-01-15`, {
        headers: { Cookie: cookie },
        redirect: "manual",
      });
      expect(day.status).toBe(200);
      const page = await day.text();
      const pageNonce = (day.headers.get("Content-Security-Policy") ?? "").match(/'nonce-([^']+)'/)?.[1] ?? "";
      const used = new Set([...page.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]));
      expect(used).toEqual(new Set([pageNonce]));
      nonces.push(pageNonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);

    const wrong = await postForm("/auth", { intent: "login", email: admin.email, password: "not-the-password" });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.getSetCookie().some((header) => header.startsWith("__session="))).toBe(false);
  });
});
