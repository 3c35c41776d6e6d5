// Security headers for every response, shared by the Node and Deno servers.
// The Content-Security-Policy allows scripts only from this origin or carrying the
// per-request nonce that Remix stamps on its inline scripts.

/** @param {string} nonce @param {{ development?: boolean }} [options] */
export function contentSecurityPolicy(nonce, options = {}) {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${options.development ? " 'unsafe-eval'" : ""}`,
    // Radix positions popovers with inline style attributes.
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
