// A server of the worker's own on the demo salon (db/seed.ts: 5 stylists, their rotas and
// bookings around today), for the tablet layout tests that need a real-looking day.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createClient, type Client } from "@libsql/client";
import { test as base, type Page } from "@playwright/test";
import { startServer, type RunningServer } from "../server-process";
import { E2E_SESSION_SECRET } from "./servers";
import { loginPage } from "./sessions";

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
