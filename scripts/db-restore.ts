// `npm run db:restore -- FILE`: replaces the embedded database with a backup. Stop the
// server first: the command refuses while any process has the database open. The backup
// is copied to a staging file beside the database and everything is done there: integrity
// and schema checks, pending migrations, the erasures recorded since (the erasure ledger),
// a VACUUM. Only then is the current database moved aside (kept) and the staging file put
// in its place. See decision 0116.
import { copyFileSync, chmodSync, existsSync, renameSync, rmSync } from "node:fs";
import { resolve } from "node:path";
import {
  BackupRefused,
  backupTime,
  databaseFile,
  databaseInUse,
  integrityProblems,
  schemaCheck,
} from "~/domain/backup-files.server";
import { readLedger } from "~/domain/erasure-ledger.server";

const IN_USE =
  "The database is in use (a server or another command has it open). Stop the server, then run the restore again. Nothing was changed.";

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const file = process.argv[2];
  if (!file) refuse("Usage: npm run db:restore -- FILE");
  const source = resolve(file);
  const target = databaseFile(process.env.DATABASE_URL ?? "file:data/salon.db");
  if (!existsSync(source)) refuse(`There is no file at ${source}.`);
  if (source === target) refuse("That file is the database itself.");
  if (await databaseInUse(target)) refuse(IN_USE);

  const problems = await integrityProblems(source);
  if (problems.length > 0) refuse(`The backup failed its integrity check: ${problems.slice(0, 3).join("; ")}`);
  const { pending } = await schemaCheck(source);

  const staging = `${target}.restoring`;
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${staging}${suffix}`, { force: true });
  copyFileSync(source, staging);
  chmodSync(staging, 0o600);

  // The app's modules open DATABASE_URL when loaded: pointed at the staging file, loading
  // them runs the pending migrations there, and the erasures are re-applied there.
  process.env.DATABASE_URL = `file:${staging}`;
  const { rawClient } = await import("#db/client.server");
  const { reapplyErasures } = await import("~/domain/gdpr.server");
  const erased = await reapplyErasures(readLedger(target));
  // Rewrites every page: nothing of a re-erased client survives in free space.
  await rawClient().execute("VACUUM");
  // Every page into the file and the WAL emptied: the staging file alone is the database.
  const checkpoint = await rawClient().execute("PRAGMA wal_checkpoint(TRUNCATE)");
  if (Number(checkpoint.rows[0]?.[0]) !== 0) throw new Error("The staging copy could not be checkpointed.");
  rawClient().close();
  const after = await integrityProblems(staging);
  if (after.length > 0) throw new Error(`The restored copy failed its integrity check: ${after.join("; ")}`);

  // Checked again just before the swap (the check also folds the WAL into the file).
  if (await databaseInUse(target)) {
    rmSync(staging, { force: true });
    refuse(IN_USE);
  }
  let aside: string | null = null;
  if (existsSync(target)) {
    aside = `${target}.before-restore-${new Date().toISOString().slice(0, 19).replace(/:/g, "-")}Z`;
    renameSync(target, aside);
    chmodSync(aside, 0o600);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  renameSync(staging, target);
  for (const suffix of ["-wal", "-shm", "-open"]) rmSync(`${staging}${suffix}`, { force: true, recursive: true });

  const taken = backupTime(source);
  console.log(`Restored ${source}${taken ? ` (taken ${taken.toISOString()})` : ""} into ${target}.`);
  console.log(
    pending.length > 0 ? `Migrations applied after the restore: ${pending.join(", ")}.` : "No migrations were pending.",
  );
  console.log(
    erased.length > 0
      ? `Erasures recorded since the backup, applied again: ${erased.length} client(s) (ids ${erased.join(", ")}).`
      : "No erasure recorded since the backup needed applying again.",
  );
  if (aside) console.log(`The database it replaced is kept at ${aside}.`);
}

try {
  await main();
} catch (error) {
  refuse(error instanceof BackupRefused ? error.message : `The restore failed: ${String(error)}`);
}
