// The clock of the tests whose result depends on the day. Vitest's fake `Date` (only `Date`:
// timers, `performance` and the event loop stay real) starts at a fixed instant and runs on
// with real time, so time still passes between two steps of a test.
//
// `useTestClock()` is for tests written relative to "today" (a booking three days ahead, the
// next working day): it starts at TEST_NOW, an ISO instant, when set, else at TEST_DEFAULT_NOW,
// a Wednesday. `npm run test:integration:otherday` sets TEST_NOW (and runs the suite under
// `faketime` at the same instant, which moves server processes and every other clock too),
// so CI tries another day and time of day on each run; see docs/decisions/0091.
//
// `pinClock(instant)` is for tests written against calendar dates ("17 Nov is past, 1 Dec is
// to come"): they keep their own instant whatever the day.
//
// Only JavaScript's `Date` moves: SQLite's 'now' (column defaults, the trigger that keeps
// `updated_at`) keeps the process's clock. A file that compares the two (calendar-feed's
// LAST-MODIFIED) stays off this clock and meets other days through `faketime` alone.
import { afterAll, vi } from "vitest";

/** Wednesday 25 November 2026, 10:30 in London: the day the old helpers failed on. */
export const TEST_DEFAULT_NOW = "2026-11-25T10:30:00.000Z";

export function testNow(): Date {
  const value = process.env.TEST_NOW?.trim() || TEST_DEFAULT_NOW;
  const now = new Date(value);
  if (Number.isNaN(now.getTime())) throw new Error(`TEST_NOW is not an instant: ${value}`);
  return now;
}

/**
 * Starts the file's `Date` at `now` for all its tests. Call it at the top level of a test
 * file, before anything reads the date: it takes effect at once, so a `describe` body that
 * computes "today" while the file is collected sees the test clock too.
 */
export function pinClock(now: Date | string): void {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date(now), shouldAdvanceTime: true });
  afterAll(() => {
    vi.useRealTimers();
  });
}

/** The file's `Date` starts at the seeded test instant (TEST_NOW, else a fixed Wednesday). */
export function useTestClock(): Date {
  const now = testNow();
  pinClock(now);
  return now;
}
