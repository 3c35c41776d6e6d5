/** Only same-site paths, so a crafted link cannot send someone elsewhere after sign-in. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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
