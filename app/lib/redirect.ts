// Any control character (browsers drop tab and newline from URLs, so "/\t/evil" becomes
// "//evil") or backslash (read as "/") makes a target unsafe.
const UNSAFE = /[\u0000-\u001f\u007f\\]/;
const BASE = "http://app.invalid";

/**
 * Only same-origin paths, so a crafted link cannot send someone elsewhere after sign-in:
 * the target is resolved against this app's origin, as a browser would, and anything that
 * lands on another origin (or holds a control character or backslash) gives `fallback`.
 */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || UNSAFE.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * `path` with the named query parameters copied from `search` (a dialog's Cancel and its
 * redirect keep the list's search, page size or tab).
 */
export function pathKeeping(path: string, search: string | URLSearchParams, keys: readonly string[]): string {
  const source = typeof search === "string" ? new URLSearchParams(search) : search;
  const kept = new URLSearchParams();
  for (const key of keys) {
    const value = source.get(key);
    if (value) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${path}?${query}` : path;
}
