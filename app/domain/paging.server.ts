// Keyset paging for the domain's growing lists (decision 0065): a list orders by one
// indexed key and the id as tie-break, reads `limit + 1` rows after the cursor's position,
// and hands back the last row's key as the next cursor. No OFFSET: a deep page costs what
// the first one costs.
import { and, gt, gte, lt, lte, or, type SQL, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";
import { decodeCursor, encodeCursor, INVALID_CURSOR, type CursorKey, type Page, type PageRequest } from "~/lib/paging";
import { Invalid } from "./errors";

/** A list's cursor: its sort key (text, e.g. an ISO instant or a name) and the row id. */
export const TextIdCursor = z.tuple([z.string().max(200), z.number().int().positive()]);
/** A list ordered by id alone. */
export const IdCursor = z.tuple([z.number().int().positive()]);

/** The key inside `after`, checked against the list's key shape; a foreign or altered cursor is 400. */
export function cursorKey<S extends z.ZodTypeAny>(after: string | null, shape: S): z.output<S> | null {
  if (after === null) return null;
  const parsed = shape.safeParse(decodeCursor(after));
  if (!parsed.success) throw new Invalid(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
  return parsed.data;
}

/**
 * Rows strictly after (key, id) in `direction` order, written so that SQLite can range-scan
 * the key's index (`key >= k and (key > k or id > i)`).
 */
export function afterKey(
  key: SQLWrapper,
  id: SQLWrapper,
  at: readonly [string, number] | null,
  direction: "asc" | "desc" = "asc",
): SQL | undefined {
  if (!at) return undefined;
  const [value, rowId] = at;
  return direction === "asc"
    ? and(gte(key, value), or(gt(key, value), gt(id, rowId)))
    : and(lte(key, value), or(lt(key, value), lt(id, rowId)));
}

/** A page from `limit + 1` rows read in order: the first `limit`, and a cursor when more exist. */
export function pageOf<R, T>(
  rows: R[],
  { limit }: PageRequest,
  keyOf: (row: R) => CursorKey,
  toItem: (row: R) => T,
): Page<T> {
  const kept = rows.slice(0, limit);
  const last = kept.at(-1);
  return {
    items: kept.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
