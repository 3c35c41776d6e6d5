// A year's report on the large demo salon (20 stylists, a year of history, 50,000+
// appointments) against the calendar's day view in the same run: the goal is a Last Year
// report costing no more than 3 day views. Times the server's answer (response head) of
// /reports?period=year (the whole screen: figures, previous year, chart, breakdown),
// /api/reports?period=year and the busiest day's Day view, interleaved one request at a
// time so both see the same machine. Also prints the size of the reports rollup and
// SQLite's plan for the report's queries on it.
// Prints figures; never fails on the goal.
//
//   npx remix vite:build && npx tsx bench/reports-year.ts [--samples=40]
import { positiveIntOption } from "./options";
import { percentile, requireBuild, seedLargeSalon, startSignedIn } from "./large-salon";

const GOAL_RATIO = 3;
const samples = positiveIntOption("samples", 40);

requireBuild();

const p50 = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
const p95 = (times: number[]) =>
  percentile(
    [...times].sort((a, b) => a - b),
    95,
  );

async function head(url: string, token: string, expect: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const elapsed = performance.now() - started;
  const body = await response.text();
  if (response.status !== 200 || !body.includes(expect))
    throw new Error(`${url}: unexpected answer ${response.status}`);
  return elapsed;
}

const salon = await seedLargeSalon("reports");
try {
  const { db, busiestDay: day } = salon;
  const total = await db.execute(
    "select count(*) as n from appointments where start_time >= datetime('now', '-1 year')",
  );
  console.log(`Appointments in the last year: ${total.rows[0]!.n}; busiest day ${day} (${salon.busiestCount})`);
  // The report reads the rollup kept by triggers on appointments (docs/decisions/0041): one
  // seek per stylist, service and client, and the salon's days for the chart.
  const rollup = await db.execute(
    "select (select count(*) from report_stylist_days) as stylistDays, (select count(*) from report_service_days) as serviceDays, (select count(*) from report_client_days) as clientDays",
  );
  const sizes = rollup.rows[0]!;
  console.log(
    `Rollup rows: ${sizes.stylistDays} stylist-days, ${sizes.serviceDays} service-days, ${sizes.clientDays} client-days (stylist 0 = the salon)`,
  );
  const plans = {
    "per stylist":
      "select s.id, sum(r.appointments) from stylists s join report_stylist_days r on r.stylist_id = s.id and r.day >= ? and r.day <= ? group by s.id",
    "per day (chart)":
      "select r.day, r.appointments from report_stylist_days r where r.stylist_id = 0 and r.day >= ? and r.day <= ?",
    "top services":
      "select sv.id, sum(r.revenue) from services sv cross join report_service_days r on r.stylist_id = 0 and r.service_id = sv.id and r.day >= ? and r.day <= ? group by sv.id",
    "client running total":
      "select c.id, (select p.cum_completed from report_client_days p where p.stylist_id = 0 and p.client_id = c.id and p.day <= ? order by p.day desc limit 1) from clients c",
  } as const;
  for (const [name, query] of Object.entries(plans)) {
    const args = ["2025-11-24", "2026-11-23"].slice(0, query.split("?").length - 1);
    const plan = await db.execute({ sql: `explain query plan ${query}`, args });
    console.log(`Plan, ${name}: ${plan.rows.map((row) => String(row.detail)).join("; ")}`);
  }

  const server = await startSignedIn(salon.databaseUrl, 1);
  try {
    const { token } = server;
    const targets = {
      "Day view (busiest day)": { url: `${server.url}/calendar?view=day&date=${day}`, expect: "Day Schedule" },
      "Reports, Last Year (page)": {
        url: `${server.url}/reports?period=year`,
        expect: "Stylist Performance Breakdown",
      },
      "GET /api/reports?period=year": { url: `${server.url}/api/reports?period=year`, expect: "totalRevenue" },
      "Reports, Last Month (page)": {
        url: `${server.url}/reports?period=month`,
        expect: "Stylist Performance Breakdown",
      },
    };
    const times = Object.fromEntries(Object.keys(targets).map((name) => [name, [] as number[]]));
    for (let round = 0; round < samples + 5; round += 1) {
      for (const [name, target] of Object.entries(targets)) {
        const elapsed = await head(target.url, token, target.expect);
        if (round >= 5) times[name]!.push(elapsed); // the first rounds warm up
      }
    }
    const dayView = p50(times["Day view (busiest day)"]!);
    console.log(`\nServer time (response head), ${samples} interleaved requests each, one at a time:`);
    for (const [name, list] of Object.entries(times)) {
      console.log(
        `${name.padEnd(32)} p50 ${p50(list).toFixed(1).padStart(7)} ms  p95 ${p95(list).toFixed(1).padStart(7)} ms  = ${(p50(list) / dayView).toFixed(2)} day views`,
      );
    }
    const ratio = p50(times["Reports, Last Year (page)"]!) / dayView;
    console.log(
      `\nA year's report costs ${ratio.toFixed(2)} day views (goal: at most ${GOAL_RATIO}): ${ratio <= GOAL_RATIO ? "within the goal" : "OVER the goal"}`,
    );
    const html = await (
      await fetch(targets["Reports, Last Year (page)"].url, { headers: { Authorization: `Bearer ${token}` } })
    ).text();
    console.log(`Reports page HTML, Last Year: ${(html.length / 1024).toFixed(0)} KB`);
  } finally {
    await server.stop();
  }
} finally {
  salon.remove();
}
