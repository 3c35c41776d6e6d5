// JavaScript per route: for every route of the production build, the gzipped size of all
// JavaScript a browser downloads to open that route directly. Prints figures against the
// budget in docs (/work/shared/ARCHITECTURE.md, "Budgets"); never fails on the budget.
// Exits 1 only when there is no build to measure.
//
//   npx remix vite:build && npx tsx bench/route-js.ts
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const BUDGET_KB = 130;
const KB = 1000; // bytes; as Vite reports sizes (the stricter reading of "130 KB")

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
};
type RemixManifest = { entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> };

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const clientDir = join(root, "build", "client");
const assetsDir = join(clientDir, "assets");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadRemixManifest(): { manifest: RemixManifest; file: string } {
  if (!existsSync(assetsDir))
    fail(`No client build at ${assetsDir}.\nRun the production build first: npx remix vite:build`);
  const candidates = readdirSync(assetsDir)
    .filter((name) => /^manifest-[\w-]+\.js$/.test(name))
    .map((name) => ({ name, mtime: statSync(join(assetsDir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  const newest = candidates[0];
  if (!newest)
    fail(
      `No Remix route manifest (build/client/assets/manifest-*.js) found.\nRun the production build first: npx remix vite:build`,
    );
  if (candidates.length > 1)
    console.warn(
      `warning: ${candidates.length} route manifests in build/client/assets; using the newest, ${newest.name}`,
    );
  const text = readFileSync(join(assetsDir, newest.name), "utf8").trim();
  const match = text.match(/^window\.__remixManifest\s*=\s*([\s\S]*?);?$/);
  if (!match) fail(`Could not read ${newest.name}: expected "window.__remixManifest=<json>;"`);
  return { manifest: JSON.parse(match[1]!) as RemixManifest, file: newest.name };
}

/** URL path ("/assets/x.js") to a file in build/client. */
function fileOf(url: string): string {
  return join(clientDir, url.replace(/^\//, ""));
}

const sizes = new Map<string, { raw: number; gzip: number; sent: number }>();
/**
 * Raw and gzip-9 sizes, and `sent`: what the server sends a browser (which accepts brotli):
 * the build's precompressed copy (`x.js.br`, brotli 11) when there is one, else what the
 * server's on-the-fly compression makes of it (brotli 1).
 */
function sizeOf(url: string): { raw: number; gzip: number; sent: number } {
  let size = sizes.get(url);
  if (!size) {
    const bytes = readFileSync(fileOf(url));
    const copy = `${fileOf(url)}.br`;
    const sent = existsSync(copy)
      ? statSync(copy).size
      : brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }).length;
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, sent };
    sizes.set(url, size);
  }
  return size;
}

// The manifest's `imports` are meant to be complete; as a cross-check, static imports
// found in the files themselves (import ... from "./x.js", import "./x.js") are followed too.
// Dynamic import("...") is not followed: it is not needed to open the route.
const staticImportCache = new Map<string, string[]>();
function staticImportsOf(url: string): string[] {
  let found = staticImportCache.get(url);
  if (!found) {
    const text = readFileSync(fileOf(url), "utf8");
    const base = url.slice(0, url.lastIndexOf("/") + 1);
    found = [];
    for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[\w.$@~-]+\.m?js)["']/g)) {
      const target = base + match[1]!.slice(2);
      if (existsSync(fileOf(target))) found.push(target);
    }
    staticImportCache.set(url, found);
  }
  return found;
}

const missedByManifest = new Set<string>();

/** Adds `url`, the listed imports and everything they import statically. */
function collect(into: Set<string>, url: string, listed: string[] = []) {
  const queue = [url, ...listed];
  const fromManifest = new Set(queue);
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (into.has(next)) continue;
    if (!existsSync(fileOf(next)))
      fail(
        `The manifest names ${next}, which is not in build/client. Is the build incomplete? Run: npx remix vite:build`,
      );
    into.add(next);
    for (const imported of staticImportsOf(next)) {
      if (!fromManifest.has(imported) && !into.has(imported)) missedByManifest.add(`${imported} (imported by ${next})`);
      queue.push(imported);
    }
  }
}

const { manifest, file: manifestFile } = loadRemixManifest();
const routes = manifest.routes;
const root_ = routes.root;
if (!root_) fail(`${manifestFile} has no "root" route`);

function chainOf(id: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) chain.unshift(route);
  return chain;
}

function fullPath(chain: ManifestRoute[]): string {
  const parts = chain.map((route) => route.path ?? "").filter(Boolean);
  return "/" + parts.join("/");
}

/**
 * A route opened at its own URL also renders the children that match the same URL: its
 * index route, or a pathless layout and that layout's index route (root > _app > _app._index).
 */
function indexDescendants(id: string): ManifestRoute[] {
  const children = Object.values(routes).filter((route) => route.parentId === id && !route.path);
  const index = children.find((route) => route.index);
  if (index) return [index];
  for (const layout of children) {
    const below = indexDescendants(layout.id);
    if (below.some((route) => route.index)) return [layout, ...below];
  }
  return [];
}

/** Resource routes (no default export) get an empty client module and no page. */
function isResourceRoute(route: ManifestRoute): boolean {
  return (route.imports ?? []).length === 0 && readFileSync(fileOf(route.module), "utf8").trim() === "";
}

// Every page loads the whole route manifest as a script (lazy route discovery is off: decision 0131).
const manifestUrl = `/assets/${manifestFile}`;
const entryFiles = new Set<string>([manifestUrl]);
collect(entryFiles, manifest.entry.module, manifest.entry.imports);
const entryGzip = [...entryFiles].reduce((sum, url) => sum + sizeOf(url).gzip, 0);

type Row = { id: string; path: string; files: string[]; raw: number; gzip: number; sent: number; note: string };
const rows: Row[] = [];
const resourceRoutes: string[] = [];

for (const id of Object.keys(routes)) {
  const route = routes[id]!;
  const chain = chainOf(id);
  if (id !== "root" && isResourceRoute(route)) {
    resourceRoutes.push(`${id} (${fullPath(chain)})`);
    continue;
  }
  const extra = indexDescendants(id);
  const files = new Set<string>([manifestUrl]);
  collect(files, manifest.entry.module, manifest.entry.imports);
  for (const step of [...chain, ...extra]) collect(files, step.module, step.imports);
  let raw = 0;
  let gzip = 0;
  let sent = 0;
  for (const url of files) {
    raw += sizeOf(url).raw;
    gzip += sizeOf(url).gzip;
    sent += sizeOf(url).sent;
  }
  const notes: string[] = [];
  if (extra.length > 0) notes.push(`also renders ${extra.map((r) => r.id).join(" > ")}`);
  if (route.path === undefined && !route.index && id !== "root") notes.push("pathless layout");
  rows.push({
    id,
    path: fullPath(chain) + (route.index ? " (index)" : ""),
    files: [...files],
    raw,
    gzip,
    sent,
    note: notes.join("; "),
  });
}

rows.sort((a, b) => b.sent - a.sent || a.id.localeCompare(b.id));

const budget = BUDGET_KB * KB;
const kb = (bytes: number) => (bytes / KB).toFixed(1);
const verdict = (bytes: number) => (bytes <= budget ? "within budget" : "OVER budget");
const idWidth = Math.max(8, ...rows.map((row) => row.id.length));
const pathWidth = Math.max(4, ...rows.map((row) => row.path.length));
const header = `${"route id".padEnd(idWidth)}  ${"path".padEnd(pathWidth)}  files  raw KB  gzip KB  sent KB  budget KB  verdict (sent)`;

console.log(
  `JavaScript per route (gzip level 9, and as sent: the build's brotli 11 copies; 1 KB = ${KB} bytes), from ${join("build/client/assets", manifestFile)}`,
);
console.log(
  `Counted per route: entry client + its imports, root + its imports, each route module on the path + its imports; each file once.\n`,
);
console.log(header);
console.log("-".repeat(header.length));
for (const row of rows) {
  console.log(
    `${row.id.padEnd(idWidth)}  ${row.path.padEnd(pathWidth)}  ${String(row.files.length).padStart(5)}  ${kb(row.raw).padStart(6)}  ${kb(row.gzip).padStart(7)}  ${kb(row.sent).padStart(7)}  ${String(BUDGET_KB).padStart(9)}  ${verdict(row.sent)}${row.note ? `  (${row.note})` : ""}`,
  );
}

const largest = rows[0]!;
const over = rows.filter((row) => row.sent > budget);
const overGzip = rows.filter((row) => row.gzip > budget);
const kibVerdicts = rows.filter((row) => row.gzip > budget !== row.gzip > BUDGET_KB * 1024);
console.log("");
console.log(
  `Entry client alone (Remix + React runtime): ${kb(entryGzip)} KB gzipped (${(entryGzip / 1024).toFixed(1)} KiB) in ${entryFiles.size} files`,
);
console.log(
  `Largest: ${largest.id} (${largest.path}): ${kb(largest.sent)} KB as sent (${kb(largest.gzip)} KB gzip 9), budget ${BUDGET_KB} KB: ${verdict(largest.sent)} ` +
    (largest.sent <= budget
      ? `(${kb(budget - largest.sent)} KB headroom)`
      : `(over by ${kb(largest.sent - budget)} KB)`),
);
console.log("  its files, largest first (KB as sent, gzip 9):");
for (const url of [...largest.files].sort((a, b) => sizeOf(b).sent - sizeOf(a).sent)) {
  console.log(`    ${kb(sizeOf(url).sent).padStart(6)}  ${kb(sizeOf(url).gzip).padStart(6)}  ${url}`);
}
console.log(
  over.length === 0
    ? `All ${rows.length} page routes within budget as sent (precompressed brotli 11).`
    : `${over.length} of ${rows.length} page routes OVER budget as sent.`,
);
console.log(
  `Judged on gzip 9 instead (a browser without brotli): ${overGzip.length} of ${rows.length} over budget${overGzip.length ? ` (${overGzip.map((row) => row.id).join(", ")})` : ""}.`,
);
if (kibVerdicts.length > 0) {
  console.log(
    `Reading the budget as 130 KiB (133.1 KB) instead would change the verdict for: ${kibVerdicts.map((row) => row.id).join(", ")}`,
  );
}
// The public booking page (/book and its manage link) has a budget of its own: clients open
// it on their phones, on whatever connection they have. Its first load is counted as above;
// the spam-check widget it imports after the page is shown (a dynamic import) and the worker
// that solves the proof of work are counted apart, as the JavaScript that follows. Judged, as
// the staff routes are, on the bytes sent (decision 0121): every browser that opens the page
// over HTTPS accepts brotli; the gzip 9 figure is printed too.
const BOOK_BUDGET_KB = 100;
const bookBudget = BOOK_BUDGET_KB * KB;
const bookRows = rows.filter((row) => row.path === "/book" || row.path.startsWith("/book/"));
if (bookRows.length > 0) {
  console.log(`\nPublic booking page (budget ${BOOK_BUDGET_KB} KB at first load, as sent; gzip 9 in brackets):`);
  for (const row of bookRows) {
    const lazy = new Set<string>();
    const workers = new Set<string>();
    for (const url of row.files) {
      const base = url.slice(0, url.lastIndexOf("/") + 1);
      const text = readFileSync(fileOf(url), "utf8");
      for (const match of text.matchAll(/import\(\s*["'](\.\/[\w.$@~-]+\.m?js)["']\s*\)/g)) {
        const target = base + match[1]!.slice(2);
        if (existsSync(fileOf(target)) && !row.files.includes(target)) collect(lazy, target);
      }
    }
    for (const url of lazy) {
      for (const match of readFileSync(fileOf(url), "utf8").matchAll(
        /new Worker\(\s*["'](\/assets\/[\w.$@~-]+\.js)["']/g,
      )) {
        if (existsSync(fileOf(match[1]!))) workers.add(match[1]!);
      }
    }
    for (const url of row.files) lazy.delete(url);
    const lazySent = [...lazy].reduce((sum, url) => sum + sizeOf(url).sent, 0);
    const workerSizes = [...workers].map((url) => `${url.replace(/^.*\//, "")} ${kb(sizeOf(url).sent)} KB`);
    console.log(
      `  ${row.path.padEnd(pathWidth)}  ${kb(row.sent).padStart(6)} KB (${kb(row.gzip)})  ${row.sent <= bookBudget ? "within budget" : "OVER budget"}` +
        (lazy.size > 0 ? `; then ${kb(lazySent)} KB loaded after the page is shown (${lazy.size} files)` : "") +
        (workers.size > 0 ? `; one worker while solving: ${workerSizes.join(" or ")}` : ""),
    );
  }
}

if (resourceRoutes.length > 0) {
  console.log(
    `\nNot in the table: ${resourceRoutes.length} resource routes (no page, an empty client module; a browser opening them downloads no JavaScript):`,
  );
  console.log("  " + resourceRoutes.sort().join("\n  "));
}
if (missedByManifest.size > 0) {
  console.log(
    `\nNote: static imports not listed in the route manifest were followed and counted:\n  ${[...missedByManifest].join("\n  ")}`,
  );
}
