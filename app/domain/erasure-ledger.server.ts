// The erasure ledger: which client ids were erased and when (with the client's creation
// time, which tells them from a later client given the same id), nothing else (no names, no
// contact details). It lives in a file beside the embedded database, outside everything a
// restore replaces, so that restoring a backup taken before an erasure can erase that
// client again (decision 0116). One JSON object a line, appended and synced.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, writeSync } from "node:fs";
import { resolve } from "node:path";

export type ErasureEntry = { clientId: number; clientCreatedAt: string; erasedAt: string };

/** The embedded database's file, or null for a libSQL server or an in-memory database. */
export function localDatabasePath(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const path = url.slice("file:".length);
  return path === ":memory:" || path === "" ? null : resolve(path);
}

/** The ledger beside the database file. */
export function ledgerPathFor(databasePath: string): string {
  return `${databasePath}-erasures.jsonl`;
}

/** Appends one erasure; a no-op for a database without a file (a libSQL server keeps its own history). */
export function recordErasure(databaseUrl: string, entry: ErasureEntry): void {
  const path = localDatabasePath(databaseUrl);
  if (!path) return;
  const fd = openSync(ledgerPathFor(path), "a", 0o600);
  try {
    writeSync(
      fd,
      `${JSON.stringify({ clientId: entry.clientId, clientCreatedAt: entry.clientCreatedAt, erasedAt: entry.erasedAt })}\n`,
    );
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Every recorded erasure, oldest first; lines that do not parse (a torn last write) are skipped. */
export function readLedger(databasePath: string): ErasureEntry[] {
  const path = ledgerPathFor(databasePath);
  if (!existsSync(path)) return [];
  const entries: ErasureEntry[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const value = JSON.parse(line) as Partial<ErasureEntry>;
      if (
        Number.isInteger(value.clientId) &&
        typeof value.clientCreatedAt === "string" &&
        typeof value.erasedAt === "string"
      )
        entries.push({ clientId: value.clientId!, clientCreatedAt: value.clientCreatedAt, erasedAt: value.erasedAt });
    } catch {
      // A line cut short by a crash: the erasure it began had not been acknowledged.
    }
  }
  return entries;
}
