// What the tablet benches share: main-thread time from CDP, waits that cost the page nothing,
// a signed-in context, the Day view's blocks, and medians. Used by tablet.ts, dialog-floor.ts
// and profile-dialog.ts.
import type { BrowserContext, CDPSession, Page } from "playwright";

export const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
export function medianOf(values: number[]): number {
  const list = sorted(values);
  const middle = Math.floor(list.length / 2);
  return list.length % 2 ? list[middle]! : (list[middle - 1]! + list[middle]!) / 2;
}
const KB = 1000;
const fmt = (value: number, unit: string) =>
  unit === "KB"
    ? `${(value / KB).toFixed(1)} KB`
    : unit === "x"
      ? `${value.toFixed(2)}×`
      : `${Math.round(value)}${unit}`;
/** A figure's median and its spread, "58ms (46ms–85ms, n=24)"; `unit` "KB" counts bytes. */
export function spread(values: number[], unit: string): string {
  if (values.length === 0) return "-";
  const list = sorted(values);
  const middle = fmt(medianOf(list), unit);
  return list.length === 1 ? middle : `${middle} (${fmt(list[0]!, unit)}–${fmt(list.at(-1)!, unit)}, n=${list.length})`;
}

export async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await cdp.send("Performance.getMetrics");
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

/**
 * Main-thread time (ms), the main thread's CPU time (ms) and wall time (ms) of `action`, and
 * whatever it returns. TaskDuration (the budgets' figure) also counts time the thread waited
 * inside its tasks (on the compositor, or for a core the server or the GPU process held);
 * ThreadTime counts only the CPU it used, so it moves less with the machine's load.
 */
export async function measured<T>(
  cdp: CDPSession,
  action: () => Promise<T>,
): Promise<{ task: number; thread: number; wall: number; value: T }> {
  const before = await metrics(cdp);
  const started = performance.now();
  const value = await action();
  const wall = performance.now() - started;
  const after = await metrics(cdp);
  // A navigation to a new renderer process starts its count again.
  const delta = (name: string) => {
    const from = before[name] ?? 0;
    const to = after[name] ?? 0;
    return (to >= from ? to - from : to) * 1000;
  };
  return { task: delta("TaskDuration"), thread: delta("ThreadTime"), wall, value };
}

/** The main thread has been idle twice. */
export async function idle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 3000 }), { timeout: 3000 }),
      ),
  );
}

/** Hydrated and settled: the router is up and the main thread has been idle twice. */
export async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
  );
  await idle(page);
}

export async function signIn(context: BrowserContext, base: string) {
  const page = await context.newPage();
  await page.goto(`${base}/auth`);
  await settled(page);
  await page.getByLabel("Email").fill("admin@salon.test");
  await page.getByLabel("Password").fill("password123");
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith("/auth")),
    page.getByRole("button", { name: "Sign In" }).click(),
  ]);
  await page.close();
}

/**
 * A block of the Day view to open or drag, scrolled into view; its centre. `wait`: how to
 * wait for the page to settle (a page without the app's scripts has no router to wait for).
 */
export async function blockAt(page: Page, index: number, wait: (page: Page) => Promise<void> = settled) {
  const blocks = page.locator("[data-testid=day-grid] a[data-id]:not(.sc-blocked)");
  const count = await blocks.count();
  const block = blocks.nth(index % count);
  await block.scrollIntoViewIfNeeded();
  // The frames a scroll brings (painting what came into view) are the scroll's, not the next
  // tap's: a finger taps a block already on screen.
  await wait(page);
  const at = async () => {
    const box = (await block.boundingBox())!;
    return { x: box.x + Math.min(box.width / 2, 40), y: box.y + Math.min(box.height / 2, 8) };
  };
  let point = await at();
  // A block scrolled partly under the sticky stylist headings is tapped where a finger would:
  // brought to the middle of the grid first.
  const covered = await block.evaluate(
    (element, { x, y }) => !element.contains(document.elementFromPoint(x, y)),
    point,
  );
  if (covered) {
    await block.evaluate((element) => element.scrollIntoView({ block: "center" }));
    await wait(page);
    point = await at();
  }
  return { block, ...point, count };
}

// Measured interactions wait inside the page: a mutation observer armed before the tap sees
// the dialog come or go, then the frame that draws it is let through. Playwright's
// waitForFunction would run its test on every frame, and its own work would count as the
// app's main-thread time.
export const DIALOG_SHOWN = `!!(document.querySelector("dialog")?.getAttribute("aria-modal") === "true" && document.querySelector("dialog form"))`;
export const DIALOG_GONE = `!document.querySelector("dialog")`;
export const arm = (page: Page, test: string) =>
  page.evaluate(`window.__settled = new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), 15000);
    const drawn = () => requestAnimationFrame(() => setTimeout(() => (clearTimeout(timer), resolve(true))));
    if (${test}) return drawn();
    const observer = new MutationObserver(() => {
      if (!(${test})) return;
      observer.disconnect();
      drawn();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  }); true`);
export const armed = async (page: Page) => {
  if (!(await page.evaluate("window.__settled"))) throw new Error(`no dialog came or went in 15 s at ${page.url()}`);
};
