import { defineConfig, devices } from "@playwright/test";

// Playwright drives Debian's Chromium (no browser download); the app runs from the
// production build on fresh databases under tests/.artifacts.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const FRESH_PORT = PORT + 1;
export const baseURL = `http://localhost:${PORT}`;
export const freshInstallURL = `http://localhost:${FRESH_PORT}`;

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1024, height: 768 },
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  },
};

const server = (port: number, name: string) => ({
  command: `rm -rf tests/.artifacts/${name} && node server.js`,
  url: `http://localhost:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: `file:tests/.artifacts/${name}/salon.db`,
    SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
    // SMS never reaches a real provider from the tests: nothing listens on port 2.
    SMS_TWILIO_URL: "http://127.0.0.1:2",
    SMS_PLIVO_URL: "http://127.0.0.1:2",
    SMS_MESSAGEBIRD_URL: "http://127.0.0.1:2",
    SMS_RETRY_BASE_MS: "10",
  },
});

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: { baseURL, trace: "retain-on-failure" },
  webServer: [server(PORT, "e2e"), server(FRESH_PORT, "fresh")],
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /\.nojs\.spec\.ts$/ },
    { name: "no-js", use: { ...chromium, javaScriptEnabled: false }, testMatch: /\.nojs\.spec\.ts$/ },
  ],
});
