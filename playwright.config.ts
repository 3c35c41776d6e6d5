import { defineConfig, devices } from "@playwright/test";
import { currentSlot, E2E_WORKERS, serverEnv, slot } from "./tests/e2e/servers";

// Playwright drives Debian's Chromium (no browser download). Each worker slot has its own
// app server (the production build) on a fresh database under tests/.artifacts; this file
// is loaded again in every worker, so `baseURL` is that worker's server.
export const baseURL = currentSlot().url;
// A name that is not localhost for the same machine, like a tablet on the salon's Wi-Fi:
// Chromium treats localhost and 127.0.0.0/8 as secure contexts, but not this name.
export const LAN_HOST = "salon.lan";

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1024, height: 768 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.2`,
    ],
  },
};

const server = (index: number) => {
  const { port, url, databaseFile } = slot(index);
  return {
    command: `rm -rf ${databaseFile.replace(/\/[^/]+$/, "")} && node server.js`,
    url: `${url}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: serverEnv(port, databaseFile),
  };
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A flaky test should show, not pass on its second try.
  retries: 0,
  // The longest flows (a service's every validation message with axe at two sizes) take
  // 20-30 s on a 2-core CI machine that also runs a server per worker and seeds the demo
  // salon for the tablet specs: 60 s leaves room without hiding a hang.
  timeout: 60_000,
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: { baseURL, trace: "retain-on-failure" },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => server(index)),
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /\.nojs\.spec\.ts$/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testMatch: /\.nojs\.spec\.ts$/ },
  ],
});
