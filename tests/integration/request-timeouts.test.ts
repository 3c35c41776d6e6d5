// Slow headers and stalled uploads are timed out (408, connection closed) instead of being
// held for Node's default five minutes. The limits are shortened here through the
// environment so the test takes seconds; the defaults are 10 s and 60 s.
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MISSING_BUILD, requirePrerequisite, skipUnless, startServer, type RunningServer } from "../server-process";

/** Writes `data` on a raw connection and never finishes the request; resolves with what the server sent before closing. */
function stall(url: string, data: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () => socket.write(data));
    let received = "";
    socket.on("data", (chunk) => (received += chunk));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
}

describe.skipIf(skipUnless(MISSING_BUILD, "request time-outs"))("request time-outs (node server.js)", () => {
  let server: RunningServer;

  beforeAll(async () => {
    requirePrerequisite(MISSING_BUILD);
    const dir = mkdtempSync(join(tmpdir(), "salon-timeouts-"));
    server = await startServer("node", ["server.js"], {
      DATABASE_URL: `file:${join(dir, "salon.db")}`,
      SESSION_SECRET: "timeouts-secret-0123456789abcdef",
      HEADERS_TIMEOUT_MS: "1000",
      REQUEST_TIMEOUT_MS: "2000",
    });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("closes a connection whose headers never end with 408", async () => {
    const answer = await stall(server.url, "GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("closes an upload that stops half way with 408", async () => {
    const answer = await stall(
      server.url,
      "POST /auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nemail=a",
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it("still serves a complete request", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});
