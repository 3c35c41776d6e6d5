// Backups of the embedded database as files: taking one (SQLite's VACUUM INTO, a consistent
// snapshot while the server reads and writes), checking one, naming, retention, and the
// checks a restore makes. Nothing here opens the app's own connection, so the command-line
// scripts use it without migrating the live database (decision 0115).
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { hostname } from "node:os";
import { basename, join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { addDays, dateInZone, weekStart } from "~/lib/salon-time";
import { MARKER_STALE_MS, openMarkersDir } from "#db/open-markers";
import { localDatabasePath } from "./erasure-ledger.server";

export const REMOTE_DATABASE_MESSAGE =
  "DATABASE_URL points at a libSQL server, not an embedded database file. Backups and restores of a libSQL server are the server's own: use its snapshots or point-in-time restore (see the README's operations section). Nothing was done.";

/** Refused before anything is written: the message says why and what to do. */
export class BackupRefused extends Error {}

/** The embedded database's file; refuses a libSQL server or an in-memory database. */
export function databaseFile(url: string): string {
  const path = localDatabasePath(url);
  if (!path) throw new BackupRefused(REMOTE_DATABASE_MESSAGE);
  return path;
}

const NAME = /^salon-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})\.(\d{3})Z\.db$/;

/** `salon-2026-11-26T02-00-00.000Z.db`: the instant the backup began, in UTC (no colons, for every file system). */
export function backupFileName(at: Date): string {
  return `salon-${at.toISOString().replace(/:/g, "-")}.db`;
}

/** The instant in a backup's file name, or null for a file that is not one of ours. */
export function backupTime(name: string): Date | null {
  const match = NAME.exec(basename(name));
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}.${match[5]}Z`) : null;
}

function openFile(path: string): Client {
  return createClient({ url: `file:${path}` });
}

/** `PRAGMA integrity_check`: the problems it reports, none for a sound file. */
export async function integrityProblems(path: string): Promise<string[]> {
  const client = openFile(path);
  try {
    const result = await client.execute("PRAGMA integrity_check");
    const lines = result.rows.map((row) => String(row[0]));
    return lines.length === 1 && lines[0] === "ok" ? [] : lines;
  } catch (error) {
    return [error instanceof Error ? error.message : String(error)];
  } finally {
    client.close();
  }
}

export type BackupFile = { file: string; path: string; sizeBytes: number; takenAt: string };

/**
 * Writes a consistent copy of the database into `dir` (created owner-only), checks it and
 * makes it readable by its owner only. The copy is written under a temporary name and
 * renamed when sound, so a half-written file never looks like a backup.
 */
export async function takeBackup(options: { databaseUrl: string; dir: string; now?: Date }): Promise<BackupFile> {
  const source = databaseFile(options.databaseUrl);
  if (!existsSync(source)) throw new BackupRefused(`There is no database at ${source}.`);
  const takenAt = options.now ?? new Date();
  const dir = resolve(options.dir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = backupFileName(takenAt);
  const path = join(dir, file);
  if (existsSync(path)) throw new BackupRefused(`A backup named ${file} already exists.`);
  const partial = `${path}.partial`;
  rmSync(partial, { force: true });
  const client = openFile(source);
  try {
    await client.execute("PRAGMA busy_timeout = 5000");
    // One read transaction: the copy is the database as of its start, whatever is written meanwhile.
    await client.execute({ sql: "VACUUM INTO ?", args: [partial] });
  } finally {
    client.close();
  }
  try {
    chmodSync(partial, 0o600);
    const problems = await integrityProblems(partial);
    if (problems.length > 0)
      throw new Error(`The backup failed its integrity check: ${problems.slice(0, 3).join("; ")}`);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { file, path, sizeBytes: statSync(path).size, takenAt: takenAt.toISOString() };
}

/** The backups in a directory (our names only), newest first. */
export function listBackupFiles(dir: string): { file: string; takenAt: Date; sizeBytes: number }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((file) => ({ file, takenAt: backupTime(file) }))
    .filter((entry): entry is { file: string; takenAt: Date } => entry.takenAt !== null)
    .map((entry) => ({ ...entry, sizeBytes: statSync(join(dir, entry.file)).size }))
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/**
 * Retention: the newest backup of each of the last `keepDays` salon days (today counts)
 * and the newest of each of the last `keepWeeks` weeks (Monday to Sunday, this week
 * counts). Everything else named as a backup is removed; other files are left alone.
 */
export function retention(
  names: string[],
  options: { now: Date; timeZone: string; keepDays: number; keepWeeks: number },
): { keep: string[]; remove: string[] } {
  const today = dateInZone(options.now, options.timeZone);
  const firstDay = addDays(today, -(options.keepDays - 1));
  const firstWeek = addDays(weekStart(today), -7 * (options.keepWeeks - 1));
  const dated = names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((entry): entry is { name: string; at: Date } => entry.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const { name, at } of dated) {
    const day = dateInZone(at, options.timeZone);
    const week = weekStart(day);
    if (day > today) {
      keep.add(name); // a clock set back: never delete what is newer than now
      continue;
    }
    if (options.keepDays > 0 && day >= firstDay && !days.has(day)) {
      days.add(day);
      keep.add(name);
    }
    if (options.keepWeeks > 0 && week >= firstWeek && !weeks.has(week)) {
      weeks.add(week);
      keep.add(name);
    }
  }
  return {
    keep: dated.filter((entry) => keep.has(entry.name)).map((entry) => entry.name),
    remove: dated.filter((entry) => !keep.has(entry.name)).map((entry) => entry.name),
  };
}

/** Applies `retention` to a directory; returns the files removed. */
export function pruneBackups(
  dir: string,
  options: { now: Date; timeZone: string; keepDays: number; keepWeeks: number },
): string[] {
  if (!existsSync(dir)) return [];
  const { remove } = retention(readdirSync(dir), options);
  for (const name of remove) rmSync(join(dir, name), { force: true });
  return remove;
}

/**
 * The processes that have the database open: each leaves a marker (host and process id)
 * while it runs, rewritten every minute. A marker of a process on this machine that no
 * longer runs, or one not rewritten for three minutes (a process killed elsewhere, as in
 * another container), is removed.
 */
export function openBy(path: string): string[] {
  const dir = openMarkersDir(path);
  if (!existsSync(dir)) return [];
  const open: string[] = [];
  for (const marker of readdirSync(dir)) {
    const [host, pid] = [marker.slice(0, marker.lastIndexOf("_")), Number(marker.slice(marker.lastIndexOf("_") + 1))];
    if (pid === process.pid && host === hostname()) continue;
    const stale = Date.now() - markedAt(join(dir, marker)) > MARKER_STALE_MS;
    if (stale || (host === hostname() && Number.isInteger(pid) && !running(pid))) {
      rmSync(join(dir, marker), { force: true });
      continue;
    }
    open.push(marker);
  }
  return open;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Whether another process has the database open: a marker (above), or a connection SQLite
 * sees at work (leaving WAL mode is refused then). When nothing uses it, leaving WAL mode
 * has also checkpointed the WAL into the file and removed it: the file alone is whole.
 */
export async function databaseInUse(path: string): Promise<boolean> {
  if (openBy(path).length > 0) return true;
  if (!existsSync(path)) return false;
  const client = openFile(path);
  try {
    await client.executeMultiple("PRAGMA busy_timeout = 0; PRAGMA journal_mode = DELETE;");
    return false;
  } catch {
    return true;
  } finally {
    client.close();
  }
}

type Journal = { entries: { when: number; tag: string }[] };

/** The migrations this code knows, oldest first. */
export function knownMigrations(folder = resolve(process.cwd(), "db/migrations")): { when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as Journal;
  return journal.entries;
}

/**
 * The schema version of a database file against this code: how many of this code's
 * migrations it lacks (run after the restore), refused when it has migrations this code
 * does not know (a backup made by a newer version) or none at all (not this app's).
 */
export async function schemaCheck(path: string): Promise<{ pending: string[] }> {
  const client = openFile(path);
  let applied: number;
  try {
    const result = await client.execute("SELECT max(created_at) FROM __drizzle_migrations");
    applied = Number(result.rows[0]?.[0] ?? 0);
  } catch {
    throw new BackupRefused("The file is not a database of this app (it has no migration history).");
  } finally {
    client.close();
  }
  const known = knownMigrations();
  const newest = known.at(-1)?.when ?? 0;
  if (applied > newest)
    throw new BackupRefused(
      "The backup was made by a newer version of the app (its schema has migrations this version does not know). Update the app first.",
    );
  return { pending: known.filter((entry) => entry.when > applied).map((entry) => entry.tag) };
}

/**
 * When a marker was last rewritten: the time written in it, by the marking process's clock
 * (the same clock this process reads), else the file's modification time.
 */
function markedAt(file: string): number {
  try {
    const at = Date.parse(readFileSync(file, "utf8").trim());
    if (Number.isFinite(at)) return at;
  } catch {
    // Gone or unreadable: its modification time, if any, decides.
  }
  return statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0;
}
