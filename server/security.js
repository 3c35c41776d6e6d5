// Security headers for every response, shared by the Node and Deno servers.
// The Content-Security-Policy allows scripts only from this origin or carrying the
// per-request nonce that Remix stamps on its inline scripts.

/** @param {string} nonce @param {{ development?: boolean }} [options] */
function contentSecurityPolicy(nonce, options = {}) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${options.development ? " 'unsafe-eval'" : ""}`,
    // The calendar places its blocks with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${options.development ? " ws: wss:" : ""}`,
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  return directives.join("; ");
}

/**
 * @param {Headers | { setHeader(name: string, value: string): void }} target
 * @param {{ nonce: string, development?: boolean, https?: boolean }} options
 */
export function applySecurityHeaders(target, options) {
  const set = (name, value) => ("set" in target ? target.set(name, value) : target.setHeader(name, value));
  set("Content-Security-Policy", contentSecurityPolicy(options.nonce, options));
  set("X-Content-Type-Options", "nosniff");
  set("X-Frame-Options", "DENY");
  set("Referrer-Policy", "strict-origin-when-cross-origin");
  set("Cross-Origin-Opener-Policy", "same-origin");
  set("Cross-Origin-Resource-Policy", "same-origin");
  set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (options.https) set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

export function newNonce() {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * How many reverse proxies stand in front of the app: TRUST_PROXY=false (0), true (1)
 * or a number of hops. Only the entries those proxies appended to X-Forwarded-For are
 * believed; anything further left was written by the client.
 * @param {string | undefined} value
 */
export function proxyHops(value) {
  const text = String(value ?? "")
    .trim()
    .toLowerCase();
  if (text === "" || text === "false" || text === "0") return 0;
  if (text === "true") return 1;
  const hops = Number(text);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUST_PROXY must be true, false or a number of proxy hops (0-10), not "${value}".`);
  return hops;
}

/**
 * The client's address: the socket's peer, or, behind `hops` trusted proxies, the entry
 * the outermost trusted proxy appended (counted from the right of X-Forwarded-For).
 * @param {string} peer @param {string | null | undefined} forwardedFor @param {number} hops
 */
export function clientAddress(peer, forwardedFor, hops) {
  if (hops <= 0 || !forwardedFor) return peer;
  const entries = forwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  // The socket peer is the nearest proxy; each further trusted hop is one entry from the right.
  return entries[Math.max(0, entries.length - hops)] ?? peer;
}

/**
 * A state-changing request sent by a page of another site: the Origin header (or, when a
 * browser leaves it out, Sec-Fetch-Site) must name this host. X-Forwarded-Host is believed
 * only behind a trusted proxy. The one implementation: both servers refuse such a request
 * with 403 before Remix sees it (Remix's own check would answer 500), and the app asks the
 * same question for cookie-authenticated requests.
 * @param {string} method @param {(name: string) => string | null | undefined} header
 * @param {{ trustProxy?: boolean }} [options]
 */
export function isCrossOriginWrite(method, header, options = {}) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = header("origin");
  if (!origin) return header("sec-fetch-site") === "cross-site";
  const forwardedHost = options.trustProxy ? header("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = forwardedHost || header("host");
  try {
    return origin === "null" || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export const CROSS_ORIGIN_MESSAGE = "Cross-origin requests are not allowed.";

// Request bodies are refused before anything reads them: 1 MB for JSON and forms, 10 MB
// for the two CSV import endpoints.
const BODY_LIMIT_BYTES = 1024 * 1024;
const IMPORT_BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const IMPORT_PATHS = new Set(["/api/clients/bulk-import", "/settings/import"]);

/** @param {string} pathname */
function bodyLimitFor(pathname) {
  return IMPORT_PATHS.has(pathname.replace(/\/+$/, "")) ? IMPORT_BODY_LIMIT_BYTES : BODY_LIMIT_BYTES;
}

/**
 * Why a request's body is refused before it is read, or null. A body must declare its
 * length (Node's parser then never reads past it), and that length must be within the
 * path's limit.
 * @param {string} method @param {string} pathname @param {(name: string) => string | null | undefined} header
 * @returns {{ status: number, message: string } | null}
 */
export function refusedBody(method, pathname, header) {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  const limit = bodyLimitFor(pathname);
  const length = header("content-length");
  if (length === null || length === undefined || length === "") {
    if (!header("transfer-encoding")) return null; // no body at all
    return { status: 411, message: "Please send the request body with a Content-Length header." };
  }
  const bytes = Number(length);
  if (!Number.isSafeInteger(bytes) || bytes < 0)
    return { status: 400, message: "The Content-Length header is not a number." };
  if (bytes > limit)
    return { status: 413, message: `The request body is too large (the limit is ${limit / (1024 * 1024)} MB).` };
  return null;
}
