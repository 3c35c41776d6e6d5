// The Deno server: the same production build as server.js, served with Deno.serve.
// Run from the project root (migrations are read from ./db/migrations), after
// `npx remix vite:build`:
//   deno run --no-prompt --no-lock --node-modules-dir=manual \
//     --allow-net --allow-read --allow-write --allow-env --allow-ffi server/deno.ts
// (--allow-ffi loads libsql's native addon; --allow-write is for the database file.)
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { applySecurityHeaders, newNonce } from "./security-headers.js";

// The few Deno APIs used here, so that `tsc` (Node types) checks this file as well.
declare const Deno: {
  env: { get(name: string): string | undefined; set(name: string, value: string): void };
  stat(path: URL): Promise<{ isFile: boolean; size: number; mtime: Date | null }>;
  open(path: URL): Promise<{ readable: ReadableStream<Uint8Array> }>;
  serve(
    options: { port: number; hostname?: string; onListen?: (addr: { hostname: string; port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(signal: "SIGINT" | "SIGTERM", handler: () => void): void;
  exit(code?: number): never;
};

// Like `npm run start:prod`: React's production build, Secure cookies.
if (!Deno.env.get("NODE_ENV")) Deno.env.set("NODE_ENV", "production");

const port = Number(Deno.env.get("PORT") || 3000);
const trustProxy = ["1", "true"].includes((Deno.env.get("TRUST_PROXY") ?? "").toLowerCase());
const clientRoot = new URL("../build/client/", import.meta.url);
// Loading the build runs the database migrations (top-level await).
const build: ServerBuild = await import(new URL("../build/server/index.js", import.meta.url).href);
const handleRemix = createRequestHandler(build, "production");

const CONTENT_TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  html: "text/html; charset=utf-8",
  txt: "text/plain; charset=utf-8",
  json: "application/json; charset=utf-8",
  map: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  ico: "image/x-icon",
  woff: "font/woff",
  woff2: "font/woff2",
  wasm: "application/wasm",
};

/** A file under build/client, or null to let Remix answer (404s included). */
async function serveStatic(request: Request, pathname: string): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  let segments: string[];
  try {
    segments = decodeURIComponent(pathname).split("/").slice(1);
  } catch {
    return null; // malformed escape: not a file name
  }
  // No "..", no dotfiles, no empty segments, no separators smuggled in by escapes.
  if (segments.some((s) => s === "" || s.startsWith(".") || /[\\\0]/.test(s))) return null;
  const file = new URL(segments.map(encodeURIComponent).join("/"), clientRoot);
  if (!file.href.startsWith(clientRoot.href)) return null;
  const stat = await Deno.stat(file).catch(() => null);
  if (!stat?.isFile) return null;

  const etag = `W/"${stat.size.toString(16)}-${(stat.mtime?.getTime() ?? 0).toString(16)}"`;
  const extension = segments.at(-1)!.split(".").pop()!.toLowerCase();
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    "Cache-Control": segments[0] === "assets" ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    ETag: etag,
  });
  if (stat.mtime) headers.set("Last-Modified", stat.mtime.toUTCString());
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(stat.size));
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response((await Deno.open(file)).readable, { headers });
}

function forwarded(request: Request, name: string): string | undefined {
  return trustProxy ? request.headers.get(name)?.split(",")[0]?.trim() || undefined : undefined;
}

const server = Deno.serve(
  { port, onListen: () => console.log(`Salon app (Deno) ready at http://localhost:${port}`) },
  async (request, info) => {
    const url = new URL(request.url);
    const cspNonce = newNonce();
    let response =
      (await serveStatic(request, url.pathname)) ??
      (await handleRemix(request, {
        clientAddress: forwarded(request, "X-Forwarded-For") ?? info.remoteAddr.hostname,
        cspNonce,
      }));
    const https = url.protocol === "https:" || forwarded(request, "X-Forwarded-Proto") === "https";
    try {
      applySecurityHeaders(response.headers, { nonce: cspNonce, https });
    } catch {
      // Immutable headers (a Response passed through from fetch): copy it first.
      response = new Response(response.body, response);
      applySecurityHeaders(response.headers, { nonce: cspNonce, https });
    }
    return response;
  },
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    // Event streams stay open; do not wait for them for long.
    setTimeout(() => Deno.exit(0), 2000);
    void server.shutdown().then(() => Deno.exit(0));
  });
}
