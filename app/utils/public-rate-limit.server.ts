// A per-address ceiling on the public read routes (`/api/public/salon`, `services`, `slots`):
// a window of counts kept in this process's memory, so a read costs no database write. With
// several worker processes each holds its own counts, so an address gets up to that many
// times the limit; the booking writes have their own limits in the database.
import { TooManyRequests } from "~/domain/errors";

const WINDOW_MS = 60_000;
/** Reads per address per minute: a person choosing a slot makes a few dozen at most. */
export const PUBLIC_READS_PER_MINUTE = 120;
const MAX_ADDRESSES = 50_000;

let windowStart = 0;
let counts = new Map<string, number>();

/** Counts one public read from `address`; throws TooManyRequests (429, Retry-After) past the limit. */
export function countPublicRead(address: string, now = Date.now()): void {
  if (now - windowStart >= WINDOW_MS || counts.size >= MAX_ADDRESSES) {
    windowStart = now;
    counts = new Map();
  }
  const count = (counts.get(address) ?? 0) + 1;
  counts.set(address, count);
  if (count > PUBLIC_READS_PER_MINUTE) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - now) / 1000));
    throw new TooManyRequests(
      "Too many requests from this address: please wait a minute and try again.",
      retryAfterSeconds,
    );
  }
}
