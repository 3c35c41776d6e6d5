// Reads that many requests ask for at once, computed once per data revision (decision 0089).
// When one booking changes, every tablet showing that day reloads it within a second: the
// first request computes the day, the others wait for the same promise, and every request
// after them gets the same value until the next write. The revision is one row, raised by
// database triggers on every write to what the calendar shows (migration 0013), so writes
// from other server processes, scripts and raw SQL count as well.
import { sql } from "drizzle-orm";
import { db, type Executor } from "#db/client.server";
import { KeptPromises } from "~/lib/kept-promises";

/** Values kept: a few days and views in a few visibilities; the oldest used goes first. */
const kept = new KeptPromises<unknown>(48);

/** The data revision now (as `executor` sees it), or null when the database has none (no sharing then). */
export async function dataRevision(executor: Executor = db): Promise<number | null> {
  const [row] = await executor.all<{ value: number }>(sql`select value from data_revision where id = 1`);
  return row ? Number(row.value) : null;
}

/**
 * `compute()`'s value for `key`, shared by every request for that key until the data
 * revision moves. The value is shared between requests: callers must not change it. A
 * failed computation is not kept. Keys must name everything the value depends on other
 * than the database (the date, the zone, who may see what).
 */
export async function sharedRead<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const revision = await dataRevision();
  if (revision === null) return compute();
  return kept.get(key, revision, compute) as Promise<T>;
}
