// The large demo salon for benchmarks: 20 stylists and a year of history (about 51,000
// appointments) seeded into a fresh temporary database, its busiest day, and the
// production server on it with a signed-in admin. Shared by bench/calendar.ts and
// bench/reports-year.ts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient, type Client } from "@libsql/client";
import { startServer, type RunningServer } from "../tests/server-process";

/** Runs from the project's root and stops with a message when there is no production build. */
export function requireBuild(): void {
  process.chdir(dirname(dirname(fileURLToPath(import.meta.url))));
  if (!existsSync("build/server/index.js")) {
    console.error("No production build. Run: npx remix vite:build");
    process.exit(1);
  }
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function median(times: number[]): number {
  return percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
}

type LargeSalon = {
  databaseUrl: string;
  /** The salon date with the most appointments, and how many it has. */
  busiestDay: string;
  busiestCount: number;
  /** A connection to the database, for plans and extra rows. */
  db: Client;
  remove: () => void;
};

/** `--database=file:...` from the command line: a large salon seeded before, reused as it is. */
export function givenDatabase(): string | undefined {
  return process.argv
    .slice(2)
    .find((arg) => arg.startsWith("--database="))
    ?.slice("--database=".length);
}

/**
 * Seeds `db/seed.ts --stylists=20 --days-back=365` into a temporary directory and prints its
 * summary; or, given `reuse` (a database seeded that way before), opens it and leaves it in place.
 */
export async function seedLargeSalon(prefix: string, reuse?: string): Promise<LargeSalon> {
  const dir = reuse ? null : mkdtempSync(join(tmpdir(), `salon-bench-${prefix}-`));
  const databaseUrl = reuse ?? `file:${join(dir!, "salon.db")}`;
  const remove = () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (!reuse) {
      console.log("Seeding 20 stylists and a year of history...");
      const seeded = spawnSync("npx", ["tsx", "db/seed.ts", "--stylists=20", "--days-back=365"], {
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: "utf8",
      });
      if (seeded.status !== 0) throw new Error(`seed failed:\n${seeded.stderr}`);
      console.log(
        seeded.stdout
          .split("\n")
          .filter((line) => /appointments|stylists \d/.test(line))
          .join("\n"),
      );
    }
    const db = createClient({ url: databaseUrl });
    const busiest = await db.execute(
      "select substr(start_time, 1, 10) as day, count(*) as n from appointments group by day order by n desc limit 1",
    );
    const day = String(busiest.rows[0]!.day);
    return {
      databaseUrl,
      busiestDay: day,
      busiestCount: Number(busiest.rows[0]!.n),
      db,
      remove: () => {
        db.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

export type BenchServer = RunningServer & { token: string };

/** The production server (`node server.js`) on the database, with the seeded admin's bearer token. */
export async function startSignedIn(databaseUrl: string, workers = 1): Promise<BenchServer> {
  const server = await startServer("node", ["server.js"], {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    WEB_CONCURRENCY: String(workers),
  });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "admin@salon.test", password: "password123" }),
    });
    const { token } = (await login.json()) as { token: string };
    return { ...server, token };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
