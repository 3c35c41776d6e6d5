// Playwright's `test` with a `login` fixture, in the Epic Stack's style:
//   import { expect, test } from "./fixtures";
//   test("...", async ({ page, login }) => { await login(STYLIST); await page.goto("/calendar"); });
// and `freshInstall`: an app server of the worker's own on an empty database (first run).
import { rmSync } from "node:fs";
import { test as base } from "@playwright/test";
import { startServer, type RunningServer } from "../server-process";
import { ADMIN } from "./accounts";
import { E2E_SESSION_SECRET } from "./servers";
import { loginPage, type SignedInUser } from "./sessions";

type TestFixtures = { login: (account?: { email: string }) => Promise<SignedInUser> };
type WorkerFixtures = { freshInstall: RunningServer };

export const test = base.extend<TestFixtures, WorkerFixtures>({
  login: async ({ page, baseURL }, use) => {
    await use((account = ADMIN) => loginPage(page, account, baseURL));
  },
  freshInstall: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
    async ({}, use, workerInfo) => {
      const directory = `tests/.artifacts/fresh-${workerInfo.parallelIndex}`;
      rmSync(directory, { recursive: true, force: true });
      const server = await startServer("node", ["server.js"], { DATABASE_URL: `file:${directory}/salon.db`, SESSION_SECRET: E2E_SESSION_SECRET });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

export const { expect } = test;
