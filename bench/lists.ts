// Bounded lists on the large salon (decisions 0065, 0066): the size and time of
// 'View All Appointments' (every page, walked by its Next page links), of GET
// /api/appointments with no range, and of GET /api/clients, on the production server.
// Prints figures; never fails on a budget.
//
//   npx remix vite:build && npx tsx bench/lists.ts [--database=file:/tmp/large.db] [--repeat=20]
// Without --database it seeds 20 stylists and a year of history into a temporary file.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startSignedIn } from "./large-salon";
import { positiveIntOption } from "./options";

process.chdir(dirname(dirname(fileURLToPath(import.meta.url))));
const repeat = positiveIntOption("repeat", 20);
const given = process.argv
  .slice(2)
  .find((arg) => arg.startsWith("--database="))
  ?.slice("--database=".length);
if (!existsSync("build/server/index.js")) {
  console.error("No production build. Run: npx remix vite:build");
  process.exit(1);
}

const dir = given ? null : mkdtempSync(join(tmpdir(), "salon-bench-lists-"));
const databaseUrl = given ?? `file:${join(dir!, "salon.db")}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  if (!given) {
    console.log("Seeding 20 stylists and a year of history...");
    const seeded = spawnSync("npx", ["tsx", "db/seed.ts", "--stylists=20", "--days-back=365"], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: "utf8",
    });
    if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
  }
  const server = await startSignedIn(databaseUrl);
  const { token } = server;
  try {
    const get = async (path: string, signedIn = true) => {
      const started = performance.now();
      const response = await fetch(`${server.url}${path}`, {
        headers: signedIn ? { Authorization: `Bearer ${token}` } : {},
      });
      const body = await response.text();
      return {
        ms: performance.now() - started,
        status: response.status,
        bytes: Buffer.byteLength(body),
        body,
        link: response.headers.get("Link"),
      };
    };
    const median = async (path: string, signedIn = true) => {
      const times: number[] = [];
      let last = await get(path, signedIn);
      for (let i = 0; i < repeat; i += 1) times.push((last = await get(path, signedIn)).ms);
      times.sort((a, b) => a - b);
      return { ...last, median: times[Math.floor(times.length / 2)]! };
    };
    const line = (label: string, result: { status: number; bytes: number; median: number }, extra = "") =>
      console.log(
        `${label.padEnd(44)} ${String(result.status).padStart(3)}  ${kb(result.bytes).padStart(10)}  median ${result.median.toFixed(1).padStart(6)} ms${extra}`,
      );

    line("sign-in page, signed out (for scale)", await median("/auth", false));
    // The dialog is a child of the calendar: its document holds today's day view too, and
    // with JavaScript only the dialog's own data is fetched.
    const calendar = await median("/calendar");
    line("/calendar (today's day view, for scale)", calendar);
    const upcoming = await median("/calendar/upcoming");
    line(
      "/calendar/upcoming, first page",
      upcoming,
      `  (the dialog: ${kb(upcoming.bytes - calendar.bytes)} more than /calendar)`,
    );
    line(
      "/calendar/upcoming, the dialog's .data",
      await median("/calendar/upcoming.data?_routes=routes%2F_app.calendar.upcoming"),
    );
    // Every page, by its Next page link: the biggest and the slowest.
    let pages = 0;
    let biggest = 0;
    let slowest = 0;
    for (let path: string | null = "/calendar/upcoming"; path; pages += 1) {
      const page = await get(path);
      biggest = Math.max(biggest, page.bytes - calendar.bytes);
      slowest = Math.max(slowest, page.ms);
      path = /href="([^"]*cursor=[^"]*)"[^>]*>Next page/.exec(page.body)?.[1]?.replace(/&amp;/g, "&") ?? null;
    }
    console.log(
      `/calendar/upcoming, all ${pages} pages: biggest dialog ${kb(biggest)} over /calendar, slowest ${slowest.toFixed(1)} ms`,
    );

    const appointments = await median("/api/appointments");
    line(
      "GET /api/appointments (no range)",
      appointments,
      `  ${(JSON.parse(appointments.body) as unknown[]).length} rows, next: ${appointments.link ? "yes" : "no"}`,
    );
    line("GET /api/appointments?limit=200", await median("/api/appointments?limit=200"));
    let rows = 0;
    let calls = 0;
    const walkStart = performance.now();
    for (let path: string | null = "/api/appointments?limit=200"; path; calls += 1) {
      const page = await get(path);
      rows += (JSON.parse(page.body) as unknown[]).length;
      path = page.link ? /^<([^>]+)>/.exec(page.link)![1]! : null;
    }
    console.log(
      `GET /api/appointments default window, walked: ${rows} rows in ${calls} requests, ${(performance.now() - walkStart).toFixed(0)} ms`,
    );
    const tooLong = await get("/api/appointments?from=2026-01-01&to=2026-12-31");
    console.log(`GET /api/appointments, a year: ${tooLong.status} ${tooLong.body}`);
    line("GET /api/clients (default page)", await median("/api/clients"));
    line("GET /api/clients?limit=200", await median("/api/clients?limit=200"));
  } finally {
    await server.stop();
  }
} finally {
  if (dir) rmSync(dir, { recursive: true, force: true });
}
