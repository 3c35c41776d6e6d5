// `npm start` builds only when there is no build or a source is newer than it, so a
// restart of the salon's server takes seconds, not the one to two minutes of a build.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const BUILD = "build/server/index.js";
// What the build is made from: the app, its styles and static files, and the build's configuration.
const SOURCES = ["app", "public", "patches", "vite.config.ts", "tsconfig.json", "package.json", "package-lock.json"];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

/** Why the build in `root` must be made again, or null when it is newer than every source. */
export function buildIsStale(root = ".") {
  if (!existsSync(join(root, BUILD))) return "there is no build yet";
  const built = statSync(join(root, BUILD)).mtimeMs;
  const changed = SOURCES.find((source) => newestChange(join(root, source)) > built);
  return changed ? `${changed} changed since the last build` : null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const reason = buildIsStale();
  if (!reason) {
    console.log("The build is up to date; starting.");
  } else {
    console.log(`Building (${reason})...`);
    const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
