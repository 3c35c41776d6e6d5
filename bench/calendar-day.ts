// The calendar's speed on a large salon (ARCHITECTURE "Budgets"): 20 stylists and a year
// of history (50,000+ appointments) in a fresh database, the production server, then the
// day view's full server render (HTML document) timed from a client on loopback, alone and
// under concurrent load. Also prints the query plan of the day's range query and the
// calendar route's gzipped JavaScript. Prints figures; never fails on a budget.
//
//   npx remix vite:build && npx tsx bench/calendar-day.ts [--requests=300] [--concurrency=8] [--workers=2]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { startServer } from "../tests/server-process";
import { positiveIntOption } from "./options";

const RENDER_BUDGET_P95_MS = 50;

const requests = positiveIntOption("requests", 300);
const concurrency = positiveIntOption("concurrency", 8);
// One worker process per core, as production runs it (WEB_CONCURRENCY).
const workers = positiveIntOption("workers", 2);

const root = dirname(dirname(fileURLToPath(import.meta.url)));
process.chdir(root);
if (!existsSync("build/server/index.js")) {
  console.error("No production build. Run: npx remix vite:build");
  process.exit(1);
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p95 = percentile(sorted, 95);
  console.log(
    `${label.padEnd(38)} n=${String(sorted.length).padStart(4)}  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  max ${sorted.at(-1)!.toFixed(1).padStart(6)} ms  budget p95 < ${RENDER_BUDGET_P95_MS} ms: ${p95 < RENDER_BUDGET_P95_MS ? "within budget" : "OVER budget"}`,
  );
}

type Timing = { firstByte: number; complete: number };

/** Time to the response's head (the server has loaded the data and rendered the shell) and to its last byte. */
async function timed(url: string, token: string): Promise<Timing> {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  const firstByte = performance.now() - started;
  const body = await response.text();
  if (response.status !== 200 || !body.includes("Day Schedule")) throw new Error(`unexpected answer ${response.status}`);
  return { firstByte, complete: performance.now() - started };
}

async function load(url: string, token: string, count: number, parallel: number): Promise<Timing[]> {
  const times: Timing[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        times.push(await timed(url, token));
      }
    }),
  );
  return times;
}

function report(label: string, timings: Timing[]) {
  summary(
    `${label}, server render (head)`,
    timings.map((timing) => timing.firstByte),
  );
  summary(
    `${label}, whole document`,
    timings.map((timing) => timing.complete),
  );
}

const dir = mkdtempSync(join(tmpdir(), "salon-bench-calendar-"));
const databaseUrl = `file:${join(dir, "salon.db")}`;
try {
  console.log("Seeding 20 stylists and a year of history...");
  const seeded = spawnSync("npx", ["tsx", "db/seed.ts", "--stylists=20", "--days-back=365"], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
  console.log(
    seeded.stdout
      .split("\n")
      .filter((line) => /appointments|stylists \d/.test(line))
      .join("\n"),
  );

  const db = createClient({ url: databaseUrl });
  const busiest = await db.execute("select substr(start_time, 1, 10) as day, count(*) as n from appointments group by day order by n desc limit 1");
  const day = String(busiest.rows[0]!.day);
  const plan = await db.execute({
    sql: "explain query plan select * from appointments where start_time >= ? and start_time < ? and end_time > ?",
    args: [`${day}T00:00:00.000Z`, `${day}T23:59:59.999Z`, `${day}T00:00:00.000Z`],
  });
  console.log(`Range query plan: ${plan.rows.map((row) => String(row.detail)).join("; ")}`);
  db.close();

  const server = await startServer("node", ["server.js"], { DATABASE_URL: databaseUrl, SESSION_SECRET: "bench-secret-0123456789abcdef", WEB_CONCURRENCY: String(workers) });
  console.log(`Server: ${workers} worker process(es)`);
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@salon.test", password: "password123" }),
    });
    const { token } = (await login.json()) as { token: string };
    const url = `${server.url}/calendar?view=day&date=${day}`;
    const html = await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).text();
    const blocks = (html.match(/data-testid="appointment-/g) ?? []).length;
    console.log(`Day view of ${day}: ${blocks} appointments drawn, ${(html.length / 1024).toFixed(0)} KB of HTML`);
    await load(url, token, 20, 2); // warm-up
    report("one at a time", await load(url, token, Math.min(100, requests), 1));
    report(`${concurrency} concurrent`, await load(url, token, Math.min(requests, 200), concurrency));
    report("2 concurrent", await load(url, token, Math.min(requests, 200), 2));
  } finally {
    await server.stop();
  }

  const js = spawnSync("npx", ["tsx", "bench/route-js.ts"], { encoding: "utf8" });
  const lines = js.stdout.split("\n").filter((line) => /^routes\/_app\.calendar(\s|\.appointments\.new)|^route id|^routes\/_app\._index/.test(line));
  console.log(`\nCalendar JavaScript (gzipped, budget 130 KB):\n${lines.join("\n")}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
