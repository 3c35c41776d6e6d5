// Playwright's `test` with `freshInstall`: an app server of the worker's own on an empty
// database (first run). Specs sign in with `signIn` (helpers.ts).
import { rmSync } from "node:fs";
import { test as base } from "@playwright/test";
import { startServer, type RunningServer } from "../server-process";
import { E2E_SESSION_SECRET } from "./servers";

type WorkerFixtures = { freshInstall: RunningServer };

export const test = base.extend<object, WorkerFixtures>({
  freshInstall: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function takes from its first parameter
    async ({}, use, workerInfo) => {
      const directory = `tests/.artifacts/fresh-${workerInfo.parallelIndex}`;
      rmSync(directory, { recursive: true, force: true });
      const server = await startServer("node", ["server.js"], {
        DATABASE_URL: `file:${directory}/salon.db`,
        SESSION_SECRET: E2E_SESSION_SECRET,
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
});

export const { expect } = test;
