// The build's JavaScript and CSS, sent as the build compressed them (brotli 11 or gzip 9,
// `x.js.br` / `x.js.gz` next to `x.js`, written by the Vite config): smaller than compressing
// on each request at the fast level pages use, and no CPU per request. Files without a
// compressed copy, and clients that accept neither encoding, fall through to the plain
// static files (decision 0121).
import { existsSync, readdirSync } from "node:fs";
import { extname, join, resolve } from "node:path";

const TYPES = { ".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8" };

/**
 * Express middleware for the directory `dir` (mounted where `express.static` serves it).
 * @param {string} dir
 * @param {{ maxAge: string, immutable: boolean }} cache
 * @returns {import("express").RequestHandler}
 */
export function precompressed(directory, cache) {
  // sendFile wants an absolute path.
  const dir = resolve(directory);
  // The build does not change while the server runs: which copies exist is read once.
  const copies = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.replace(/^\//, "");
    const type = TYPES[/** @type {keyof typeof TYPES} */ (extname(name))];
    if (!type || name.includes("/")) return next();
    // Brotli whenever accepted (browsers list gzip first, at the same weight).
    const encoding =
      req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
    const suffix = encoding === "br" ? ".br" : ".gz";
    if (!encoding || !copies.has(name + suffix)) return next();
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Encoding", encoding);
    res.vary("Accept-Encoding");
    res.sendFile(join(dir, name + suffix), { ...cache, acceptRanges: false, dotfiles: "deny" }, (error) => {
      if (!error) return;
      if (res.headersSent) return next(error);
      // Gone since the server started: the plain file, if any, as any other static file.
      res.removeHeader("Content-Encoding");
      res.removeHeader("Content-Type");
      next();
    });
  };
}
