// Security headers for every response, shared by the Node and Deno servers.
// The Content-Security-Policy allows scripts only from this origin or carrying the
// per-request nonce that Remix stamps on its inline scripts.

/** @param {string} nonce @param {{ development?: boolean }} [options] */
export function contentSecurityPolicy(nonce, options = {}) {
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
 * A state-changing request sent by a page of another site. Both servers refuse it with
 * 403 before Remix sees it (Remix's own check would answer 500); the app checks again.
 * @param {string} method @param {(name: string) => string | null | undefined} header
 */
export function isCrossOriginWrite(method, header) {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = header("origin");
  if (!origin) return header("sec-fetch-site") === "cross-site";
  const host = header("x-forwarded-host")?.split(",")[0]?.trim() || header("host");
  try {
    return origin === "null" || new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export const CROSS_ORIGIN_MESSAGE = "Cross-origin requests are not allowed.";
