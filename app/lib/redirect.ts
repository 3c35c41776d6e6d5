import { hasControlCharacters } from "./schemas/limits";

const BASE = "http://app.invalid";

// Any control character (browsers drop tab and newline from URLs, so "/\t/evil" becomes
// "//evil") or backslash (read as "/") makes a target unsafe.
const unsafe = (target: string) => hasControlCharacters(target) || target.includes("\\");

// What a browser would read as another host: a Location of "//host" or "/\host" is
// protocol-relative, whatever produced it.
const leavesOrigin = (target: string) => !target.startsWith("/") || target.startsWith("//") || unsafe(target);

/**
 * Only same-origin paths, so a crafted link cannot send someone elsewhere after sign-in:
 * the target is resolved against this app's origin, as a browser would, and anything that
 * lands on another origin (or holds a control character or backslash) gives `fallback`.
 * The resolved value is checked too: "/.//evil.example" resolves to the path
 * "//evil.example", which as a Location header is another host.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || leavesOrigin(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const resolved = `${url.pathname}${url.search}${url.hash}`;
  return leavesOrigin(resolved) ? fallback : resolved;
}
