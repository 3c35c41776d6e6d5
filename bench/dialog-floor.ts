// What opening and closing a booking costs the browser alone, against what it costs as a route:
// the floor under issue 33's budgets (decision 0144). Four variants on the large salon's Day
// view, interleaved round by round in one browser:
//
// - "browser alone": the server's own HTML of the Day view with a dialog open, its scripts
//   taken out, and a page script of a dozen lines that does on a tap what the app's dialog
//   does (a copy of the server's dialog and backdrop put in, `aria-modal`, focus to its first
//   field, `pushState`; on Close the reverse). No React, no router, no data request.
// - "route": the app as it is, a tap on a block opening the dialog's route.
//
// each with the booking dialog (the edit form, about 200 elements) and with a three-line
// dialog (a colleague's appointment, read-only, about 20 elements). The differences say what
// a route costs with nothing in it and what the booking form costs on top.
//
//   npx remix vite:build
//   npx tsx bench/dialog-floor.ts [--rounds=3] [--opens=6] [--database=file:/tmp/large.db]
import { chromium, type Browser, type Page } from "playwright";
import { startServer } from "../tests/server-process";
import { CHROMIUM, CHROMIUM_ARGS } from "./chromium";
import { givenDatabase, requireBuild, seedLargeSalon } from "./large-salon";
import { positiveIntOption } from "./options";
import { arm, armed, blockAt, idle, measured, medianOf, settled, signIn, spread } from "./tablet-browser";

requireBuild();
const ROUNDS = positiveIntOption("rounds", 3);
const OPENS = positiveIntOption("opens", 6);
const THROTTLE = 4;
const WARM_UP = 3;

type Dialog = "booking" | "brief";
type Variant = { key: string; label: string; dialog: Dialog; alone: boolean };
const VARIANTS: Variant[] = [
  { key: "alone:brief", label: "browser alone, three-line dialog", dialog: "brief", alone: true },
  { key: "alone:booking", label: "browser alone, booking dialog", dialog: "booking", alone: true },
  { key: "route:brief", label: "route, three-line dialog", dialog: "brief", alone: false },
  { key: "route:booking", label: "route, booking dialog (the app)", dialog: "booking", alone: false },
];

const shown = (dialog: Dialog) =>
  `!!(document.querySelector("dialog")?.getAttribute("aria-modal") === "true" && document.querySelector("dialog ${dialog === "booking" ? "form" : "dl"}"))`;
const GONE = `!document.querySelector("dialog")`;
const BRIEF_PATH = (href: string) => href.replace("/calendar/appointments/", "/calendar/colleague/");

// What RouteDialog does on opening and closing, without React or the router: the dialog and
// its backdrop as the server drew them, focus in and back, the address pushed.
const PAGE_SCRIPT = `<script>
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';
const dialog = document.querySelector("dialog");
const backdrop = dialog.previousElementSibling;
const place = dialog.parentElement;
const day = location.href;
dialog.remove();
backdrop.remove();
let previous = null;
document.addEventListener("click", (event) => {
  const link = event.target.closest("a");
  if (!link) return;
  if (link.matches("[data-testid=day-grid] a[data-id]")) {
    event.preventDefault();
    previous = document.activeElement;
    const shown = dialog.cloneNode(true);
    place.append(backdrop.cloneNode(true), shown);
    shown.setAttribute("aria-modal", "true");
    (shown.querySelector("[autofocus]") ?? shown.querySelector(FOCUSABLE) ?? shown).focus({ preventScroll: true });
    history.pushState(null, "", link.href);
  } else if (link.closest("dialog")) {
    event.preventDefault();
    const shown = link.closest("dialog");
    shown.previousElementSibling.remove();
    shown.remove();
    history.pushState(null, "", day);
    if (previous?.isConnected && previous !== document.body) previous.focus({ preventScroll: true });
  }
});
</script>`;

/** The server's HTML of the Day view with `dialogPath`'s dialog open, its scripts taken out. */
async function aloneHtml(page: Page, base: string, dialogPath: string) {
  const response = await page.request.get(base + dialogPath);
  if (!response.ok()) throw new Error(`${dialogPath}: ${response.status()}`);
  const html = (await response.text())
    .replace(/<script\b[\s\S]*?<\/script>/g, "")
    .replace(/<link rel="modulepreload"[^>]*>/g, "");
  return html.replace("</body>", `${PAGE_SCRIPT}</body>`);
}

const samples = new Map<string, number[]>();
const record = (key: string, value: number) => samples.set(key, [...(samples.get(key) ?? []), value]);

async function run(browser: Browser, base: string, dayPath: string, variant: Variant, round: number) {
  // No service worker: its offline copy would answer the browser-alone pages' made-up address.
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    hasTouch: true,
    serviceWorkers: "block",
  });
  await signIn(context, base);
  const page = await context.newPage();
  const wait = variant.alone ? idle : settled;
  if (variant.alone) {
    const day = await (await context.request.get(base + dayPath)).text();
    const first = /href="(\/calendar\/appointments\/\d+\?[^"]*)"/.exec(day)?.[1]?.replace(/&amp;/g, "&");
    if (!first) throw new Error("no booking on the Day view");
    const html = await aloneHtml(page, base, variant.dialog === "brief" ? BRIEF_PATH(first) : first);
    await page.route(`${base}/bench-dialog-floor`, (route) => route.fulfill({ body: html, contentType: "text/html" }));
    await page.goto(`${base}/bench-dialog-floor`);
  } else {
    await page.goto(base + dayPath);
    await settled(page);
    if (variant.dialog === "brief")
      await page.evaluate(() => {
        for (const link of document.querySelectorAll("[data-testid=day-grid] a[data-id]"))
          link.setAttribute(
            "href",
            link.getAttribute("href")!.replace("/calendar/appointments/", "/calendar/colleague/"),
          );
      });
  }
  await wait(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const cycle = async (index: number) => {
    const { x, y } = await blockAt(page, index, wait);
    await arm(page, shown(variant.dialog));
    const open = await measured(cdp, async () => {
      await page.touchscreen.tap(x, y);
      await armed(page);
    });
    const close = (await page.locator("dialog").getByRole("link", { name: "Close", exact: true }).boundingBox())!;
    await wait(page);
    await arm(page, GONE);
    const closed = await measured(cdp, async () => {
      await page.touchscreen.tap(close.x + close.width / 2, close.y + close.height / 2);
      await armed(page);
    });
    await wait(page);
    return { open, closed };
  };
  // The page's first opens load the route's code and compile it: not counted.
  for (let n = 0; n < WARM_UP; n++) await cycle(round + n * 7);
  for (let n = 1; n <= OPENS; n++) {
    const { open, closed } = await cycle(round * OPENS + n * 3);
    record(`${variant.key}:open`, open.task);
    record(`${variant.key}:open:cpu`, open.thread);
    record(`${variant.key}:close`, closed.task);
  }
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
  for (let n = 1; n <= 2; n++) {
    const { open, closed } = await cycle(round * OPENS + n * 5 + 1);
    record(`${variant.key}:openwall`, open.wall);
    record(`${variant.key}:closewall`, closed.wall);
  }
  await context.close();
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const cell = (key: string) => spread(samples.get(key) ?? [], "ms");
const median = (key: string) => medianOf(samples.get(key) ?? [NaN]);

async function main() {
  const large = await seedLargeSalon("dialog-floor", givenDatabase());
  large.db.close();
  const server = await startServer("node", ["server.js"], {
    DATABASE_URL: large.databaseUrl,
    SESSION_SECRET: "bench-secret-0123456789abcdef",
    WEB_CONCURRENCY: "1",
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const dayPath = `/calendar?view=day&date=${large.busiestDay}`;
    console.log(`large salon: busiest day ${large.busiestDay}, ${large.busiestCount} appointments`);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...VARIANTS].reverse() : VARIANTS;
      for (const variant of order) {
        process.stdout.write(`round ${round + 1}/${ROUNDS}: ${variant.label}...\n`);
        await run(browser, server.url, dayPath, variant, round);
      }
    }
    console.log(`\nChromium at 1024×768, a tap on a block and a tap on Close; medians (min–max) of`);
    console.log(`${ROUNDS * OPENS} opens per variant at 1× (TaskDuration), ${ROUNDS * 2} at ${THROTTLE}× (wall).\n`);
    const rows = [
      ["variant", "open, 1×", "its CPU", "close, 1×", `open, wall ${THROTTLE}×`, `close, wall ${THROTTLE}×`],
    ];
    for (const variant of VARIANTS)
      rows.push([
        variant.label,
        ...["open", "open:cpu", "close", "openwall", "closewall"].map((what) => cell(`${variant.key}:${what}`)),
      ]);
    const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
    for (const row of rows) console.log(row.map((text, column) => text.padEnd(widths[column]!)).join("  "));
    const fixedOpen = median("route:brief:open") - median("alone:brief:open");
    const fixedClose = median("route:brief:close") - median("alone:brief:close");
    const formAlone = median("alone:booking:open") - median("alone:brief:open");
    const formReact = median("route:booking:open") - median("route:brief:open") - formAlone;
    console.log(`\nA route with nothing in it, over the browser alone: open ${ms(fixedOpen)}, close ${ms(fixedClose)}`);
    console.log(`The booking form, the browser's own work (alone, booking − brief): ${ms(formAlone)}`);
    console.log(`The booking form, React's work on top (route − alone, booking − brief): ${ms(formReact)}`);
    console.log(
      `The open budget (≤ 50 ms) less a three-line route dialog: ${ms(50 - median("route:brief:open"))} for the booking form, which the browser alone takes ${ms(formAlone)} to show`,
    );
  } finally {
    await browser.close();
    await server.stop();
    large.remove();
  }
}

void main();
