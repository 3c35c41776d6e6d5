// Live-update latency across server processes: two production servers share one fresh
// database; a settings change is posted to the FIRST and timed until its event arrives
// on an /api/events stream held open on the SECOND ("a change made on one tablet shows
// on the others within 1 second"). Prints figures against the budget; never fails on it.
//
//   npx remix vite:build && npx tsx bench/live-latency.ts [--samples=50] [--jitter-ms=500]
//
// Exit code 1 only when it could not measure: no build, a server that would not start,
// a failed request, or the 60 s run limit reached (partial figures are still printed).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { startServer, type RunningServer } from "../tests/server-process";

const BUDGET_MS = 1000;
const RUN_LIMIT_MS = 60_000;
const PROBE_TIMEOUT_MS = 5_000;
const WARMUP_PROBES = 2;

function option(name: string, fallback: number): number {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  if (!arg) return fallback;
  const value = Number(arg.slice(name.length + 3));
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} wants a non-negative number, got "${arg}"`);
    process.exit(1);
  }
  return value;
}
const samples = Math.max(1, Math.floor(option("samples", 50)));
// A random pause before each probe, so probes land at random points of the receiving
// process's polling cycle instead of always just after a poll (which would bias upward).
const jitterMs = option("jitter-ms", 500);

const root = dirname(dirname(fileURLToPath(import.meta.url)));
process.chdir(root); // startServer runs `node server.js` relative to the working directory
if (!existsSync(join(root, "build/server/index.js"))) {
  console.error("No production build (build/server/index.js). Run the build first: npx remix vite:build");
  process.exit(1);
}

type SseEvent = { id: number; topic: string; data: string; at: number };

/**
 * Reads one server-sent event stream continuously with a single reader, keeping every
 * event with the time its bytes arrived, so a probe can look for its event even if it
 * arrived before the POST's response did.
 */
class EventStreamReader {
  readonly events: SseEvent[] = [];
  connected = false;
  ended: Error | null = null;
  contentEncoding: string | null;
  private wake: (() => void) | null = null;
  private done: Promise<void>;

  constructor(private response: Response) {
    this.contentEncoding = response.headers.get("content-encoding");
    this.done = this.pump();
  }

  private notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private async pump() {
    const reader = this.response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        const at = performance.now();
        if (done) throw new Error("event stream ended");
        buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields: Record<string, string> = {};
          for (const line of frame.split("\n")) {
            if (line.startsWith(":")) {
              if (line.slice(1).trim() === "connected") this.connected = true;
              continue;
            }
            const match = line.match(/^(id|event|data): ?(.*)$/);
            if (match) fields[match[1]!] = match[2]!;
          }
          if (fields.event !== undefined || fields.data !== undefined) {
            this.events.push({ id: Number(fields.id), topic: fields.event ?? "message", data: fields.data ?? "", at });
          }
        }
        this.notify();
      }
    } catch (error) {
      this.ended = error instanceof Error ? error : new Error(String(error));
      this.notify();
    }
  }

  /** Resolves when something new arrives (or the stream ends), or after `ms`. */
  waitForChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  finished() {
    return this.done;
  }
}

function percentile(sorted: number[], p: number): number {
  // Nearest rank.
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const started = performance.now();
  const runAbort = new AbortController();
  const servers: RunningServer[] = [];
  const pendingStarts: Promise<RunningServer>[] = [];
  const latencies: number[] = [];
  const postTimes: number[] = [];
  const warmups: number[] = [];
  let lost = 0;
  let stray = 0;
  let aborted = false;
  let failure: unknown = null;
  let stream: EventStreamReader | null = null;
  const dir = mkdtempSync(join(tmpdir(), "salon-live-latency-"));
  const env = { DATABASE_URL: `file:${join(dir, "salon.db")}`, SESSION_SECRET: "live-latency-bench-secret-0123456789" };

  const limit = setTimeout(() => {
    aborted = true;
    runAbort.abort(new Error(`run limit of ${RUN_LIMIT_MS / 1000} s reached`));
  }, RUN_LIMIT_MS);
  const checkAbort = () => {
    if (runAbort.signal.aborted) throw runAbort.signal.reason;
  };
  // Resolves as soon as the run limit is hit, so nothing waits past it.
  const orAbort = <T>(promise: Promise<T>): Promise<T> =>
    Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        if (runAbort.signal.aborted) reject(runAbort.signal.reason);
        runAbort.signal.addEventListener("abort", () => reject(runAbort.signal.reason), { once: true });
      }),
    ]);
  const start = async () => {
    const pending = startServer("node", ["server.js"], env);
    pendingStarts.push(pending);
    const server = await orAbort(pending);
    servers.push(server);
    return server;
  };

  try {
    // One after the other: the first one creates the database and runs the migrations.
    const first = await start();
    const second = await start();
    console.log(
      `servers: first ${first.url} (pid ${first.process.pid}), second ${second.url} (pid ${second.process.pid}); database ${env.DATABASE_URL}`,
    );

    const setup = await fetch(`${first.url}/api/setup-admin`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "owner@salon.test", password: "secret1", firstName: "Olive", lastName: "Owner" }),
      signal: runAbort.signal,
    });
    if (!setup.ok) throw new Error(`setup-admin answered ${setup.status}: ${await setup.text()}`);
    const { token } = (await setup.json()) as { token: string };

    const response = await fetch(`${second.url}/api/events`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: runAbort.signal,
    });
    if (response.status !== 200 || !response.body)
      throw new Error(`GET /api/events on the second server answered ${response.status}`);
    stream = new EventStreamReader(response);
    if (stream.contentEncoding)
      console.log(`note: the event stream came back with Content-Encoding: ${stream.contentEncoding}`);
    // The stream takes its starting cursor before it says ": connected"; probing earlier could miss an event.
    while (!stream.connected) {
      if (stream.ended) throw stream.ended;
      checkAbort();
      await stream.waitForChange(100);
    }

    let cursor = 0; // index into stream.events of the next unexamined event
    let lastEventId = 0;
    const total = WARMUP_PROBES + samples;
    for (let probe = 0; probe < total; probe++) {
      checkAbort();
      if (jitterMs > 0) await orAbort(sleep(Math.random() * jitterMs));
      // Anything that arrived while no probe was outstanding does not belong to a probe.
      for (; cursor < stream.events.length; cursor++) {
        const event = stream.events[cursor]!;
        lastEventId = Math.max(lastEventId, event.id);
        if (event.topic === "settings") stray++;
      }

      const sentAt = performance.now();
      const posted = fetch(`${first.url}/api/salon-settings`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ salonName: `Latency probe ${probe + 1}` }),
        signal: runAbort.signal,
      }).then(async (answer) => {
        const answeredAt = performance.now();
        if (!answer.ok) throw new Error(`POST /api/salon-settings answered ${answer.status}: ${await answer.text()}`);
        await answer.arrayBuffer();
        return answeredAt;
      });
      posted.catch(() => {}); // awaited below; avoid an unhandled rejection while waiting for the event

      // Probes go one at a time, so this probe's event is the first `settings` event with a
      // higher id than anything seen before it was sent.
      let match: SseEvent | null = null;
      const deadline = sentAt + PROBE_TIMEOUT_MS;
      while (!match) {
        for (; cursor < stream.events.length; cursor++) {
          const event = stream.events[cursor]!;
          if (event.topic === "settings" && event.id > lastEventId) {
            match = event;
            cursor++;
            break;
          }
        }
        if (match) break;
        if (stream.ended) throw stream.ended;
        checkAbort();
        const left = deadline - performance.now();
        if (left <= 0) break;
        await stream.waitForChange(left);
      }
      const answeredAt = await orAbort(posted);
      if (match) lastEventId = match.id;
      const isWarmup = probe < WARMUP_PROBES;
      if (!match) {
        if (!isWarmup) lost++;
        console.log(`probe ${probe + 1}: no settings event within ${PROBE_TIMEOUT_MS} ms`);
        continue;
      }
      const latency = match.at - sentAt;
      if (isWarmup) warmups.push(latency);
      else {
        latencies.push(latency);
        postTimes.push(answeredAt - sentAt);
      }
    }
  } catch (error) {
    if (aborted) console.error(`\nAborted: run limit of ${RUN_LIMIT_MS / 1000} s reached; figures below are partial.`);
    else failure = error;
  } finally {
    clearTimeout(limit);
    runAbort.abort(new Error("finished")); // closes the event stream
    await stream?.finished();
    // A server still starting when the run limit hit is stopped once startServer hands it over
    // (startServer gives up, and kills it, after its own 30 s).
    for (const pending of pendingStarts) {
      void pending.then((server) => (servers.includes(server) ? undefined : server.stop())).catch(() => {});
    }
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  }

  if (failure) {
    console.error("Could not measure:", failure instanceof Error ? failure.message : failure);
    for (const server of servers) console.error(`--- server ${server.url} output ---\n${server.output()}`);
    process.exitCode = 1;
    return;
  }

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const verdict = (value: number) => (value <= BUDGET_MS ? "within budget" : "OVER budget");
  console.log(
    `\nLive-update latency, POST /api/salon-settings on the first server -> "settings" event on the second server's /api/events`,
  );
  console.log(
    `samples: ${latencies.length} of ${samples} measured (after ${warmups.length} warm-up probes: ${warmups.map((w) => w.toFixed(0)).join(", ")} ms); random pause before each probe 0-${jitterMs} ms`,
  );
  if (latencies.length > 0) {
    const sorted = [...latencies].sort((a, b) => a - b);
    const posts = [...postTimes].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    const max = sorted[sorted.length - 1]!;
    console.log(`  p50  ${ms(p50).padStart(10)}   budget ${BUDGET_MS} ms   ${verdict(p50)}`);
    console.log(`  p95  ${ms(p95).padStart(10)}   budget ${BUDGET_MS} ms   ${verdict(p95)}`);
    console.log(`  max  ${ms(max).padStart(10)}   budget ${BUDGET_MS} ms   ${verdict(max)}`);
    console.log(`  (min ${ms(sorted[0]!)}, mean ${ms(sorted.reduce((a, b) => a + b, 0) / sorted.length)})`);
    console.log(
      `  POST round trip alone: p50 ${ms(percentile(posts, 50))}, p95 ${ms(percentile(posts, 95))}, max ${ms(posts[posts.length - 1]!)}`,
    );
  }
  if (lost > 0) console.log(`  ${lost} probe(s) got no event within ${PROBE_TIMEOUT_MS} ms: OVER budget`);
  if (stray > 0) console.log(`  note: ${stray} settings event(s) arrived while no probe was outstanding`);
  console.log(`total run time ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (aborted) process.exitCode = 1;
}

await main();
