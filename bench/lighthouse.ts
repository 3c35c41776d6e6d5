// Lighthouse on every screen of the large demo salon: the production server on a large salon
// (20 stylists, a year of history), Chromium through chrome-launcher, Lighthouse's Node API
// with its default mobile preset (simulated slow 4G and a CPU 4x slower), signed in as the
// administrator. Prints each screen's median performance score with its spread and the
// metrics (FCP, LCP, TBT, CLS, SI) against the budget (>= 90); never fails on the budget.
//
//   npm run build && npx tsx bench/lighthouse.ts
//     [--runs=3] [--database=file:/tmp/large.db] [--only=Day,Week] [--attribution] [--save=/tmp/lh]
//
// --attribution prints, for every screen under budget, what Lighthouse blames the main
// thread's time on (bootup-time per script, mainthread-work-breakdown per kind of work, the
// longest tasks). --save writes each run's full JSON report into that directory.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import type { Result } from "lighthouse";
import { givenDatabase, median, requireBuild, seedLargeSalon } from "./large-salon";
import { positiveIntOption } from "./options";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { startServer } from "../tests/server-process";

const BUDGET = 90;
const RUNS = positiveIntOption("runs", 3);
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];
const argument = (name: string) =>
  process.argv
    .slice(2)
    .find((arg) => arg.startsWith(`--${name}=`))
    ?.slice(name.length + 3);
const ONLY = argument("only")
  ?.split(",")
  .map((name) => name.trim().toLowerCase());
const SAVE = argument("save");
const ATTRIBUTION = process.argv.includes("--attribution");

type Screen = { name: string; path: string; signedIn: boolean };

function screens(day: string): Screen[] {
  const all: Screen[] = [
    { name: "Sign-in page", path: "/auth", signedIn: false },
    { name: "Day view", path: `/calendar?view=day&date=${day}`, signedIn: true },
    { name: "Week view", path: `/calendar?view=week&date=${day}`, signedIn: true },
    { name: "Month view", path: `/calendar?view=month&date=${day}`, signedIn: true },
    { name: "Clients", path: "/clients", signedIn: true },
    { name: "Services", path: "/services", signedIn: true },
    { name: "Reports", path: "/reports", signedIn: true },
    { name: "Settings, staff", path: "/settings/staff", signedIn: true },
    { name: "Checkout", path: "/checkout", signedIn: true },
    { name: "Online booking (/book)", path: "/book", signedIn: false },
  ];
  return ONLY ? all.filter((screen) => ONLY.some((name) => screen.name.toLowerCase().startsWith(name))) : all;
}

const METRICS = [
  ["FCP", "first-contentful-paint", "ms"],
  ["LCP", "largest-contentful-paint", "ms"],
  ["TBT", "total-blocking-time", "ms"],
  ["CLS", "cumulative-layout-shift", ""],
  ["SI", "speed-index", "ms"],
] as const;

type Run = { score: number; metrics: Record<string, number>; lhr: Result };

/** The session cookie of the seeded administrator, from the sign-in form's answer. */
async function sessionCookie(base: string): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email: "admin@salon.test", password: "password123" }),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (!cookies.some((cookie) => cookie.startsWith("__session="))) throw new Error("sign-in gave no session cookie");
  return cookies.join("; ");
}

/**
 * One Lighthouse run in a Chromium of its own (a long-lived one sometimes stops answering the
 * protocol); a run Lighthouse itself reports as failed (a lost trace, say) is retried twice.
 */
async function audit(url: string, cookie: string | null, attempt = 1): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    return await auditOnce(url, chrome.port, cookie);
  } catch (error) {
    if (attempt >= 3) throw error;
    process.stdout.write(`(${error instanceof Error ? error.message : error}; again) `);
  } finally {
    chrome.kill();
  }
  return audit(url, cookie, attempt + 1);
}

async function auditOnce(url: string, port: number, cookie: string | null): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metrics: Record<string, number> = {};
  for (const [label, id] of METRICS) metrics[label] = lhr.audits[id]?.numericValue ?? NaN;
  return { score: Math.round((lhr.categories.performance?.score ?? 0) * 100), metrics, lhr };
}

const format = (value: number, unit: string) =>
  unit === "ms" ? `${(value / 1000).toFixed(2)} s` : Number.isFinite(value) ? value.toFixed(3) : "?";

type Item = Record<string, unknown>;
const itemsOf = (lhr: Result, id: string): Item[] =>
  ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
const shortUrl = (url: unknown, base: string) => String(url).replace(base, "") || "/";

/** What Lighthouse blames the main thread on in the run with the median score. */
function attribution(run: Run, base: string) {
  const lines: string[] = [];
  const bootup = itemsOf(run.lhr, "bootup-time").slice(0, 6);
  lines.push("    bootup-time (script: total / scripting / parse+compile, ms at 4x):");
  for (const item of bootup)
    lines.push(
      `      ${shortUrl(item.url, base)}: ${Math.round(Number(item.total))} / ${Math.round(Number(item.scripting))} / ${Math.round(Number(item.scriptParseCompile))}`,
    );
  const work = itemsOf(run.lhr, "mainthread-work-breakdown");
  lines.push(
    "    mainthread-work-breakdown (ms at 4x): " +
      work.map((item) => `${String(item.groupLabel ?? item.group)} ${Math.round(Number(item.duration))}`).join(", "),
  );
  const tasks = itemsOf(run.lhr, "long-tasks").slice(0, 6);
  lines.push(
    "    long-tasks (ms at 4x, start): " +
      tasks
        .map(
          (item) =>
            `${Math.round(Number(item.duration))} @${Math.round(Number(item.startTime))} ${shortUrl(item.url, base)}`,
        )
        .join("; "),
  );
  return lines.join("\n");
}

async function main() {
  requireBuild();
  const large = await seedLargeSalon("lighthouse", givenDatabase());
  // The public booking page shows its form only when online booking is on.
  const online = await large.db.execute("select online_booking_enabled as on_ from salon_settings");
  const wasOnline = Number(online.rows[0]?.on_ ?? 0) === 1;
  if (!wasOnline) await large.db.execute("update salon_settings set online_booking_enabled = 1");
  const server = await startServer("node", ["server.js"], {
    DATABASE_URL: large.databaseUrl,
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    WEB_CONCURRENCY: "1",
  });
  try {
    const cookie = await sessionCookie(server.url);
    const list = screens(large.busiestDay);
    console.log(
      `Large salon, busiest day ${large.busiestDay} (${large.busiestCount} appointments); Lighthouse mobile preset, ${RUNS} run(s) per screen, interleaved.`,
    );
    if (SAVE) mkdirSync(SAVE, { recursive: true });
    const runs = new Map<string, Run[]>(list.map((screen) => [screen.name, []]));
    for (let r = 0; r < RUNS; r++) {
      for (const screen of list) {
        process.stdout.write(`run ${r + 1}/${RUNS}: ${screen.name}... `);
        const run = await audit(`${server.url}${screen.path}`, screen.signedIn ? cookie : null);
        if (run.lhr.finalDisplayedUrl.includes("/auth") && screen.signedIn)
          throw new Error(`${screen.name}: sent to the sign-in page (the session cookie did not work)`);
        console.log(run.score);
        runs.get(screen.name)!.push(run);
        if (SAVE)
          writeFileSync(
            join(SAVE, `${screen.name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}-${r + 1}.json`),
            JSON.stringify(run.lhr),
          );
      }
    }
    const rows = [["screen", "score", "FCP", "LCP", "TBT", "CLS", "SI", `budget ≥ ${BUDGET}`]];
    const details: string[] = [];
    for (const screen of list) {
      const done = runs.get(screen.name)!;
      const scores = done.map((run) => run.score).sort((a, b) => a - b);
      const score = median(scores);
      rows.push([
        screen.name,
        `${score} (${scores[0]}–${scores[scores.length - 1]}, n=${scores.length})`,
        ...METRICS.map(([label, , unit]) => format(median(done.map((run) => run.metrics[label]!)), unit)),
        score >= BUDGET ? "pass" : "MISS",
      ]);
      if (ATTRIBUTION && score < BUDGET) {
        const middle = [...done].sort((a, b) => a.score - b.score)[Math.floor((done.length - 1) / 2)]!;
        details.push(`${screen.name} (the run scoring ${middle.score}):\n${attribution(middle, server.url)}`);
      }
    }
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    console.log("\nMedian of the runs (metrics: the median of each, Lighthouse's simulated 4× CPU and slow 4G).");
    for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
    if (details.length) console.log(`\n${details.join("\n\n")}`);
  } finally {
    await server.stop();
    if (!wasOnline) await large.db.execute("update salon_settings set online_booking_enabled = 0");
    large.remove();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
