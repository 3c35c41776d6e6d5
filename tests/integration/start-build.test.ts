// `npm start` builds only when the build is missing or older than a source.
import { mkdirSync, mkdtempSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsStale } from "../../scripts/build-if-stale.mjs";

describe("build-if-stale", () => {
  it("builds when there is no build, not when the build is newer, again when a source changes", () => {
    const root = mkdtempSync(join(tmpdir(), "salon-build-"));
    mkdirSync(join(root, "app/routes"), { recursive: true });
    writeFileSync(join(root, "app/routes/page.tsx"), "export default 1;");
    expect(buildIsStale(root)).toBe("there is no build yet");

    mkdirSync(join(root, "build/server"), { recursive: true });
    writeFileSync(join(root, "build/server/index.js"), "");
    // Times relative to the build file's own, as the file system wrote it (the suite may run
    // under faketime, where Date.now() is not the file system's clock).
    const built = statSync(join(root, "build/server/index.js")).mtimeMs;
    const hourAgo = new Date(built - 3_600_000);
    utimesSync(join(root, "app/routes/page.tsx"), hourAgo, hourAgo);
    utimesSync(join(root, "app/routes"), hourAgo, hourAgo);
    utimesSync(join(root, "app"), hourAgo, hourAgo);
    expect(buildIsStale(root)).toBeNull();

    const later = new Date(built + 60_000);
    utimesSync(join(root, "app/routes/page.tsx"), later, later);
    expect(buildIsStale(root)).toBe("app changed since the last build");
  });
});
