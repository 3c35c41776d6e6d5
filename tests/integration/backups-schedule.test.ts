// The scheduled backup: due once the salon's day reaches BACKUP_HOUR, taken by one process
// of several (the claim is in the database), retention on a fake clock (14 daily and 8
// weekly), and a failure recorded, shown in /healthz's detail and cleared by a success.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { backupRuns } from "#db/schema";
import { backupFileName, retention } from "~/domain/backup-files.server";
import {
  backupConfig,
  backupFailure,
  backupHealth,
  runScheduledBackup,
  STALLED_MESSAGE,
  type BackupConfig,
} from "~/domain/backups.server";
import { addDays, zonedToUtc } from "~/lib/salon-time";
import { loader as healthz } from "~/routes/healthz";
import { pinClock } from "../clock";

pinClock("2026-11-25T10:30:00.000Z");

const LONDON = "Europe/London";
const scratch = () => mkdtempSync(join(tmpdir(), "salon-backups-"));
const config = (dir: string): BackupConfig => ({ dir, hour: "02:00", keepDays: 14, keepWeeks: 8 });
const at = (date: string, time: string) => zonedToUtc(date, time, LONDON);

describe("BACKUP_* settings", () => {
  it("defaults to 02:00, data/backups, 14 days and 8 weeks; off turns it off", () => {
    expect(backupConfig({})).toMatchObject({ hour: "02:00", keepDays: 14, keepWeeks: 8 });
    expect(backupConfig({}).dir).toMatch(/data\/backups$/);
    expect(backupConfig({ BACKUP_HOUR: "3", BACKUP_KEEP_DAYS: "7", BACKUP_DIR: "/srv/b" })).toMatchObject({
      hour: "03:00",
      keepDays: 7,
      dir: "/srv/b",
    });
    expect(backupConfig({ BACKUP_HOUR: "off" }).hour).toBeNull();
  });
});

describe("retention", () => {
  it("keeps the newest of each of the last 14 days and of each of the last 8 weeks, and nothing else", () => {
    const names: string[] = [];
    for (let day = 0; day < 90; day++) {
      const date = addDays("2026-08-28", day);
      names.push(backupFileName(at(date, "02:00")), backupFileName(at(date, "14:15")));
    }
    names.push("notes.txt", "salon.db");
    const { keep, remove } = retention(names, {
      now: at("2026-11-25", "10:30"),
      timeZone: LONDON,
      keepDays: 14,
      keepWeeks: 8,
    });
    const daily = Array.from({ length: 14 }, (_, i) => backupFileName(at(addDays("2026-11-25", -i), "14:15")));
    // Weeks run Monday to Sunday, this one counting; the newest of each is its Sunday's
    // afternoon backup (the last three weeks' are among the dailies).
    const weekly = ["2026-11-08", "2026-11-01", "2026-10-25", "2026-10-18", "2026-10-11"].map((date) =>
      backupFileName(at(date, "14:15")),
    );
    expect(keep.sort()).toEqual([...daily, ...weekly].sort());
    expect(remove).toHaveLength(180 - 19);
    expect(remove).not.toContain("notes.txt");
  });

  it("holds on a fake clock: a scheduled backup every day for ten weeks leaves exactly those files", async () => {
    const dir = scratch();
    writeFileSync(join(dir, "notes.txt"), "not a backup");
    const outcomes: string[] = [];
    for (let day = 0; day < 70; day++) {
      const date = addDays("2026-09-17", day);
      outcomes.push(await runScheduledBackup(at(date, "01:59"), config(dir)));
      outcomes.push(await runScheduledBackup(at(date, "02:01"), config(dir)));
      outcomes.push(await runScheduledBackup(at(date, "09:00"), config(dir)));
    }
    expect(outcomes.filter((o) => o === "taken")).toHaveLength(70);
    expect(outcomes.filter((o) => o === "not-due")).toHaveLength(70);
    expect(outcomes.filter((o) => o === "claimed-elsewhere")).toHaveLength(70);
    const expected = [
      ...Array.from({ length: 14 }, (_, i) => addDays("2026-11-25", -i)),
      ...["2026-11-08", "2026-11-01", "2026-10-25", "2026-10-18", "2026-10-11"],
    ].map((date) => backupFileName(at(date, "02:01")));
    expect(readdirSync(dir).sort()).toEqual([...expected, "notes.txt"].sort());
  }, 120_000);
});

function scheduledIn(processArgs: { instant: string; dir: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "tests/backup-scheduler-process.ts", processArgs.instant],
      {
        env: { ...process.env, BACKUP_DIR: processArgs.dir, BACKUP_HOUR: "02:00" },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk) => (out += String(chunk)));
    child.on("error", reject);
    child.on("exit", () => resolve(out.trim()));
  });
}

describe("several server processes", () => {
  it("take one scheduled backup between them", async () => {
    const dir = scratch();
    const instant = at("2026-12-02", "02:00").toISOString();
    const outcomes = await Promise.all([scheduledIn({ instant, dir }), scheduledIn({ instant, dir })]);
    expect(outcomes.sort()).toEqual(["outcome claimed-elsewhere", "outcome taken"]);
    expect(readdirSync(dir)).toHaveLength(1);
    const runs = (await db.select().from(backupRuns)).filter((run) => run.slot === "2026-12-02");
    expect(runs).toEqual([expect.objectContaining({ status: "ok", kind: "scheduled" })]);
  }, 120_000);
});

describe("a failed backup", () => {
  it("is recorded and shown in /healthz's detail, not thrown, and a later success clears it", async () => {
    const blocked = join(scratch(), "a-file");
    writeFileSync(blocked, "");
    expect(await runScheduledBackup(at("2026-12-10", "02:00"), config(blocked))).toBe("failed");
    expect(await backupFailure()).toEqual({ at: at("2026-12-10", "02:00").toISOString(), error: expect.any(String) });
    const health = await (await healthz()).json();
    expect(health).toMatchObject({ status: "ok", backups: { failing: true, last: { status: "failed" } } });

    expect(await runScheduledBackup(at("2026-12-11", "02:00"), config(scratch()))).toBe("taken");
    expect(await backupFailure()).toBeNull();
    expect(await (await healthz()).json()).toMatchObject({ backups: { failing: false, last: { status: "ok" } } });
  });
});

describe("a backup cut short", () => {
  it("counts as failed once it has been running for an hour", async () => {
    await db.insert(backupRuns).values({
      kind: "scheduled",
      slot: "2026-12-20",
      startedAt: "2026-12-20T02:00:00.000Z",
      status: "running",
      takenBy: "a process that stopped",
    });
    expect(await backupHealth(new Date("2026-12-20T02:30:00.000Z"))).toEqual({
      last: { at: "2026-12-20T02:00:00.000Z", status: "running" },
      failing: false,
    });
    expect(await backupFailure(new Date("2026-12-20T02:30:00.000Z"))).toBeNull();
    expect(await backupHealth(new Date("2026-12-20T03:01:00.000Z"))).toMatchObject({ failing: true });
    expect(await backupFailure(new Date("2026-12-20T03:01:00.000Z"))).toEqual({
      at: "2026-12-20T02:00:00.000Z",
      error: STALLED_MESSAGE,
    });
  });
});
