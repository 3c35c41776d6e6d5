// Where the main thread's time goes when a booking is opened and closed on the Day view, and
// while a block is dragged: a Chromium trace of each interaction, summed by event kind
// (script, style, layout, paint, GC), and a CPU profile summed by function (self time).
// Build with PROFILE_BUILD=1 for readable function names. See bench/README.md.
//
//   PROFILE_BUILD=1 npx remix vite:build
//   npx tsx bench/profile-dialog.ts --database=file:/tmp/large.db [--throttle=1] [--repeat=3]
import { chromium, type CDPSession, type Page } from "playwright";
import { startServer } from "../tests/server-process";
import { givenDatabase, requireBuild, seedLargeSalon } from "./large-salon";
import { positiveIntOption } from "./options";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { settled, signIn } from "./tablet-browser";

requireBuild();
const THROTTLE = positiveIntOption("throttle", 1);
const REPEAT = positiveIntOption("repeat", 3);

type TraceEvent = { name: string; ph: string; dur?: number; tid: number; pid: number; ts: number; args?: unknown };
type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};

const KINDS: Record<string, string> = {
  FunctionCall: "script",
  EvaluateScript: "script",
  "v8.compile": "compile",
  "v8.compileModule": "compile",
  EventDispatch: "script (event)",
  TimerFire: "script (timer)",
  FireAnimationFrame: "script (rAF)",
  RunMicrotasks: "script (microtasks)",
  UpdateLayoutTree: "style",
  Layout: "layout",
  PrePaint: "paint",
  Paint: "paint",
  Layerize: "paint",
  MinorGC: "gc",
  MajorGC: "gc",
  ParseHTML: "parse",
};

/** Top-level time per kind on the renderer's main thread (nested events of the same kind count once). */
function summariseTrace(events: TraceEvent[]): Record<string, number> {
  const main = events.find(
    (event) => event.name === "thread_name" && (event.args as { name?: string })?.name === "CrRendererMain",
  );
  const thread = events.filter((event) => main && event.tid === main.tid && event.pid === main.pid && event.ph === "X");
  const totals: Record<string, number> = {};
  const open: { kind: string; end: number }[] = [];
  for (const event of thread.sort((a, b) => a.ts - b.ts)) {
    const kind = KINDS[event.name];
    if (!kind) continue;
    while (open.length && open.at(-1)!.end <= event.ts) open.pop();
    const end = event.ts + (event.dur ?? 0);
    const family = kind.split(" ")[0]!;
    if (!open.some((outer) => outer.kind.split(" ")[0] === family))
      totals[kind] = (totals[kind] ?? 0) + (event.dur ?? 0) / 1000;
    open.push({ kind, end });
  }
  const tasks = thread.filter((event) => event.name === "RunTask");
  const task = tasks.reduce((sum, event) => sum + (event.dur ?? 0) / 1000, 0);
  if (process.env.TRACE_CHILDREN) {
    // The direct children of each task, by name: where a task's time goes that the kinds above miss.
    const children: Record<string, number> = {};
    for (const parent of tasks) {
      const end = parent.ts + (parent.dur ?? 0);
      let reached = parent.ts;
      for (const event of thread) {
        if (event === parent || event.ts < reached || event.ts >= end) continue;
        children[event.name] = (children[event.name] ?? 0) + (event.dur ?? 0) / 1000;
        reached = event.ts + (event.dur ?? 0);
      }
    }
    console.log(
      Object.entries(children)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 12)
        .map(([name, ms]) => `${name} ${ms.toFixed(1)}`)
        .join(", "),
    );
    const long = tasks
      .map((event) => (event.dur ?? 0) / 1000)
      .sort((a, b) => b - a)
      .slice(0, 8);
    // The three longest tasks, with what inside them took over 2 ms.
    for (const parent of [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, 3)) {
      const end = parent.ts + (parent.dur ?? 0);
      const inside = thread.filter(
        (event) => event !== parent && event.ts >= parent.ts && event.ts < end && (event.dur ?? 0) > 2000,
      );
      const named = (event: TraceEvent) => {
        const data = (event.args as { data?: { type?: string } } | undefined)?.data;
        return `${event.name}${data?.type ? `(${data.type})` : ""} ${((event.dur ?? 0) / 1000).toFixed(1)}`;
      };
      console.log(`  task ${((parent.dur ?? 0) / 1000).toFixed(1)}ms: ${inside.slice(0, 16).map(named).join(", ")}`);
    }
    console.log(`tasks: ${tasks.length}, longest ${long.map((ms) => ms.toFixed(1)).join(", ")}`);
  }
  return { ...totals, "all tasks": task };
}

type Profile = { nodes: (ProfileNode & { children?: number[] })[]; samples: number[]; timeDeltas: number[] };
const frameKey = (frame: ProfileNode["callFrame"]) =>
  `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop() ?? ""}:${frame.lineNumber + 1}`;

/** Self time per function, and with INCLUSIVE=1 total time (each sample once per function on its stack). */
function summariseProfile(profile: Profile, top = 25) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    if (!process.env.INCLUSIVE) {
      const key = frameKey(byId.get(id)!.callFrame);
      totals.set(key, (totals.get(key) ?? 0) + ms);
      return;
    }
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const key = frameKey(byId.get(node)!.callFrame);
      if (process.env.COMPONENTS && !/^[A-Z]|^use[A-Z]/.test(key)) continue;
      if (seen.has(key) || key.startsWith("(root)") || key.startsWith("(idle)") || key.startsWith("(program)"))
        continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + ms);
    }
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
}

const METRICS = ["TaskDuration", "ThreadTime", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration"] as const;
const metricsOnly = process.argv.includes("--metrics");
const seen = new Map<string, Record<string, number[]>>();

async function readMetrics(cdp: CDPSession) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(metrics.map((metric) => [metric.name, metric.value]));
}

async function profiled(page: Page, cdp: CDPSession, label: string, action: () => Promise<void>) {
  if (metricsOnly) {
    await page.evaluate("window.__rp = []");
    const before = await readMetrics(cdp);
    await action();
    const after = await readMetrics(cdp);
    if (process.env.REACT_PROFILE) {
      const commits = (await page.evaluate("window.__rp ?? []")) as [string, string, number][];
      const sums = new Map<string, [number, number]>();
      for (const [id, , ms] of commits) {
        const sum = sums.get(id) ?? [0, 0];
        sums.set(id, [sum[0] + ms, sum[1] + 1]);
      }
      console.log(`${label}: ` + [...sums].map(([id, [ms, n]]) => `${id} ${ms.toFixed(1)}ms/${n}`).join("  "));
    }
    const row = (seen.get(label) ?? {}) as Record<string, number[]>;
    for (const name of METRICS) (row[name] ??= []).push(((after[name] ?? 0) - (before[name] ?? 0)) * 1000);
    seen.set(label, row);
    return;
  }
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: [
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "v8.execute",
      "disabled-by-default-v8.gc",
    ],
  });
  await cdp.send("Profiler.start");
  await action();
  const { profile } = await cdp.send("Profiler.stop");
  const trace = JSON.parse((await browser.stopTracing()).toString("utf8")) as { traceEvents: TraceEvent[] };
  const kinds = summariseTrace(trace.traceEvents);
  console.log(
    `\n== ${label}: ${Object.entries(kinds)
      .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}ms`)
      .join(", ")}`,
  );
  for (const [name, ms] of summariseProfile(profile as never, Number(process.env.TOP ?? 25)))
    console.log(`   ${ms.toFixed(1).padStart(7)}ms  ${name}`);
}

async function main() {
  const large = await seedLargeSalon("profile", givenDatabase());
  const day = large.busiestDay;
  large.db.close();
  const server = await startServer("node", ["server.js"], {
    DATABASE_URL: large.databaseUrl,
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    WEB_CONCURRENCY: "1",
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    await signIn(context, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/calendar?view=day&date=${day}`);
    await settled(page);
    // INJECT_CSS="...": a style to try before changing the app's (e.g. turning a rule off).
    if (process.env.INJECT_CSS) await page.addStyleTag({ content: process.env.INJECT_CSS });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Performance.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    const blocks = page.locator("[data-testid=day-grid] a[data-id]:not(.sc-blocked)");
    for (let index = 0; index < REPEAT; index++) {
      const block = blocks.nth(index);
      await block.scrollIntoViewIfNeeded();
      const box = (await block.boundingBox())!;
      await settled(page);
      await profiled(page, cdp, index === 0 ? "open cold" : "open warm", async () => {
        await page.mouse.click(box.x + Math.min(box.width / 2, 40), box.y + Math.min(box.height / 2, 8));
        await (
          await page.waitForFunction(
            () =>
              !!(
                document.querySelector("dialog")?.getAttribute("aria-modal") === "true" &&
                document.querySelector("dialog form")
              ),
          )
        ).dispose();
      });
      await settled(page);
      await profiled(page, cdp, "close", async () => {
        await page.keyboard.press("Escape");
        await (await page.waitForFunction(() => !document.querySelector("dialog"))).dispose();
      });
    }
    const block = blocks.nth(5);
    await block.scrollIntoViewIfNeeded();
    const box = (await block.boundingBox())!;
    const x = box.x + Math.min(box.width / 2, 40);
    const y = box.y + Math.min(box.height / 2, 8);
    await settled(page);
    await profiled(page, cdp, "drag", async () => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let step = 1; step <= 24; step++) await page.mouse.move(x + step * 4, y + step * 10);
      for (let step = 23; step >= 0; step--) await page.mouse.move(x + step * 4, y + step * 10);
      await page.mouse.up();
    });
    for (const [label, row] of seen) {
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      console.log(
        `${label.padEnd(12)} n=${row.TaskDuration!.length} ` +
          METRICS.map((name) => `${name} ${median(row[name]!).toFixed(0)}`).join("  "),
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
