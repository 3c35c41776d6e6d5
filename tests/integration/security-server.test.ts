// Attacks that need the real HTTP stack (the production build under node server.js):
// oversized and unannounced bodies, a spoofed X-Forwarded-For behind a proxy, a spoofed
// X-Forwarded-Host without one, and caching of private pages.
import { mkdtempSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress, isCrossOriginWrite, proxyHops } from "../../server/security.js";
import { hasBuild, startServer, type RunningServer } from "../server-process";

const MB = 1024 * 1024;
const admin = { email: "owner@salon.test", password: "owner-pass-2026", firstName: "Olive", lastName: "Owner" };

/** Sends headers announcing `declared` bytes, then only a little, and reports what the server answered. */
function announceBody(
  url: string,
  path: string,
  headers: Record<string, string>,
  sendBytes: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(path, url);
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers },
      (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    req.on("error", (error) =>
      error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? undefined : reject(error),
    );
    req.write(Buffer.alloc(sendBytes, "a"));
    // Never finish the body: the answer must not depend on receiving it.
  });
}

describe.skipIf(!hasBuild)("the production server (node server.js)", () => {
  let direct: RunningServer;
  let proxied: RunningServer;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "salon-security-"));
    const env = {
      DATABASE_URL: `file:${join(dir, "salon.db")}`,
      SESSION_SECRET: "security-tests-secret-0123456789",
      COOKIE_SECURE: "false",
    };
    direct = await startServer("node", ["server.js"], env);
    proxied = await startServer("node", ["server.js"], { ...env, TRUST_PROXY: "true" });
    const setup = await fetch(`${direct.url}/api/setup-admin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(admin),
    });
    expect(setup.status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([direct, proxied].filter(Boolean).map((server) => server.stop()));
  });

  it("refuses a 300 MB login body from its Content-Length, before reading it", async () => {
    const answer = await announceBody(
      direct.url,
      "/api/login",
      { "Content-Type": "application/json", "Content-Length": String(300 * MB) },
      64 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: "The request body is too large (the limit is 1 MB)." });
    // The server is still answering normally.
    expect((await fetch(`${direct.url}/healthz`)).status).toBe(200);
  });

  it("refuses a body sent without a length (chunked) with 411", async () => {
    const answer = await announceBody(
      direct.url,
      "/api/login",
      { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      16,
    );
    expect(answer.status).toBe(411);
  });

  it("allows 10 MB only for the CSV import endpoints", async () => {
    const twoMb = JSON.stringify({ email: "a@b.test", password: "x".repeat(2 * MB) });
    const login = await fetch(`${direct.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: twoMb,
    });
    expect(login.status).toBe(413);
    // 5 MB to the import API passes the size check (and is then refused for being signed out).
    const fiveMb = await fetch(`${direct.url}/api/clients/bulk-import`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ clients: ["x".repeat(5 * MB)] }),
    });
    expect(fiveMb.status).toBe(401);
    const elevenMb = await announceBody(
      direct.url,
      "/settings/import",
      { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(11 * MB) },
      1024,
    );
    expect(elevenMb.status).toBe(413);
  });

  it("behind TRUST_PROXY=true, a client-chosen first X-Forwarded-For entry does not give a guess a new address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${proxied.url}/api/login`, {
        method: "POST",
        // The proxy appends the real client address (203.0.113.9); the attacker wrote the rest.
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.66.${i}.${i}, 203.0.113.9` },
        body: JSON.stringify({ email: admin.email, password: i === 5 ? admin.password : `guess-${i}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 120_000);

  it("without TRUST_PROXY, X-Forwarded-Host does not make another site's request same-origin", async () => {
    const response = await fetch(`${direct.url}/api/logout`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-origin requests are not allowed." });
  });

  it("sends pages and API answers with Cache-Control: no-store; static assets keep their caching", async () => {
    const page = await fetch(`${direct.url}/auth`);
    expect(page.headers.get("Content-Type")).toContain("text/html");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const api = await fetch(`${direct.url}/api/user`);
    expect(api.headers.get("Cache-Control")).toBe("no-store");
    const favicon = await fetch(`${direct.url}/favicon.png`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("Cache-Control")).toContain("max-age");
  });

  it("names a PNG icon, not an SVG one: Chromium loads the icon again on each change of address (decision 0136)", async () => {
    const html = await (await fetch(`${direct.url}/auth`)).text();
    const icon = /<link[^>]*rel="icon"[^>]*>/.exec(html)?.[0] ?? "";
    expect(icon).toContain('href="/favicon.png"');
    expect(icon).toContain('type="image/png"');
    const file = await fetch(`${direct.url}/favicon.png`);
    expect(file.headers.get("Content-Type")).toBe("image/png");
  });
});

describe("proxy hops and the one cross-origin check (server/security.js)", () => {
  it("counts trusted hops from the right of X-Forwarded-For", () => {
    expect(proxyHops(undefined)).toBe(0);
    expect(proxyHops("false")).toBe(0);
    expect(proxyHops("true")).toBe(1);
    expect(proxyHops("2")).toBe(2);
    expect(() => proxyHops("yes please")).toThrow();
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", 0)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "6.6.6.6, 203.0.113.9, 10.0.0.1", 2)).toBe("203.0.113.9");
    expect(clientAddress("10.0.0.2", "203.0.113.9", 3)).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-Host only behind a trusted proxy", () => {
    const headers: Record<string, string> = {
      origin: "https://salon.example",
      host: "app.internal:3000",
      "x-forwarded-host": "salon.example",
    };
    const header = (name: string) => headers[name];
    expect(isCrossOriginWrite("POST", header, { trustProxy: true })).toBe(false);
    expect(isCrossOriginWrite("POST", header, { trustProxy: false })).toBe(true);
    expect(isCrossOriginWrite("GET", header, { trustProxy: false })).toBe(false);
  });
});
