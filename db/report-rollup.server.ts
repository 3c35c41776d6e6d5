// The reports rollup (docs/decisions/0041): per salon day, per stylist (0 = the whole
// salon), the figures of client appointments (with no-shows, migration 0010), completed services and clients' completed
// visits. Migration 0006 creates the tables and the SQLite triggers that keep them in step
// with every write to `appointments` (create, edit, move, status change, delete, a client's
// erasure or deletion, merges, imports: any SQL statement, in the writer's transaction).
// Nobody has to call anything after a write.
//
// What the triggers cannot know is the salon's time zone: they read it from
// `report_zone_offsets`, which this module fills. `ensureReportRollup` rebuilds everything
// from the appointments when the rollup was never built (a database migrated from before
// 0006) or was built for another zone; `rebuildReportRollup` does it unconditionally, for
// a bulk load that wants it done at once (the seed).
import { sql } from "drizzle-orm";
import { wallClock } from "~/lib/salon-time";
import { db, writeTransaction, type Executor } from "./client.server";

const FIRST_INSTANT = Date.UTC(1970, 0, 1);
const LAST_INSTANT = Date.UTC(2100, 0, 1);
const QUARTER_HOUR_MS = 15 * 60_000;
const WEEK_MS = 7 * 24 * 60 * 60_000;

function offsetMinutes(epochMs: number, timeZone: string): number {
  const { date, minutes } = wallClock(new Date(epochMs), timeZone);
  return Math.round((Date.parse(`${date}T00:00:00Z`) + minutes * 60_000 - epochMs) / 60_000);
}

/**
 * The zone's UTC offset as segments [from, offset] from 1970 to 2100 (before 1970 the first
 * offset, after 2100 the last one applies). Offsets change on a quarter hour (as the app's
 * wall-clock conversion assumes) and at most once a week, so the zone is sampled weekly and
 * each change is pinned to its quarter hour by bisection.
 */
export function zoneOffsetSegments(timeZone: string): { from: number | null; offset: number }[] {
  const segments: { from: number | null; offset: number }[] = [
    { from: null, offset: offsetMinutes(FIRST_INSTANT, timeZone) },
  ];
  let current = segments[0]!.offset;
  for (let at = FIRST_INSTANT + WEEK_MS; at - WEEK_MS < LAST_INSTANT; at += WEEK_MS) {
    const offset = offsetMinutes(at, timeZone);
    if (offset === current) continue;
    // The first quarter hour in (at - WEEK_MS, at] with the new offset.
    let low = (at - WEEK_MS) / QUARTER_HOUR_MS;
    let high = at / QUARTER_HOUR_MS;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetMinutes(middle * QUARTER_HOUR_MS, timeZone) === current) low = middle;
      else high = middle;
    }
    segments.push({ from: high * QUARTER_HOUR_MS, offset });
    current = offset;
  }
  return segments;
}

const modifier = (offset: number) => `${offset >= 0 ? "+" : ""}${offset} minutes`;

/** The salon day of `column` (an ISO instant), as the triggers compute it. */
const salonDay = (column: ReturnType<typeof sql.raw>) =>
  sql`date(${column}, (select o.modifier from report_zone_offsets o where o.starts_at <= ${column} order by o.starts_at desc limit 1))`;

/** Rebuilds the whole rollup for `timeZone` from the appointments, inside `executor`'s transaction. */
export async function rebuildReportRollup(executor: Executor, timeZone: string): Promise<void> {
  // Without a state row the triggers stand still while the tables are rewritten.
  await executor.run(sql`delete from report_rollup_state`);
  for (const table of ["report_stylist_days", "report_service_days", "report_client_days", "report_zone_offsets"])
    await executor.run(sql.raw(`delete from ${table}`));
  const segments = zoneOffsetSegments(timeZone);
  for (let i = 0; i < segments.length; i += 200) {
    const values = segments
      .slice(i, i + 200)
      .map(
        (segment) =>
          sql`(${segment.from === null ? "" : new Date(segment.from).toISOString()}, ${modifier(segment.offset)})`,
      );
    await executor.run(sql`insert into report_zone_offsets (starts_at, modifier) values ${sql.join(values, sql`, `)}`);
  }
  // Each client appointment once with its salon day, then once for its stylist and once for the salon (0).
  const visits = sql`visits as (
    select case when whole.salon then 0 else a.stylist_id end as stylist_id, a.day, a.status, a.client_id, a.service_id, a.price, a.seconds
    from (select ${salonDay(sql.raw("start_time"))} as day, stylist_id, status, client_id, service_id, price,
            unixepoch(end_time) - unixepoch(start_time) as seconds
          from appointments where status <> 'blocked') a
    cross join (select 1 as salon union all select 0) whole)`;
  await executor.run(sql`with ${visits}
    insert into report_stylist_days (stylist_id, day, appointments, completed, cancelled, no_shows, revenue, booked_seconds)
    select stylist_id, day, count(*), sum(status = 'completed'), sum(status = 'cancelled'), sum(status = 'no_show'),
      sum(case when status = 'completed' then price else 0 end), sum(case when status <> 'cancelled' then seconds else 0 end)
    from visits group by stylist_id, day`);
  await executor.run(sql`with ${visits}
    insert into report_service_days (stylist_id, service_id, day, completed, revenue)
    select stylist_id, service_id, day, count(*), sum(price)
    from visits where status = 'completed' and service_id is not null group by stylist_id, service_id, day`);
  await executor.run(sql`with ${visits}, per_day as (
      select stylist_id, client_id, day, count(*) as completed, sum(price) as revenue
      from visits where status = 'completed' and client_id is not null group by stylist_id, client_id, day)
    insert into report_client_days (stylist_id, client_id, day, completed, revenue, cum_completed, cum_revenue)
    select stylist_id, client_id, day, completed, revenue,
      sum(completed) over running, sum(revenue) over running
    from per_day window running as (partition by stylist_id, client_id order by day rows unbounded preceding)`);
  await executor.run(
    sql`insert into report_rollup_state (id, time_zone, built_at) values (1, ${timeZone}, ${new Date().toISOString()})`,
  );
}

/** Builds the rollup when it was never built, or was built for another time zone; otherwise one tiny read. */
export async function ensureReportRollup(timeZone: string): Promise<void> {
  const built = async (executor: Executor) => {
    const [state] = await executor.all<{ timeZone: string }>(
      sql`select time_zone as timeZone from report_rollup_state where id = 1`,
    );
    return state?.timeZone === timeZone;
  };
  if (await built(db)) return;
  await writeTransaction(async (tx) => {
    if (!(await built(tx))) await rebuildReportRollup(tx, timeZone);
  });
}
