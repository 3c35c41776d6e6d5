// The build's precompressed copies of its JavaScript and CSS are sent as they are, to the
// browsers that accept them; everything else falls through to the plain static files.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressed } from "../../server/precompressed.js";

const code = "export const answer = 42;\n".repeat(50);
let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "precompressed-"));
  writeFileSync(join(dir, "app-1.js"), code);
  writeFileSync(join(dir, "app-1.js.br"), brotliCompressSync(code));
  writeFileSync(join(dir, "app-1.js.gz"), gzipSync(code));
  writeFileSync(join(dir, "plain-1.js"), code);
  const app = express();
  const cache = { immutable: true, maxAge: "1y" };
  app.use("/assets", precompressed(dir, cache));
  app.use("/assets", express.static(dir, cache));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
});

afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

// fetch() would decode the body itself: ask with node's raw request instead.
async function get(path: string, acceptEncoding?: string, method = "GET") {
  const { request } = await import("node:http");
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        `${base}${path}`,
        { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("precompressed assets", () => {
  it("sends the brotli copy to a browser that accepts brotli, even when it lists gzip first", async () => {
    const res = await get("/app-1.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(res.headers["vary"]).toMatch(/Accept-Encoding/);
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(res.body.equals(brotliCompressSync(code))).toBe(true);
  });

  it("sends the gzip copy when brotli is not accepted", async () => {
    const res = await get("/app-1.js", "gzip");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.equals(gzipSync(code))).toBe(true);
  });

  it("sends the plain file to a client that accepts neither, or when there is no copy", async () => {
    for (const [path, encoding] of [
      ["/app-1.js", undefined],
      ["/app-1.js", "br;q=0, gzip;q=0"],
      ["/plain-1.js", "br, gzip"],
    ] as const) {
      const res = await get(path, encoding);
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.toString()).toBe(code);
    }
  });

  it("answers HEAD with the headers only, and leaves other paths alone", async () => {
    const head = await get("/app-1.js", "br", "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    expect((await get("/missing-1.js", "br")).status).toBe(404);
    expect((await get("/app-1.js.br/x", "br")).status).toBe(404);
  });
});
