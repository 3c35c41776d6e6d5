// The server's backups (decision 0115): one a day at BACKUP_HOUR (salon time) into
// BACKUP_DIR, claimed in the database so that one process of several takes it, with
// retention (BACKUP_KEEP_DAYS daily, 8 weekly) and each result recorded; "Back up now" and
// "Download" for admins, audited. A failure is recorded and shown (Settings, /healthz), never
// thrown at the process.
import { existsSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { desc, eq } from "drizzle-orm";
import { db } from "#db/client.server";
import { auditLog, backupRuns } from "#db/schema";
import { env } from "~/lib/env.server";
import { dateInZone, zonedToUtc } from "~/lib/salon-time";
import { assertCan, type Actor } from "./access.server";
import { BackupRefused, pruneBackups, REMOTE_DATABASE_MESSAGE, takeBackup } from "./backup-files.server";
import { localDatabasePath } from "./erasure-ledger.server";
import { NotFound } from "./errors";
import { getGlobalSettings } from "./settings.server";

const worker = `${hostname()}:${process.pid}`;
export const KEEP_WEEKS = 8;

export type BackupConfig = { dir: string; hour: string | null; keepDays: number; keepWeeks: number };

/** BACKUP_DIR (default data/backups), BACKUP_HOUR ("02:00" or "2"; "off" for none), BACKUP_KEEP_DAYS (default 14). */
export function backupConfig(source: Record<string, string | undefined> = process.env): BackupConfig {
  const rawHour = (source.BACKUP_HOUR ?? "").trim();
  let hour: string | null = "02:00";
  if (rawHour.toLowerCase() === "off") hour = null;
  else if (rawHour) {
    const match = /^(\d{1,2})(?::(\d{2}))?$/.exec(rawHour);
    const [h, m] = match ? [Number(match[1]), Number(match[2] ?? 0)] : [NaN, NaN];
    if (h >= 0 && h < 24 && m >= 0 && m < 60) hour = `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`;
    else console.error(`BACKUP_HOUR is not a time of day (${rawHour.slice(0, 20)}): backups run at 02:00.`);
  }
  const keepDays = Number(source.BACKUP_KEEP_DAYS ?? 14);
  return {
    dir: resolve(source.BACKUP_DIR?.trim() || "data/backups"),
    hour,
    keepDays: Number.isInteger(keepDays) && keepDays >= 1 ? keepDays : 14,
    keepWeeks: KEEP_WEEKS,
  };
}

function reason(error: unknown): string {
  if (error instanceof BackupRefused) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300);
}

export type ScheduledOutcome = "not-due" | "taken" | "claimed-elsewhere" | "failed" | "remote" | "off";

/**
 * One look at the clock: once the salon's day has reached BACKUP_HOUR and no process has
 * claimed today's backup, claims it (the slot is unique: one insert wins), takes it,
 * records the result and applies retention.
 */
export async function runScheduledBackup(
  now: Date = new Date(),
  config: BackupConfig = backupConfig(),
): Promise<ScheduledOutcome> {
  if (!config.hour) return "off";
  if (!localDatabasePath(env.DATABASE_URL)) return "remote";
  const { timeZone } = await getGlobalSettings();
  const today = dateInZone(now, timeZone);
  if (now < zonedToUtc(today, config.hour, timeZone)) return "not-due";
  const [claimed] = await db
    .insert(backupRuns)
    .values({ kind: "scheduled", slot: today, startedAt: now.toISOString(), status: "running", takenBy: worker })
    .onConflictDoNothing()
    .returning({ id: backupRuns.id });
  if (!claimed) return "claimed-elsewhere";
  try {
    const backup = await takeBackup({ databaseUrl: env.DATABASE_URL, dir: config.dir, now });
    await db
      .update(backupRuns)
      .set({ status: "ok", file: backup.file, sizeBytes: backup.sizeBytes, finishedAt: new Date().toISOString() })
      .where(eq(backupRuns.id, claimed.id));
    pruneBackups(config.dir, { now, timeZone, keepDays: config.keepDays, keepWeeks: config.keepWeeks });
    return "taken";
  } catch (error) {
    console.error(`The scheduled backup failed: ${reason(error)}`);
    await db
      .update(backupRuns)
      .set({ status: "failed", error: reason(error), finishedAt: new Date().toISOString() })
      .where(eq(backupRuns.id, claimed.id))
      .catch(() => undefined);
    return "failed";
  }
}

const globalStore = globalThis as unknown as { __salonBackupScheduler?: true };

/** Looks at the clock every minute (BACKUP_HOUR=off: never). Each serving process runs one; the claim keeps it to one backup. */
export function startBackupScheduler(): void {
  if (globalStore.__salonBackupScheduler) return;
  globalStore.__salonBackupScheduler = true;
  if (!backupConfig().hour || !localDatabasePath(env.DATABASE_URL)) return;
  const tick = async () => {
    await runScheduledBackup().catch((error: unknown) => console.error(`The backup scheduler: ${reason(error)}`));
    setTimeout(() => void tick(), 60_000).unref?.();
  };
  void tick();
}

// A backup still "running" after this long was cut short (its process stopped): it failed.
const STALLED_MS = 60 * 60_000;
export const STALLED_MESSAGE = "The backup did not finish: the process taking it stopped.";

/** The recorded status, with a run that has stalled counted as failed. */
function settled(
  row: { status: "running" | "ok" | "failed"; startedAt: string; error: string | null },
  now: Date,
): { status: "running" | "ok" | "failed"; error: string | null } {
  if (row.status === "running" && now.getTime() - new Date(row.startedAt).getTime() > STALLED_MS)
    return { status: "failed", error: STALLED_MESSAGE };
  return { status: row.status, error: row.error };
}

export type BackupRun = {
  id: number;
  kind: "scheduled" | "manual";
  startedAt: string;
  status: "running" | "ok" | "failed";
  file: string | null;
  sizeBytes: number | null;
  error: string | null;
  /** Whether the file is still there to download (retention removes old ones). */
  downloadable: boolean;
};

export type BackupsView = {
  runs: BackupRun[];
  /** The latest backup's failure, while no later one succeeded. */
  failing: { at: string; error: string } | null;
  remote: string | null;
  config: { dir: string; hour: string | null; keepDays: number; keepWeeks: number };
};

/** The Backups tab: the last backups with their size and result. */
export async function listBackups(actor: Actor, config: BackupConfig = backupConfig()): Promise<BackupsView> {
  assertCan(actor, "backups.manage");
  const rows = await db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(20);
  return {
    runs: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      startedAt: row.startedAt,
      ...settled(row, new Date()),
      file: row.file,
      sizeBytes: row.sizeBytes,
      downloadable: row.status === "ok" && !!row.file && existsSync(join(config.dir, row.file)),
    })),
    failing: await backupFailure(),
    remote: localDatabasePath(env.DATABASE_URL) ? null : REMOTE_DATABASE_MESSAGE,
    config: { dir: config.dir, hour: config.hour, keepDays: config.keepDays, keepWeeks: config.keepWeeks },
  };
}

/** The latest finished backup, when it failed: for the Settings banner and /healthz. */
export async function backupFailure(now: Date = new Date()): Promise<{ at: string; error: string } | null> {
  const [latest] = await db
    .select({ status: backupRuns.status, startedAt: backupRuns.startedAt, error: backupRuns.error })
    .from(backupRuns)
    .where(eq(backupRuns.kind, "scheduled"))
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  if (!latest) return null;
  const { status, error } = settled(latest, now);
  return status === "failed" ? { at: latest.startedAt, error: error ?? "unknown error" } : null;
}

/** `/healthz` detail: the last scheduled backup's time and result. */
export async function backupHealth(
  now: Date = new Date(),
): Promise<{ last: { at: string; status: string } | null; failing: boolean }> {
  const [latest] = await db
    .select({ status: backupRuns.status, startedAt: backupRuns.startedAt, error: backupRuns.error })
    .from(backupRuns)
    .where(eq(backupRuns.kind, "scheduled"))
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  if (!latest) return { last: null, failing: false };
  const { status } = settled(latest, now);
  return { last: { at: latest.startedAt, status }, failing: status === "failed" };
}

/** "Back up now": taken at once, recorded and audited; a failure is recorded and returned, not thrown. */
export async function backupNow(actor: Actor, config: BackupConfig = backupConfig()): Promise<BackupRun> {
  assertCan(actor, "backups.manage");
  if (!localDatabasePath(env.DATABASE_URL)) throw new BackupRefused(REMOTE_DATABASE_MESSAGE);
  const now = new Date();
  const [run] = await db
    .insert(backupRuns)
    .values({ kind: "manual", startedAt: now.toISOString(), status: "running", takenBy: worker, userId: actor.id })
    .returning();
  let result: Partial<typeof backupRuns.$inferInsert>;
  try {
    const backup = await takeBackup({ databaseUrl: env.DATABASE_URL, dir: config.dir, now });
    result = { status: "ok", file: backup.file, sizeBytes: backup.sizeBytes };
  } catch (error) {
    result = { status: "failed", error: reason(error) };
  }
  await db
    .update(backupRuns)
    .set({ ...result, finishedAt: new Date().toISOString() })
    .where(eq(backupRuns.id, run!.id));
  await db.insert(auditLog).values({
    actorUserId: actor.id,
    action: "backup.create",
    entityType: "backup",
    entityId: run!.id,
    details: JSON.stringify({ status: result.status }),
  });
  const [saved] = await db.select().from(backupRuns).where(eq(backupRuns.id, run!.id));
  return {
    id: saved!.id,
    kind: saved!.kind,
    startedAt: saved!.startedAt,
    status: saved!.status,
    file: saved!.file,
    sizeBytes: saved!.sizeBytes,
    error: saved!.error,
    downloadable: saved!.status === "ok",
  };
}

/** "Download": the file of one recorded backup, audited (it holds password and session hashes). */
export async function backupForDownload(
  actor: Actor,
  id: number,
  config: BackupConfig = backupConfig(),
): Promise<{ path: string; file: string }> {
  assertCan(actor, "backups.manage");
  const [run] = await db.select().from(backupRuns).where(eq(backupRuns.id, id)).limit(1);
  const path = run?.file ? join(config.dir, run.file) : null;
  if (!run || run.status !== "ok" || !path || !existsSync(path))
    throw new NotFound("That backup is no longer kept. Take a new one with Back up now.");
  await db
    .insert(auditLog)
    .values({ actorUserId: actor.id, action: "backup.download", entityType: "backup", entityId: run.id });
  return { path, file: run.file! };
}
