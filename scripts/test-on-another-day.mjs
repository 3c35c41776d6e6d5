// Runs the integration suite once more on another day: under `faketime` (every clock of the
// process tree, server processes included) and with TEST_NOW (the start of the tests' own
// fixed clock, tests/clock.ts) at the same instant. The instant is TEST_NOW when given, else
// a random minute within the next year, printed first so a failure can be run again:
//   TEST_NOW=2027-03-28T00:30:00.000Z npm run test:integration:otherday
// See docs/decisions/0091-tests-on-every-day.md.
import { spawnSync } from "node:child_process";

const DAY = 86_400_000;
const given = process.env.TEST_NOW?.trim();
const now = given
  ? new Date(given)
  : new Date(Math.floor((Date.now() + DAY + Math.random() * 364 * DAY) / 60_000) * 60_000);
if (Number.isNaN(now.getTime())) {
  console.error(`TEST_NOW is not an instant: ${given}`);
  process.exit(2);
}
const london = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: "Europe/London",
}).format(now);
console.log(`Integration suite on another day: TEST_NOW=${now.toISOString()} (${london} in London).`);
console.log(`To run it again: TEST_NOW=${now.toISOString()} npm run test:integration:otherday`);

if (spawnSync("faketime", ["-f", "+0", "true"]).status !== 0) {
  console.error("faketime is missing: apt-get install faketime (.ci/run installs it on CI).");
  process.exit(2);
}
// A relative offset in seconds, so the instant does not depend on the machine's time zone.
const offset = Math.round((now.getTime() - Date.now()) / 1000);
const result = spawnSync(
  "faketime",
  [
    "-f",
    `${offset >= 0 ? "+" : ""}${offset}`,
    "npx",
    "vitest",
    "run",
    "--project",
    "integration",
    ...process.argv.slice(2),
  ],
  {
    stdio: "inherit",
    // Monotonic clocks (timers, the event loop) stay real; only the wall clock moves.
    env: { ...process.env, TEST_NOW: now.toISOString(), FAKETIME_DONT_FAKE_MONOTONIC: "1" },
  },
);
if (result.status !== 0)
  console.error(
    `The integration suite failed on ${london} in London: TEST_NOW=${now.toISOString()} npm run test:integration:otherday`,
  );
process.exit(result.status ?? 1);
