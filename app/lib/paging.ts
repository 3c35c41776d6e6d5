// One paging convention for pages and `/api` (decision 0065): `?limit=` (a whole number
// from 1 to the list's maximum; more is refused, not clamped) and `?cursor=`, an opaque
// keyset position (base64url of the last row's sort key) that the previous page handed out.
// A page is `{ items, nextCursor }`; `nextCursor` is null on the last page.

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
/** A cursor longer than this is not one of ours: refused before it is decoded. */
const MAX_CURSOR_LENGTH = 400;

export type CursorKey = readonly (string | number)[];
export type Page<T> = { items: T[]; nextCursor: string | null };
export type PageRequest = { limit: number; after: string | null };
export type PageOptions = { defaultLimit?: number; maxLimit?: number };

export function encodeCursor(key: CursorKey): string {
  const bytes = new TextEncoder().encode(JSON.stringify(key));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The key inside a cursor, or null when the text is not a cursor this app wrote. */
export function decodeCursor(text: string): unknown[] | null {
  if (text.length === 0 || text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const value: unknown = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))),
    );
    return Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function limitMessage(maxLimit: number): string {
  return `limit must be a whole number from 1 to ${maxLimit}`;
}

/**
 * `limit` and `cursor` from a query string. A missing limit is the default; a limit that
 * is not a plain whole number from 1 to the maximum is an error (the caller answers 400).
 * The cursor is checked by the list that reads it, which knows its key's shape.
 */
export function readPageParams(
  params: URLSearchParams,
  { defaultLimit = PAGE_SIZE, maxLimit = MAX_PAGE_SIZE }: PageOptions = {},
): { ok: true; page: PageRequest } | { ok: false; field: "limit" | "cursor"; message: string } {
  const limitText = params.get("limit");
  let limit = defaultLimit;
  if (limitText !== null) {
    limit = /^[1-9][0-9]{0,5}$/.test(limitText) ? Number(limitText) : NaN;
    if (!(limit <= maxLimit)) return { ok: false, field: "limit", message: limitMessage(maxLimit) };
  }
  const cursor = params.get("cursor");
  if (cursor !== null && cursor.length > MAX_CURSOR_LENGTH)
    return { ok: false, field: "cursor", message: INVALID_CURSOR };
  return { ok: true, page: { limit, after: cursor || null } };
}

export const INVALID_CURSOR = "cursor is not valid: use the next link of the previous page";

/**
 * The addresses of the first page (null when this is it) and of the next page (null on the
 * last page) of the list at `url`: its path and query with `cursor` dropped or replaced,
 * as path-absolute references (RFC 3986), so they stay right behind a proxy. A screen with
 * two paged lists names each list's cursor parameter (`param`).
 */
export function pageHrefs(
  url: URL | string,
  nextCursor: string | null,
  param = "cursor",
): { firstHref: string | null; nextHref: string | null } {
  const target = new URL(url, "http://local");
  const onFirst = !target.searchParams.has(param);
  target.searchParams.delete(param);
  const first = target.searchParams.size ? `${target.pathname}?${target.searchParams}` : target.pathname;
  if (nextCursor) target.searchParams.set(param, nextCursor);
  return {
    firstHref: onFirst ? null : first,
    nextHref: nextCursor ? `${target.pathname}?${target.searchParams}` : null,
  };
}
