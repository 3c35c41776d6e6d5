// A stylist's calendar feed on the large demo salon (20 stylists, a year of history, 90 days
// ahead): the time to build one feed (the busiest stylist, 120 days of appointments), its
// size, and the query plan of its range read. Phones fetch it every 15 minutes to hours, so
// the figure to watch is that it stays small next to the calendar's day view.
//
//   npx tsx bench/calendar-feed.ts [--samples=50]
//
// Prints figures; never fails on them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { positiveIntOption } from "./options";

const samples = positiveIntOption("samples", 50);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "salon-feed-bench-"));
const env = {
  ...process.env,
  DATABASE_URL: `file:${join(dir, "salon.db")}`,
  SESSION_SECRET: "bench-session-secret-0123456789abcdef",
};
Object.assign(process.env, env);

try {
  console.log("Seeding the large demo salon (20 stylists, 365 days back, 90 ahead)...");
  execFileSync(
    process.execPath,
    [join(root, "node_modules/tsx/dist/cli.mjs"), "db/seed.ts", "--stylists=20", "--days-back=365", "--days-ahead=90"],
    { cwd: root, env, stdio: "ignore" },
  );

  const { db, rawClient } = await import("#db/client.server");
  const { appointments, users } = await import("#db/schema");
  const { count, desc, eq } = await import("drizzle-orm");
  const { calendarFeedFor, FEED_DAYS_AHEAD, FEED_DAYS_BACK, issueCalendarFeed } =
    await import("~/domain/calendar-feed.server");

  const [busiest] = await db
    .select({ stylistId: appointments.stylistId, n: count() })
    .from(appointments)
    .groupBy(appointments.stylistId)
    .orderBy(desc(count()))
    .limit(1);
  const [admin] = await db.select().from(users).where(eq(users.role, "admin")).limit(1);
  const { token } = await issueCalendarFeed(admin!, busiest!.stylistId);
  const [total] = await db.select({ n: count() }).from(appointments);

  const times: number[] = [];
  let body = "";
  for (let i = 0; i < samples; i += 1) {
    // A fresh window each time would only count the rate limit: reset the row's counter.
    await rawClient().execute("UPDATE calendar_feeds SET window_count = 0");
    const started = performance.now();
    body = (await calendarFeedFor(token, { uidDomain: "salon.test" })) ?? "";
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const events = body.split("BEGIN:VEVENT").length - 1;
  console.log(
    `appointments in the database: ${total!.n}; the busiest stylist's feed (${FEED_DAYS_BACK} days back to ${FEED_DAYS_AHEAD} ahead): ${events} events, ${(Buffer.byteLength(body) / 1024).toFixed(0)} KB`,
  );
  console.log(
    `build one feed, ${samples} samples: p50 ${times[Math.floor(samples / 2)]!.toFixed(1)} ms, p95 ${times[Math.floor(samples * 0.95)]!.toFixed(1)} ms`,
  );
  const plan = await rawClient().execute({
    sql: "EXPLAIN QUERY PLAN SELECT id FROM appointments WHERE stylist_id = ? AND start_time >= ? AND start_time < ? ORDER BY start_time, id",
    args: [busiest!.stylistId, "2026-01-01", "2026-05-01"],
  });
  console.log("query plan:", plan.rows.map((row) => row.detail).join(" | "));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
