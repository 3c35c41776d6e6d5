// Starts the production build as a real server process on a free port, for tests that
// need a whole server (several processes on one database, other runtimes).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";

export const hasBuild = existsSync("build/server/index.js");
/** CI sets CI=true: there a suite whose prerequisite is missing fails instead of skipping. */
export const inCI = ["1", "true"].includes((process.env.CI ?? "").toLowerCase());

/**
 * Whether a suite that needs something missing (the build, a runtime) may skip: only
 * outside CI, with a warning. In CI it runs and `requirePrerequisite` fails it.
 */
export function skipUnless(missing: string | null, suite: string): boolean {
  if (!missing) return false;
  if (inCI) return false;
  console.warn(`Skipping ${suite}: ${missing}.`);
  return true;
}

export function requirePrerequisite(missing: string | null): void {
  if (missing) throw new Error(`${missing} (CI runs this suite instead of skipping it).`);
}

export const MISSING_BUILD = hasBuild ? null : "build/server/index.js is missing: run `npm run build` first";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export type RunningServer = { url: string; process: ChildProcess; output: () => string; stop: () => Promise<void> };

export async function startServer(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(command, args, {
    cwd: process.cwd(),
    // No scheduled backup unless a test asks for one: it would write into the project's data/backups.
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), BACKUP_HOUR: "off", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (chunk) => (log += chunk));
  child.stderr?.on("data", (chunk) => (log += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    url,
    process: child,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

/** Reads server-sent events from a streaming response until `predicate` matches one. */
export async function waitForEvent(
  response: Response,
  predicate: (event: { id?: string; event?: string; data?: string }) => boolean,
  timeoutMs = 5000,
) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const timer = setTimeout(() => void reader.cancel(), timeoutMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before the expected event; got:\n${buffer}`);
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event: Record<string, string> = {};
        for (const line of frame.split("\n")) {
          const match = line.match(/^(id|event|data): ?(.*)$/);
          if (match) event[match[1]!] = match[2]!;
        }
        if (predicate(event)) return event;
      }
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/**
 * Polls `condition` every 100 ms until it holds. Past `timeoutMs` it fails naming `what`,
 * followed by `diagnostics()` (the servers' output, say).
 */
export async function until(
  condition: () => Promise<boolean> | boolean,
  what: string,
  { timeoutMs = 40_000, diagnostics = () => "" }: { timeoutMs?: number; diagnostics?: () => string } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${diagnostics()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Server processes of the build on the test's own database, each running its reminder loop
 * every second: how the exactly-once tests put several processes on one file. (A cluster
 * started by WEB_CONCURRENCY from inside Vitest never became healthy, so each server is one
 * process.) `stop` ends them all; `output` is every server's log, for a failure's message.
 */
export function serversOnTestDatabase() {
  const servers: RunningServer[] = [];
  return {
    async start(count: number, env: Record<string, string> = {}): Promise<RunningServer[]> {
      const base = {
        DATABASE_URL: process.env.DATABASE_URL!,
        SESSION_SECRET: "two-servers-secret-0123456789",
        REMINDER_INTERVAL_SECONDS: "1",
      };
      const started = await Promise.all(
        Array.from({ length: count }, () => startServer("node", ["server.js"], { ...base, ...env })),
      );
      servers.push(...started);
      return started;
    },
    output: () => servers.map((server) => server.output()).join("\n"),
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
    },
  };
}
