// The client book and GDPR work at scale, on the large demo salon (20 stylists, a year
// of history: about 50,000 appointments) topped up with imported clients:
//   - the Clients screen's queries (first page, searches, the summary cards) and the
//     calendar's searchClients, with the query plans;
//   - the GDPR overview and an export of a client with a long history;
//   - erasure: the transaction plus the WAL truncation, then a scan of the database
//     files for the erased clients' details;
//   - the alternatives measured for the decision note: VACUUM after an erasure, and the
//     cost of secure_delete on a large update and delete (on copies of the database).
//
//   npx tsx bench/clients-gdpr.ts [--clients=20000] [--samples=30]
//
// Prints figures; never fails on them. Takes a minute or two (the seed and the copies).
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { positiveIntOption } from "./options";

const targetClients = positiveIntOption("clients", 20_000);
const samples = positiveIntOption("samples", 30);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dir = mkdtempSync(join(tmpdir(), "salon-clients-bench-"));
const file = join(dir, "salon.db");
const env = { ...process.env, DATABASE_URL: `file:${file}`, SESSION_SECRET: "bench-session-secret-0123456789abcdef" };
Object.assign(process.env, env);

try {
  console.log("Seeding the large demo salon (20 stylists, 365 days)...");
  execFileSync(
    process.execPath,
    [join(root, "node_modules/tsx/dist/cli.mjs"), "db/seed.ts", "--stylists=20", "--days-back=365"],
    { cwd: root, env, stdio: "ignore" },
  );

  const { db, rawClient } = await import("#db/client.server");
  const { appointments, clients, users } = await import("#db/schema");
  const { count, desc, eq, sql } = await import("drizzle-orm");
  const { clientStats, listClients, searchClients } = await import("~/domain/clients.server");
  const { importClients } = await import("~/domain/client-import.server");
  const { eraseClient, exportClientData, gdprOverview } = await import("~/domain/gdpr.server");
  const { toActor } = await import("~/domain/auth.server");

  const [adminUser] = await db.select().from(users).where(eq(users.role, "admin")).limit(1);
  const actor = toActor(adminUser!);
  const [{ n: seeded }] = (await db.select({ n: count() }).from(clients)) as [{ n: number }];
  const extra = Math.max(0, targetClients - seeded);
  if (extra > 0) {
    const rows = Array.from({ length: extra }, (_, i) => ({
      name: `Imported Person${i} ${["Smith", "Jones", "Taylor", "Brown", "Patel"][i % 5]}`,
      email: `imported${i}@bench.example`,
      phone: `07${String(100000000 + i)}`,
    }));
    await importClients(actor, rows);
  }
  const [{ n: totalClients }] = (await db.select({ n: count() }).from(clients)) as [{ n: number }];
  const [{ n: totalAppointments }] = (await db.select({ n: count() }).from(appointments)) as [{ n: number }];
  console.log(
    `Database: ${totalClients.toLocaleString("en-GB")} clients, ${totalAppointments.toLocaleString("en-GB")} appointments\n`,
  );

  async function time(label: string, work: () => Promise<unknown>) {
    const runs: number[] = [];
    await work();
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      await work();
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    const at = (q: number) => runs[Math.min(runs.length - 1, Math.ceil(q * runs.length) - 1)]!;
    console.log(
      `  ${label.padEnd(52)} p50 ${at(0.5).toFixed(1).padStart(6)} ms   p95 ${at(0.95).toFixed(1).padStart(6)} ms`,
    );
  }

  console.log(`Queries (${samples} samples each):`);
  await time("Clients screen, first page of 50", () => listClients(actor, { limit: 50 }));
  await time('Clients screen, search "smith" (common)', () => listClients(actor, { query: "smith", limit: 50 }));
  await time('Clients screen, search "zqx" (no match: whole scan)', () =>
    listClients(actor, { query: "zqx", limit: 50 }),
  );
  await time('Clients screen, search "07400 900" (phone digits)', () =>
    listClients(actor, { query: "07400 900", limit: 50 }),
  );
  await time("Clients screen, summary cards (clientStats)", () => clientStats(actor));
  await time('searchClients "ann" (booking dialog), 10 best', () => searchClients(actor, "ann"));
  await time("GDPR overview", () => gdprOverview(actor));

  // On a connection of its own: with libsql, the statement after an EXPLAIN leaves its
  // connection inside a read transaction, which would hold up the erasures' checkpoints.
  const explainer = createClient({ url: `file:${file}` });
  const plan = async (label: string, query: string) => {
    const result = await explainer.execute(`EXPLAIN QUERY PLAN ${query}`);
    console.log(`  plan, ${label}: ${result.rows.map((row) => String(row.detail)).join(" | ")}`);
  };
  await plan("first page", `select id from clients order by name, id limit 51`);
  await plan(
    "search",
    `select id from clients where instr(lower(name), 'smith') > 0 or instr(lower(email), 'smith') > 0 order by name, id limit 51`,
  );
  await plan(
    "appointment count",
    `select (select count(*) from appointments as a where a.client_id = clients.id) from clients where id = 1`,
  );
  await plan(
    "active this month",
    `select count(distinct client_id) from appointments where start_time >= '2026-11-01' and start_time < '2026-12-01'`,
  );
  explainer.close();

  const busiest = await db
    .select({ id: appointments.clientId, n: count() })
    .from(appointments)
    .where(sql`${appointments.clientId} is not null`)
    .groupBy(appointments.clientId)
    .orderBy(desc(count()))
    .limit(6);
  const exportStart = performance.now();
  const exported = await exportClientData(actor, busiest[0]!.id!);
  console.log(
    `\nExport of the busiest client (${exported.data.appointments.length} appointments): ${(performance.now() - exportStart).toFixed(1)} ms, ${JSON.stringify(exported.data).length.toLocaleString("en-GB")} bytes`,
  );

  console.log("\nErasure (transaction, then WAL truncation), the five busiest clients:");
  const erased: { name: string; phone: string; email: string | null }[] = [];
  for (const { id } of busiest.slice(1)) {
    const [client] = await db.select().from(clients).where(eq(clients.id, id!));
    erased.push({ name: client!.name, phone: client!.phone, email: client!.email });
    const start = performance.now();
    const result = await eraseClient(actor, id!);
    console.log(
      `  client ${id}: ${(performance.now() - start).toFixed(1)} ms (${result.appointmentsAnonymised} appointments anonymised, WAL emptied: ${result.walEmptied})`,
    );
  }
  const bytes = [file, `${file}-wal`].filter(existsSync).map((path) => readFileSync(path));
  // Names and phones can be shared with other clients (the seed reuses names and family
  // phones), so the scan looks for each erased client's e-mail, which is unique.
  const traces = erased
    .filter((client) => client.email)
    .filter((client) => bytes.some((buffer) => buffer.includes(client.email!))).length;
  console.log(`  database files scanned for the erased e-mails: ${traces} found`);

  rawClient().close();

  // Alternatives, on copies: VACUUM instead of relying on secure_delete, and what
  // secure_delete costs a large update and delete.
  async function onCopy(
    name: string,
    pragmas: string[],
    work: (client: ReturnType<typeof createClient>) => Promise<void>,
  ) {
    const copy = join(dir, `${name}.db`);
    copyFileSync(file, copy);
    const client = createClient({ url: `file:${copy}` });
    for (const pragma of pragmas) await client.execute(pragma);
    const start = performance.now();
    await work(client);
    const ms = performance.now() - start;
    client.close();
    return ms;
  }
  console.log("\nAlternatives and costs (each on a fresh copy of the database):");
  const vacuum = await onCopy("vacuum", ["PRAGMA journal_mode = WAL"], async (client) => {
    await client.execute("VACUUM");
    await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  });
  console.log(
    `  VACUUM + checkpoint of the whole database          ${vacuum.toFixed(0).padStart(6)} ms (size ${(readFileSync(file).length / 1e6).toFixed(1)} MB)`,
  );
  const heavy = async (client: ReturnType<typeof createClient>) => {
    await client.batch(
      [
        "UPDATE appointments SET notes = NULL WHERE id % 5 = 0",
        "DELETE FROM appointments WHERE id % 7 = 0 AND status = 'cancelled'",
      ],
      "write",
    );
  };
  const off = await onCopy("secure-off", ["PRAGMA journal_mode = WAL", "PRAGMA secure_delete = OFF"], heavy);
  const on = await onCopy("secure-on", ["PRAGMA journal_mode = WAL", "PRAGMA secure_delete = ON"], heavy);
  console.log(`  update 20% of appointments + delete some, secure_delete OFF ${off.toFixed(0).padStart(6)} ms`);
  console.log(`  the same with secure_delete ON                              ${on.toFixed(0).padStart(6)} ms`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
