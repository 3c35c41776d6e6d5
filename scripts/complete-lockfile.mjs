// The npm registry mirror this project is built against lacks some platform-specific
// optional packages (macOS, Windows, musl, ... builds of rollup, tailwind's oxide and
// deno). `npm install` then leaves them out of package-lock.json, and npm 11's `npm ci`
// refuses a lock file that omits a declared optional dependency. This script records each
// omitted package as an optional, platform-restricted entry, so `npm ci` accepts the lock
// and skips them on this platform as it would anyway. Run it after `npm install`.
import { readFileSync, writeFileSync } from "node:fs";

const OS = ["darwin", "win32", "linux", "android", "freebsd", "openbsd", "openharmony", "sunos", "aix"];
const CPU = ["arm64", "x64", "ia32", "arm", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"];

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  const libc = parts.some((part) => part.startsWith("musl"))
    ? "musl"
    : parts.some((part) => part.startsWith("gnu") || part === "glibc")
      ? "glibc"
      : null;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nested = `${path}/node_modules/${name}`;
    if (packages[key] || packages[nested]) continue;
    packages[key] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platformOf(name) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} platform-specific optional package(s) missing from the registry.`);
