import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { env } from "~/lib/env.server";
import * as schema from "./schema";

export type Database = LibSQLDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: domain helpers accept both. */
export type Executor = Database | Transaction;

// secure_delete: deleted and overwritten content is zeroed in the page (and freed pages
// are zeroed), so an erased client's data, and every earlier version of it, leaves the
// file at the next checkpoint (see flushDeletedData and docs/decisions/0022).
const LOCAL_PRAGMAS = ["PRAGMA busy_timeout = 5000", "PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL", "PRAGMA secure_delete = ON"];

function localPath(url: string) {
  if (!url.startsWith("file:")) return null;
  return url.slice("file:".length);
}

function applyPragmas(client: Client) {
  for (const pragma of LOCAL_PRAGMAS) void client.execute(pragma);
}

function openClient(): Client {
  const url = env.DATABASE_URL;
  const path = localPath(url);
  if (path && path !== ":memory:") mkdirSync(dirname(resolve(path)), { recursive: true });
  const client = createClient({ url, authToken: env.DATABASE_AUTH_TOKEN });
  if (!path) return client;

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

export const MIGRATIONS_FOLDER = resolve(process.cwd(), "db/migrations");

/** Applies committed migrations once per process. */
export function ensureMigrated(): Promise<void> {
  const s = store();
  s.migrated ??= migrate(s.db, { migrationsFolder: MIGRATIONS_FOLDER });
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

/**
 * Makes deletions physical in an embedded database (GDPR erasure, client deletion).
 * Deleted rows are already zeroed in their pages (secure_delete, above), but the WAL
 * file still holds earlier images of those pages and the database file holds them until
 * a checkpoint. A TRUNCATE checkpoint copies the current pages into the database file
 * and empties the WAL; it waits (busy timeout) for readers of older snapshots.
 *
 * The deletion has committed by now, so this never throws: it returns false (and logs)
 * when readers kept the checkpoint from finishing, and for a remote database, where the
 * server manages its own files. The next deletion's checkpoint catches up.
 */
export async function flushDeletedData(): Promise<boolean> {
  const path = localPath(env.DATABASE_URL);
  if (!path || path === ":memory:") return false;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const result = await store().client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
      if (Number(result.rows[0]?.[0] ?? 1) === 0) return true;
    } catch (error) {
      console.error(`WAL checkpoint after a deletion failed (attempt ${attempt}): ${error instanceof Error ? error.message : String(error)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  console.error("The WAL could not be emptied after a deletion; the next deletion's checkpoint will do it.");
  return false;
}

// Migrations run when the server build (or a script, or a test) first loads this module,
// before any request is served, on every runtime.
await ensureMigrated();
