// Backups and restores of the embedded database: a backup taken while another process
// writes holds every write acknowledged before it began and passes the integrity check; a
// restore is refused while the database is in use; a client erased after the backup is
// erased again by the restore, down to the bytes of the restored file and its WAL and SHM;
// a libSQL server is refused with the message that says what to use instead.
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { describe, expect, it } from "vitest";
import { db, rawClient } from "#db/client.server";
import { clients, messages } from "#db/schema";
import {
  databaseInUse,
  integrityProblems,
  knownMigrations,
  REMOTE_DATABASE_MESSAGE,
  takeBackup,
} from "~/domain/backup-files.server";
import { ledgerPathFor, readLedger } from "~/domain/erasure-ledger.server";
import { eraseClient } from "~/domain/gdpr.server";
import { createTestClient } from "../clients-factories";
import { signedIn } from "../factories";

const databasePath = () => process.env.DATABASE_URL!.slice("file:".length);
const scratch = () => mkdtempSync(join(tmpdir(), "salon-backup-"));

function runScript(script: string, args: string[], databaseUrl: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "test" },
    encoding: "utf8",
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function rows<T>(path: string, query: string): Promise<T[]> {
  const client = createClient({ url: `file:${path}` });
  try {
    return (await client.execute(query)).rows as unknown as T[];
  } finally {
    client.close();
  }
}

async function execute(path: string, statement: string): Promise<void> {
  const client = createClient({ url: `file:${path}` });
  try {
    await client.execute(statement);
  } finally {
    client.close();
  }
}

function bytesFound(path: string, needles: string[]): string[] {
  const found: string[] = [];
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    if (!existsSync(file)) continue;
    const bytes = readFileSync(file);
    for (const needle of needles) if (bytes.includes(Buffer.from(needle, "utf8"))) found.push(`${needle} in ${file}`);
  }
  return found;
}

// A writer in its own process: 500 inserts, each acknowledged on stdout once committed.
const WRITER = `
import { createClient } from "@libsql/client";
const client = createClient({ url: process.env.DATABASE_URL });
await client.execute("PRAGMA busy_timeout = 5000");
for (let n = 1; n <= 500; n++) {
  await client.execute({ sql: "INSERT INTO backup_probe (n) VALUES (?)", args: [n] });
  process.stdout.write("ack " + n + "\\n");
}
client.close();
`;

describe("a backup while another process writes", () => {
  it("holds every write acknowledged before it began, passes the integrity check and restores", async () => {
    await rawClient().execute("CREATE TABLE backup_probe (n integer NOT NULL)");
    const dir = scratch();
    const writerFile = join(process.cwd(), "node_modules", `.backup-writer-${process.pid}.mjs`);
    writeFileSync(writerFile, WRITER);
    const writer = spawn(process.execPath, [writerFile], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
    const acknowledged: number[] = [];
    let backup: Awaited<ReturnType<typeof takeBackup>> | null = null;
    let ackedBefore: number[] = [];
    const lines = createInterface({ input: writer.stdout! });
    const finished = new Promise<number | null>((resolve) => writer.on("exit", resolve));
    for await (const line of lines) {
      acknowledged.push(Number(line.split(" ")[1]));
      if (acknowledged.length === 150 && !backup) {
        ackedBefore = [...acknowledged];
        backup = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir });
      }
    }
    expect(await finished).toBe(0);
    rmSync(writerFile);
    expect(acknowledged).toHaveLength(500);
    expect(backup).not.toBeNull();

    expect((statSync(backup!.path).mode & 0o777).toString(8)).toBe("600");
    expect(backup!.file).toMatch(/^salon-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.db$/);
    expect(await integrityProblems(backup!.path)).toEqual([]);

    const restoredPath = join(scratch(), "restored.db");
    const restore = runScript("scripts/db-restore.ts", [backup!.path], `file:${restoredPath}`);
    expect(restore.out).toContain("Restored");
    expect(restore.status).toBe(0);
    expect(await integrityProblems(restoredPath)).toEqual([]);
    const inRestored = new Set((await rows<{ n: number }>(restoredPath, "SELECT n FROM backup_probe")).map((r) => r.n));
    expect(ackedBefore.filter((n) => !inRestored.has(n))).toEqual([]);
    expect(inRestored.size).toBeGreaterThanOrEqual(150);
  }, 120_000);
});

describe("db:backup and db:restore refuse", () => {
  it("a restore while the database is in use, changing nothing", async () => {
    const backup = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir: scratch() });
    const before = readFileSync(databasePath());
    expect(await databaseInUse(databasePath())).toBe(true);
    const restore = runScript("scripts/db-restore.ts", [backup.path], process.env.DATABASE_URL!);
    expect(restore.status).toBe(1);
    expect(restore.out).toContain("The database is in use");
    expect(readFileSync(databasePath()).equals(before)).toBe(true);
  }, 60_000);

  it("a restore while another machine's process marks the database open, until its marker goes stale", async () => {
    const target = join(scratch(), "salon.db");
    mkdirSync(`${target}-open`);
    const marker = join(`${target}-open`, "another-host_4242");
    // A marker holds the time its process last rewrote it, by that process's clock.
    writeFileSync(marker, new Date().toISOString());
    expect(await databaseInUse(target)).toBe(true);
    writeFileSync(marker, new Date(Date.now() - 4 * 60_000).toISOString());
    expect(await databaseInUse(target)).toBe(false);
    expect(existsSync(marker)).toBe(false);
  });

  it("a libSQL server, saying what to use instead", () => {
    for (const [script, args] of [
      ["scripts/db-backup.ts", []],
      ["scripts/db-restore.ts", ["backup.db"]],
    ] as const) {
      const result = runScript(script, [...args], "libsql://salon.example.turso.io");
      expect(result.status).toBe(1);
      expect(result.out).toContain(REMOTE_DATABASE_MESSAGE);
    }
  }, 60_000);
});

describe("a restore after an erasure", () => {
  it("erases the client again: none of their details is in the restored file, its WAL or its SHM", async () => {
    const admin = await signedIn("admin");
    const person = { name: "Perpetua Backupson", phone: "07400 811234", email: "perpetua.b@restore.example" };
    const client = await createTestClient(person);
    await db
      .insert(messages)
      .values({ senderUserId: admin.user.id, content: `Ring ${person.name} on ${person.phone}` });
    const kept = await createTestClient({ name: "Quentin Stayshere", phone: "07400 822345" });

    const backup = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir: scratch() });
    expect(readFileSync(backup.path).includes(Buffer.from(person.name))).toBe(true);

    await eraseClient(admin.user, client.id);
    expect(readLedger(databasePath())).toEqual([
      { clientId: client.id, clientCreatedAt: client.createdAt, erasedAt: expect.any(String) },
    ]);
    const ledgerText = readFileSync(ledgerPathFor(databasePath()), "utf8");
    for (const detail of Object.values(person)) expect(ledgerText).not.toContain(detail);

    // The server's database as it is now, and its ledger, in a place no process has open.
    const target = join(scratch(), "salon.db");
    const current = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir: scratch() });
    copyFileSync(current.path, target);
    copyFileSync(ledgerPathFor(databasePath()), ledgerPathFor(target));

    const restore = runScript("scripts/db-restore.ts", [backup.path], `file:${target}`);
    expect(restore.status).toBe(0);
    expect(restore.out).toContain(`applied again: 1 client(s) (ids ${client.id})`);
    expect(restore.out).toMatch(/The database it replaced is kept at .*before-restore-/);

    expect(await rows(target, `SELECT id FROM clients WHERE id = ${client.id}`)).toEqual([]);
    expect(await rows(target, `SELECT id FROM clients WHERE id = ${kept.id}`)).toHaveLength(1);
    expect(await integrityProblems(target)).toEqual([]);
    const needles = [person.name, person.email, person.phone, "7400811234", "+447400811234"];
    expect(bytesFound(target, needles)).toEqual([]);
    // The erasure is audited as re-applied, by id only.
    const audit = await rows<{ action: string; entity_id: number }>(
      target,
      "SELECT action, entity_id FROM audit_log WHERE action = 'client.erase_reapplied'",
    );
    expect(audit).toEqual([expect.objectContaining({ action: "client.erase_reapplied", entity_id: client.id })]);
    // The live database was never touched.
    expect((await db.select().from(clients).where(eq(clients.id, kept.id))).length).toBe(1);
  }, 120_000);
});

describe("the schema version of a backup", () => {
  it("refuses a backup from a newer version, and runs pending migrations after restoring an older one", async () => {
    const newer = await takeBackup({ databaseUrl: process.env.DATABASE_URL!, dir: scratch() });
    await execute(newer.path, "INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 99999999999999)");
    const refused = runScript("scripts/db-restore.ts", [newer.path], `file:${join(scratch(), "salon.db")}`);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain("made by a newer version of the app");

    // The backup of the version before the last migration: a database migrated that far.
    const last = knownMigrations().at(-1)!;
    const folder = join(scratch(), "migrations");
    cpSync(join(process.cwd(), "db/migrations"), folder, { recursive: true });
    const journalFile = join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }));
    const older = { path: join(scratch(), "older.db") };
    const client = createClient({ url: `file:${older.path}` });
    await migrate(drizzle(client), { migrationsFolder: folder });
    client.close();
    const target = join(scratch(), "salon.db");
    const restored = runScript("scripts/db-restore.ts", [older.path], `file:${target}`);
    expect(restored.status).toBe(0);
    expect(restored.out).toContain(`Migrations applied after the restore: ${last.tag}.`);
    expect(await rows(target, "SELECT count(*) AS n FROM __drizzle_migrations")).toEqual([
      expect.objectContaining({ n: knownMigrations().length }),
    ]);
  }, 120_000);
});
