// The Deno server: the same production build as server.js, served with Deno.serve.
// Build first (`npx remix vite:build`), then run from the project root (migrations are
// read from ./db/migrations; npm packages come from ./node_modules, nothing is fetched):
//   deno run --no-prompt --no-lock --node-modules-dir=manual --allow-net --allow-env \
//     --allow-read --allow-write --allow-ffi --allow-sys=cpus,networkInterfaces,hostname \
//     server/deno.ts
// --allow-ffi loads libsql's native addon, whose loader also reads process.report
// (hence --allow-sys); --allow-write is for the database directory. Read and write can
// be narrowed, e.g. --allow-read=.,/data --allow-write=/data --allow-ffi=node_modules/@libsql.
import { createRequestHandler, type ServerBuild } from "@remix-run/server-runtime";
import { inRequestScope } from "./request-scope.js";
import {
  applySecurityHeaders,
  clientAddress,
  CROSS_ORIGIN_MESSAGE,
  isCrossOriginWrite,
  newNonce,
  proxyHops,
  refusedBody,
} from "./security.js";

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
// Behind TRUST_PROXY proxies, only the X-Forwarded-* entries they appended are believed.
const hops = proxyHops(Deno.env.get("TRUST_PROXY"));
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

// Like compression() in server.js (Deno.serve does not compress). Event streams are
// left alone: they are text/event-stream and say no-transform.
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;
function compress(request: Request, response: Response): Response {
  const original = response.headers;
  if (
    !response.body ||
    !COMPRESSIBLE.test(original.get("Content-Type") ?? "") ||
    original.has("Content-Encoding") ||
    /no-transform/.test(original.get("Cache-Control") ?? "") ||
    !/\bgzip\b/.test(request.headers.get("Accept-Encoding") ?? "")
  ) {
    return response;
  }
  const headers = new Headers(original);
  headers.delete("Content-Length");
  headers.set("Content-Encoding", "gzip");
  headers.append("Vary", "Accept-Encoding");
  const { status, statusText } = response;
  return new Response(response.body.pipeThrough(new CompressionStream("gzip")), { status, statusText, headers });
}

function forwardedProto(request: Request): string | undefined {
  return hops > 0 ? request.headers.get("X-Forwarded-Proto")?.split(",").at(-hops)?.trim() || undefined : undefined;
}

// The SMS reminder scheduler starts once the port is ours (as in server.js): Deno.serve
// throws on a busy port before onListen, so a mistaken second start claims nothing.
const onListen = () => {
  console.log(`Salon app (Deno) ready at http://localhost:${port}`);
  (build.entry.module as { startBackgroundJobs?: () => void }).startBackgroundJobs?.();
};
const server = Deno.serve({ port, onListen }, async (request, info) => {
  const url = new URL(request.url);
  const https = url.protocol === "https:" || forwardedProto(request) === "https";
  // Like Express's req.protocol: the app decides Secure cookies by the request's URL.
  if (https && url.protocol === "http:") {
    url.protocol = "https:";
    request = new Request(url, request);
  }
  const cspNonce = newNonce();
  const header = (name: string) => request.headers.get(name);
  const refusedAs = isCrossOriginWrite(request.method, header, { trustProxy: hops > 0 })
    ? { status: 403, message: CROSS_ORIGIN_MESSAGE }
    : refusedBody(request.method, url.pathname, header);
  const refused = refusedAs ? Response.json({ message: refusedAs.message }, { status: refusedAs.status }) : null;
  const response = compress(
    request,
    refused ??
      (await serveStatic(request, url.pathname)) ??
      (await inRequestScope(request.method, () =>
        handleRemix(request, {
          clientAddress: clientAddress(info.remoteAddr.hostname, request.headers.get("X-Forwarded-For"), hops),
          cspNonce,
        }),
      )),
  );
  // As in server.js: what the app answers is private unless a route says otherwise.
  if (!response.headers.has("Cache-Control")) {
    try {
      response.headers.set("Cache-Control", "no-store");
    } catch {
      // immutable headers: left as they are
    }
  }
  try {
    applySecurityHeaders(response.headers, { nonce: cspNonce, https });
    return response;
  } catch {
    // Immutable headers (a Response passed through from fetch): copy it first.
    const copy = new Response(response.body, response);
    applySecurityHeaders(copy.headers, { nonce: cspNonce, https });
    return copy;
  }
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    // Event streams stay open; do not wait for them for long.
    setTimeout(() => Deno.exit(0), 2000);
    void server.shutdown().then(() => Deno.exit(0));
  });
}
