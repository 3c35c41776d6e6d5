// The Node server: Remix behind Express, with compression, static assets, security
// headers (a per-request CSP nonce), a refusal of cross-origin writes and the client
// address for sign-in throttling.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { networkInterfaces } from "node:os";
import { createRequestHandler } from "@remix-run/express";
import { constants as zlibConstants } from "node:zlib";
import compression from "compression";
import express from "express";
import { precompressed } from "./server/precompressed.js";
import { inRequestScope } from "./server/request-scope.js";
import {
  applySecurityHeaders,
  clientAddress,
  CROSS_ORIGIN_MESSAGE,
  isCrossOriginWrite,
  newNonce,
  proxyHops,
  refusedBody,
} from "./server/security.js";

const development = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
const port = Number(process.env.PORT || 3000);
// Behind TRUST_PROXY proxies, only the X-Forwarded-For entries they appended are believed.
const hops = proxyHops(process.env.TRUST_PROXY);
// WEB_CONCURRENCY > 1 runs that many worker processes (one per core) behind one port.
// They share the database as separate machines would: live events go through the events
// table and sign-in throttling through the database.
// The exit code of a process that could not listen: a supervisor does not restart it.
const LISTEN_FAILED = 3;
const workers = development ? 1 : Math.max(1, Number(process.env.WEB_CONCURRENCY || 1));
// A client has this long to send its headers, and its whole request (the 10 MB CSV import
// at 2 Mbit/s fits): a stalled upload is answered 408 and its connection closed, instead of
// holding memory and a socket for Node's default five minutes. Responses are not limited
// (event streams stay open).
const HEADERS_TIMEOUT_MS = Number(process.env.HEADERS_TIMEOUT_MS || 10_000);
const REQUEST_TIMEOUT_MS = Number(process.env.REQUEST_TIMEOUT_MS || 60_000);

function lanAddresses() {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry && entry.family === "IPv4" && !entry.internal)
    .map((entry) => entry.address);
}

async function serve() {
  const vite = development
    ? await import("vite").then((module) => module.createServer({ server: { middlewareMode: true } }))
    : undefined;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", hops);
  // The fastest levels (docs/decisions/0067): on the salon's Wi-Fi a few KB more on the wire
  // cost less than the milliseconds of CPU a higher level takes on every page.
  app.use(compression({ level: 1, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } } }));
  // Remix's adapter flushes the compressor after every chunk it writes (for streaming), and a
  // response is written as many small chunks: one flush per turn of the event loop sends the
  // same bytes as soon, in one gzip block and one socket write instead of dozens.
  app.use((req, res, next) => {
    const flush = res.flush;
    if (typeof flush === "function") {
      let pending = false;
      res.flush = () => {
        if (pending) return;
        pending = true;
        setImmediate(() => {
          pending = false;
          flush.call(res);
        });
      };
    }
    next();
  });
  app.use((req, res, next) => {
    res.locals.cspNonce = newNonce();
    applySecurityHeaders(res, { nonce: res.locals.cspNonce, development, https: req.secure });
    // Anything the app answers (pages, their .data requests, /api) is private: not cached
    // unless a route or the static files below say otherwise.
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    };
    const header = (name) => req.get(name);
    if (isCrossOriginWrite(req.method, header, { trustProxy: hops > 0 })) {
      res.status(403).json({ message: CROSS_ORIGIN_MESSAGE });
      return;
    }
    const refused = refusedBody(req.method, req.path, header);
    if (refused) {
      // Close the connection rather than read (and discard) a huge body.
      res.set("Connection", "close").status(refused.status).json({ message: refused.message });
      return;
    }
    next();
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    app.use("/assets", precompressed("build/client/assets", { immutable: true, maxAge: "1y" }));
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
    app.use(express.static("build/client", { maxAge: "1h" }));
  }

  const build = vite ? () => vite.ssrLoadModule("virtual:remix/server-build") : await import("./build/server/index.js");

  const handleRemix = createRequestHandler({
    build,
    mode: development ? "development" : "production",
    getLoadContext: (req, res) => ({
      clientAddress: clientAddress(req.socket.remoteAddress ?? "unknown", req.get("x-forwarded-for"), hops),
      cspNonce: res.locals.cspNonce,
    }),
  });
  // A page's loaders share one lookup of the signed-in user (server/request-scope.js).
  app.all("*", (req, res, next) => inRequestScope(req.method, () => handleRemix(req, res, next)));

  const loaded = vite ? await vite.ssrLoadModule("virtual:remix/server-build") : build;

  // All interfaces: the salon's tablets open http://<this machine's LAN address>:PORT.
  const server = createServer(
    {
      headersTimeout: HEADERS_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, HEADERS_TIMEOUT_MS),
    },
    app,
  );
  server.listen(port, () => {
    console.log(`Salon app ready at http://localhost:${port}${cluster.isWorker ? ` (worker ${process.pid})` : ""}`);
    if (!cluster.isWorker || cluster.worker?.id === 1) {
      for (const address of lanAddresses()) console.log(`  on the local network: http://${address}:${port}`);
    }
    // Only a process that serves runs the reminder scheduler (once; each worker its own):
    // a second start on a busy port must not claim reminders it will never send
    // (docs/decisions/0095). Claims are made in the database, so several workers or
    // machines never send one twice.
    loaded.entry?.module?.startBackgroundJobs?.();
  });
  // An uncaught exception or unhandled rejection leaves the process in an unknown state: log
  // it, stop taking requests and exit 1, so the supervisor (the primary process under
  // WEB_CONCURRENCY, systemd, Docker or Fly) starts a fresh one. Reminder claims are
  // leases, so a send cut short is settled by the next process.
  const fail = (kind) => (error) => {
    console.error(`${kind}; the process exits so that a fresh one takes over:`, error);
    server.close();
    setTimeout(() => process.exit(1), 1000).unref();
  };
  process.once("uncaughtException", fail("Uncaught exception"));
  process.once("unhandledRejection", fail("Unhandled promise rejection"));
  server.on("error", (error) => {
    const reason =
      error.code === "EADDRINUSE" ? `port ${port} is already in use (is the app already running?)` : error.message;
    console.error(`Cannot listen on port ${port}: ${reason}`);
    // Nothing has been claimed or started: exit at once. A worker's supervisor stops too.
    process.exit(LISTEN_FAILED);
  });

  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      server.close(() => process.exit(0));
      // Event streams stay open; do not wait for them.
      setTimeout(() => process.exit(0), 2000).unref();
    });
  }
}

async function superviseWorkers() {
  // Migrate once, before any worker starts serving.
  await import("./build/server/index.js");
  let stopping = false;
  for (let index = 0; index < workers; index += 1) cluster.fork();
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) return;
    if (code === LISTEN_FAILED) {
      // The port is taken: another worker would fail the same way.
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.kill("SIGTERM");
      process.exit(LISTEN_FAILED);
    }
    console.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    cluster.fork();
  });
  for (const signal of ["SIGTERM", "SIGINT"]) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
      setTimeout(() => process.exit(0), 2500).unref();
    });
  }
}

if (workers > 1 && cluster.isPrimary) await superviseWorkers();
else await serve();
