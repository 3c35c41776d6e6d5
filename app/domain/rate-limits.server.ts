// Counters for the public booking page's limits (decision 0102): one row per counted event
// in `rate_limit_hits`, read and added in the caller's write transaction, so racing
// requests are counted one after the other and cannot both slip under a limit. Keys are
// SHA-256 hashes (an address, a phone number), never the values.
import { createHash } from "node:crypto";
import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { rateLimitHits } from "#db/schema";

export type Limit = { limit: number; windowSeconds: number; now?: Date };
export type HitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The key a value is counted under: its SHA-256 (hex), so the table holds no address or number. */
export function limitKey(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * Counts one event for (bucket, key) if fewer than `limit` were counted in the last
 * `windowSeconds`; otherwise counts nothing and answers how long until the oldest one
 * leaves the window. Call inside a write transaction. Rows older than the window are purged.
 */
export async function hit(
  executor: Executor,
  bucket: string,
  key: string,
  { limit, windowSeconds, now = new Date() }: Limit,
): Promise<HitResult> {
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const sameKey = and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key));
  await executor.delete(rateLimitHits).where(and(sameKey, lt(rateLimitHits.at, since)));
  const [{ n } = { n: 0 }] = await executor
    .select({ n: count() })
    .from(rateLimitHits)
    .where(and(sameKey, gt(rateLimitHits.at, since)));
  if (n >= limit) {
    const [oldest] = await executor
      .select({ at: rateLimitHits.at })
      .from(rateLimitHits)
      .where(and(sameKey, gt(rateLimitHits.at, since)))
      .orderBy(asc(rateLimitHits.at))
      .limit(1);
    const leaves = oldest ? Date.parse(oldest.at) + windowSeconds * 1000 : now.getTime() + windowSeconds * 1000;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((leaves - now.getTime()) / 1000)) };
  }
  await executor.insert(rateLimitHits).values({ bucket, key, at: now.toISOString() });
  return { allowed: true };
}

/** Rows of every bucket older than a day: the longest window there is. */
export async function purgeOldHits(executor: Executor, now = new Date()): Promise<void> {
  await executor.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now.getTime() - 86_400_000).toISOString()));
}
