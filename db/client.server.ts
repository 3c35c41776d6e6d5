import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { dirname, join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { env } from "~/lib/env.server";
import { MARKER_REFRESH_MS, openMarkersDir } from "./open-markers";
import { normaliseClientPhones, storedCountry } from "./phone-numbers";
import * as schema from "./schema";

type Database = LibSQLDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: domain helpers accept both. */
export type Executor = Database | Transaction;

// secure_delete: deleted and overwritten content is zeroed in the page (and freed pages
// are zeroed), so an erased client's data, and every earlier version of it, leaves the
// file at the next checkpoint (see flushDeletedData and docs/decisions/0022).
const LOCAL_PRAGMAS = [
  "PRAGMA busy_timeout = 5000",
  "PRAGMA foreign_keys = ON",
  "PRAGMA synchronous = NORMAL",
  "PRAGMA secure_delete = ON",
];

function localPath(url: string) {
  if (!url.startsWith("file:")) return null;
  return url.slice("file:".length);
}

function applyPragmas(client: Client) {
  for (const pragma of LOCAL_PRAGMAS) void client.execute(pragma);
}

/**
 * Marks the database as open by this process (a file per process in `<database>-open/`,
 * kept fresh while it runs and removed when it exits), so that a restore refuses while a
 * server uses it.
 */
function markInUse(path: string) {
  try {
    const marker = join(openMarkersDir(path), `${hostname()}_${process.pid}`);
    mkdirSync(dirname(marker), { recursive: true, mode: 0o700 });
    writeFileSync(marker, new Date().toISOString(), { mode: 0o600 });
    process.once("exit", () => rmSync(marker, { force: true }));
    // Refreshed every minute: a marker left by a process that was killed goes stale.
    setInterval(() => {
      try {
        writeFileSync(marker, new Date().toISOString(), { mode: 0o600 });
      } catch {
        // The directory went away (a restore in a test); nothing to keep fresh.
      }
    }, MARKER_REFRESH_MS).unref?.();
  } catch (error) {
    console.error(`Could not mark the database as open: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function openClient(): Client {
  const url = env.DATABASE_URL;
  const path = localPath(url);
  if (path && path !== ":memory:") {
    mkdirSync(dirname(resolve(path)), { recursive: true });
    // Owner-only: SQLite gives the -wal and -shm files the database file's permissions.
    if (!existsSync(path)) closeSync(openSync(path, "a", 0o600));
    else chmodSync(path, 0o600);
  }
  const client = createClient({ url, authToken: env.DATABASE_AUTH_TOKEN });
  if (!path) return client;
  if (path !== ":memory:") markInUse(resolve(path));

  // The embedded driver hands its connection to each transaction and lazily opens a
  // fresh one for the next statement; per-connection pragmas must follow. The call is
  // made synchronously after the hand-over, so no other statement can reach the new
  // connection first.
  const startTransaction = client.transaction.bind(client);
  client.transaction = ((mode) => {
    const pending = startTransaction(mode);
    applyPragmas(client);
    return pending;
  }) as Client["transaction"];
  applyPragmas(client);
  void client.execute("PRAGMA journal_mode = WAL");
  return client;
}

// One client per process, kept across dev-server module reloads.
const globalStore = globalThis as unknown as { __salonDb?: { client: Client; db: Database; migrated?: Promise<void> } };
function store() {
  if (!globalStore.__salonDb) {
    const client = openClient();
    globalStore.__salonDb = { client, db: drizzle(client, { schema }) };
  }
  return globalStore.__salonDb;
}

export const db: Database = store().db;

export function rawClient(): Client {
  return store().client;
}

const MIGRATIONS_FOLDER = resolve(process.cwd(), "db/migrations");

/**
 * Applies committed migrations once per process, then the data steps SQL cannot do:
 * clients' phones in E.164 (idempotent; only rows still without one are read).
 */
function ensureMigrated(): Promise<void> {
  const s = store();
  s.migrated ??= migrate(s.db, { migrationsFolder: MIGRATIONS_FOLDER }).then(async () => {
    await normaliseClientPhones(s.db, await storedCountry(s.db));
  });
  return s.migrated;
}

// Writes that read before they write (an overlap check, a uniqueness rule) must not
// interleave. Within one process they queue here; across processes SQLite's
// BEGIN IMMEDIATE lock (with the busy timeout) serialises them.
let writeQueue: Promise<unknown> = Promise.resolve();
export function writeTransaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
  const run = writeQueue.then(() => store().db.transaction(work, { behavior: "immediate" }));
  writeQueue = run.catch(() => undefined);
  return run;
}

async function checkpointTruncate(): Promise<boolean> {
  try {
    const result = await store().client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
    return Number(result.rows[0]?.[0] ?? 1) === 0;
  } catch (error) {
    console.error(`WAL checkpoint failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/**
 * Makes deletions physical in an embedded database (GDPR erasure, client deletion).
 * Deleted rows are already zeroed in their pages (secure_delete, above), but the WAL
 * file still holds earlier images of those pages and the database file holds them until
 * a checkpoint. A TRUNCATE checkpoint copies the current pages into the database file
 * and empties the WAL; it waits (busy timeout) for readers of older snapshots.
 *
 * The deletion has committed by now, so this never throws. It returns true when the WAL
 * was emptied. While a reader (a backup, a long report) holds an older snapshot it cannot
 * be: then it returns false and keeps retrying in the background until it succeeds, and
 * calls `onPurged` then (see purgeInBackground). A remote database manages its own files:
 * false, nothing to retry.
 */
export async function flushDeletedData(onPurged?: () => Promise<void>): Promise<boolean> {
  const path = localPath(env.DATABASE_URL);
  if (!path || path === ":memory:") return false;
  for (let attempt = 1; attempt <= 3; attempt++) {
    if (await checkpointTruncate()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  console.error(
    "The WAL could not be emptied after a deletion (a reader holds an older snapshot); retrying in the background.",
  );
  purgeInBackground(onPurged);
  return false;
}

// One background loop for all pending purges: a truncating checkpoint every few seconds
// (backing off to a minute) until one succeeds; then every waiting callback runs.
const purge: { waiting: Array<() => Promise<void>>; timer: ReturnType<typeof setTimeout> | null; delayMs: number } = {
  waiting: [],
  timer: null,
  delayMs: 1000,
};
const PURGE_MAX_DELAY_MS = 60_000;

function purgeInBackground(onPurged?: () => Promise<void>) {
  if (onPurged) purge.waiting.push(onPurged);
  if (purge.timer) return;
  const tick = async () => {
    purge.timer = null;
    if (!(await checkpointTruncate())) {
      purge.delayMs = Math.min(PURGE_MAX_DELAY_MS, purge.delayMs * 2);
      schedule();
      return;
    }
    purge.delayMs = 1000;
    for (const done of purge.waiting.splice(0))
      await done().catch((error) => console.error("Recording a finished purge failed:", error));
  };
  const schedule = () => {
    purge.timer = setTimeout(() => void tick(), purge.delayMs);
    purge.timer.unref?.();
  };
  schedule();
}

// Migrations run when the server build (or a script, or a test) first loads this module,
// before any request is served, on every runtime.
await ensureMigrated();
