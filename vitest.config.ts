import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two projects: "unit" (pure functions and components, no database, no set-up file) and
// "integration" (each file in its own process with a fresh, migrated database file from
// tests/setup.ts). `vitest run --project unit` runs the quick half alone.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts"],
          // Pure tests share one worker thread without a fresh module graph per file (about
          // 10 s for the lot instead of a minute); a unit test that mocks a module restores it.
          pool: "threads",
          isolate: false,
          // No database: a unit test that reaches for one meets an empty in-memory file and
          // fails, and nothing is written beside the working tree.
          env: {
            NODE_ENV: "test",
            DATABASE_URL: "file::memory:",
            SESSION_SECRET: "test-session-secret-0123456789abcdef",
          },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["./tests/setup.ts"],
        },
      },
    ],
  },
});
