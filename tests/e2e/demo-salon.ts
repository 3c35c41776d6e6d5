// A server of the worker's own on the demo salon (db/seed.ts: 5 stylists, their rotas and
// bookings around today), for the tablet layout tests that need a real-looking day.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createClient, type Client } from "@libsql/client";
import { test as base, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../server-process";
import { E2E_SESSION_SECRET } from "./servers";
import { loginPage } from "./sessions";
import { WEEK_BLOCKS_AT_ONCE } from "../../app/lib/calendar";
import { addDays, weekStart, zonedToUtc } from "../../app/lib/salon-time";

export const DEMO_ADMIN = { email: "admin@salon.test" };
export const DEMO_DISPLAY = { email: "display@salon.test" };
export const DEMO_STYLIST = { email: "callum.mcleod@salon.test" };

type Demo = { server: RunningServer; database: Client };

export const test = base.extend<
  { demoLogin: (account: { email: string }, path: string) => Promise<void> },
  { demo: Demo; demoSeed: string[] }
>({
  // The seed's flags; a spec that needs another salon (12 stylists) sets them with test.use.
  demoSeed: [["--clients=60", "--days-back=2", "--days-ahead=14"], { option: true, scope: "worker" }],
  demo: [
    async ({ demoSeed }, use, workerInfo) => {
      const directory = `tests/.artifacts/demo-${workerInfo.parallelIndex}`;
      rmSync(directory, { recursive: true, force: true });
      const file = `${directory}/salon.db`;
      const seeded = spawnSync("npx", ["tsx", "db/seed.ts", ...demoSeed], {
        env: { ...process.env, DATABASE_URL: `file:${file}` },
        encoding: "utf8",
      });
      if (seeded.status !== 0) throw new Error(`seeding the demo salon failed:\n${seeded.stdout}\n${seeded.stderr}`);
      const server = await startServer("node", ["server.js"], {
        DATABASE_URL: `file:${file}`,
        SESSION_SECRET: E2E_SESSION_SECRET,
      });
      const database = createClient({ url: `file:${file}` });
      await database.execute("PRAGMA busy_timeout = 5000");
      await use({ server, database });
      database.close();
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  demoLogin: async ({ page, demo }, use) => {
    await use(async (account, path) => {
      await loginPage(page, account, demo.server.url, demo.database);
      await page.goto(`${demo.server.url}${path}`);
    });
  },
});

export const { expect } = test;

/** The next Tuesday from today: every demo stylist but those on a day off works, with bookings. */
export function nextTuesday(): string {
  const date = new Date();
  date.setUTCHours(12, 0, 0, 0);
  do date.setUTCDate(date.getUTCDate() + 1);
  while (date.getUTCDay() !== 2);
  return date.toISOString().slice(0, 10);
}

export async function waitForGrid(page: Page) {
  await page.locator("[data-testid=calendar-scroller][data-scrolled]").waitFor();
}

/**
 * The demo week of `date` as the Week view draws it for every stylist at once: the seed lays
 * its bookings from today, so some weeks hold a few more than WEEK_BLOCKS_AT_ONCE (then the
 * view shows one stylist at a time, rightly). The week's latest bookings, never those of
 * `date` itself, are cancelled until it fits; the other demo specs look at `date` only.
 */
export async function weekDrawnAtOnce(database: Client, date: string) {
  const zone = "Europe/London";
  const monday = weekStart(date);
  const at = (day: string) => zonedToUtc(day, "00:00", zone).toISOString();
  const week = [at(monday), at(addDays(monday, 7))];
  const day = [at(date), at(addDays(date, 1))];
  await database.execute({
    sql: `update appointments set status = 'cancelled' where id in (
            select id from appointments
            where start_time >= ? and start_time < ? and status != 'cancelled' and not (start_time >= ? and start_time < ?)
            order by start_time desc
            limit max(0, (select count(*) from appointments where start_time >= ? and start_time < ? and status != 'cancelled') - ?))`,
    args: [...week, ...day, ...week, WEEK_BLOCKS_AT_ONCE],
  });
}
