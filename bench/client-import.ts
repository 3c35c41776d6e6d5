// Client import speed: a 10,000-row CSV file (quoted fields with commas, doubled quotes
// and line breaks, 1% duplicates) read and imported exactly as the Import Clients tab
// does it (importClientCsv: parse, validate, de-duplicate, batched inserts in one
// transaction), into a fresh database file. Each run imports a second file of as many
// new rows, which measures the duplicate check against clients already stored.
//
//   npx tsx bench/client-import.ts [--rows=10000] [--runs=3]
//
// Prints timings against the goal of "a few seconds" (read as 5 s, decision 0021); never fails on it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { positiveIntOption } from "./options";

const BUDGET_MS = 5000;

const rows = positiveIntOption("rows", 10_000);
const runs = positiveIntOption("runs", 3);

function csvFor(count: number, offset: number): string {
  const lines = ["name,email,phone,notes,address,birthday"];
  for (let i = 0; i < count; i++) {
    const n = offset + i;
    // Every hundredth row repeats an earlier row's e-mail: a duplicate to skip.
    const email = i > 0 && i % 100 === 0 ? `client${n - 1}@bench.example` : `client${n}@bench.example`;
    const notes = i % 3 === 0 ? `"Prefers ""quiet"" appointments,\nallergic to latex"` : i % 3 === 1 ? "Regular" : "";
    lines.push(
      `"Surname${n}, First${n}",${email},07${String(n).padStart(9, "0")},${notes},"${n} High Street, Bath",19${50 + (n % 50)}-0${1 + (n % 9)}-1${n % 10}`,
    );
  }
  return lines.join("\r\n") + "\r\n";
}

const { performance } = await import("node:perf_hooks");
const timings: { first: number; second: number; parse: number }[] = [];
let lastResult: unknown;

// One database per process, as in the app. Each repeat imports two new files: the
// second finds the first's rows (and all earlier ones) stored, so the table grows.
const dir = mkdtempSync(join(tmpdir(), "salon-import-bench-"));
process.env.DATABASE_URL = `file:${join(dir, "salon.db")}`;
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789abcdef";
const { db } = await import("#db/client.server");
const { users } = await import("#db/schema");
const { importClientCsv } = await import("~/domain/client-import.server");
const { readClientCsv } = await import("~/lib/client-csv");
const [admin] = await db
  .insert(users)
  .values({ email: "bench@salon.test", firstName: "Bench", lastName: "Admin", role: "admin", passwordHash: "x" })
  .returning();
const actor = {
  id: admin!.id,
  email: admin!.email,
  firstName: "Bench",
  lastName: "Admin",
  role: "admin" as const,
  isActive: true,
};

for (let repeat = 0; repeat < runs; repeat++) {
  const offset = repeat * 2 * rows;
  const first = csvFor(rows, offset);
  const second = csvFor(rows, offset + rows);
  let start = performance.now();
  readClientCsv(first);
  const parse = performance.now() - start;
  start = performance.now();
  lastResult = await importClientCsv(actor, first);
  const firstMs = performance.now() - start;
  start = performance.now();
  await importClientCsv(actor, second);
  timings.push({ parse, first: firstMs, second: performance.now() - start });
}
rmSync(dir, { recursive: true, force: true });

const fmt = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
console.log(
  `Client import: ${rows.toLocaleString("en-GB")} CSV rows per import, ${timings.length} runs (median shown; budget ${BUDGET_MS} ms)`,
);
console.log(`  parse the CSV alone                         ${fmt(median(timings.map((t) => t.parse)))}`);
const first = median(timings.map((t) => t.first));
const second = median(timings.map((t) => t.second));
console.log(
  `  import (parse + validate + insert + commit) ${fmt(first)}  ${first <= BUDGET_MS ? "within budget" : "OVER budget"}`,
);
console.log(
  `  import again with the earlier rows stored   ${fmt(second)}  ${second <= BUDGET_MS ? "within budget" : "OVER budget"}`,
);
console.log(`  every run: ${timings.map((t) => `${t.first.toFixed(0)}/${t.second.toFixed(0)} ms`).join(", ")}`);
console.log(`  last result: ${JSON.stringify(lastResult)}`);
