// Where each Playwright worker's app server lives. Every parallel worker slot gets its own
// server (the production build) on its own fresh database, so spec files run side by
// side without seeing each other's data. Playwright sets TEST_PARALLEL_INDEX in each
// worker before it loads the config, so `baseURL` there already names the worker's server.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
// One worker per core on CI (two cores); E2E_WORKERS overrides it. Slot i listens on E2E_PORT + i.
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789abcdef";

export type Slot = { index: number; port: number; url: string; databaseFile: string };

export function slot(index: number): Slot {
  const port = E2E_PORT + index;
  return { index, port, url: `http://localhost:${port}`, databaseFile: `tests/.artifacts/e2e-${index}/salon.db` };
}

/** The slot of the worker this code runs in (slot 0 in the runner process). */
export function currentSlot(): Slot {
  return slot(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}

/** The environment of an e2e app server: production build, fresh database file. */
export function serverEnv(port: number, databaseFile: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: `file:${databaseFile}`,
    SESSION_SECRET: E2E_SESSION_SECRET,
    // The daily backup (and Settings → Backups) write beside the worker's database.
    BACKUP_DIR: `${databaseFile}-backups`,
    // SMS never reaches a real provider from the tests: nothing listens on port 2.
    SMS_TWILIO_URL: "http://127.0.0.1:2",
    SMS_PLIVO_URL: "http://127.0.0.1:2",
    SMS_MESSAGEBIRD_URL: "http://127.0.0.1:2",
    SMS_RETRY_BASE_MS: "10",
  };
}
