// Patch tests before colour services (decision 0126): what a client's tests mean for a
// booking. Pure and isomorphic: the rule chain, the calendar's marker and the forms read it.
import type { PatchTestFinding, PatchTestResult } from "#db/enums";

export type PatchTestTerms = { requiresPatchTest: boolean; patchTestValidDays: number; patchTestLeadHours: number };
export type PatchTestRecord = { testedAt: string; result: PatchTestResult };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * What stands between a client and a booking of a service starting at `start`, or null when
 * nothing does: the service needs no test, or a passed test is at least the lead hours
 * before the start and at most the valid days old. Only tests done before the start count;
 * the latest of them failing is "failed" whatever passed before it (a reaction since is
 * what counts), then a passed test that is too recent, then one that expired, else "missing".
 * Hours are real hours: a change of the clocks in between makes 48 hours 47 or 49 on the wall.
 */
export function patchTestFinding(
  tests: readonly PatchTestRecord[],
  terms: PatchTestTerms,
  start: Date | string,
): PatchTestFinding | null {
  if (!terms.requiresPatchTest) return null;
  const at = new Date(start).getTime();
  const done = tests.filter((test) => Date.parse(test.testedAt) <= at);
  if (done.length === 0) return "missing";
  const latest = done.reduce((a, b) => (Date.parse(b.testedAt) >= Date.parse(a.testedAt) ? b : a));
  if (latest.result === "fail") return "failed";
  const ages = done.filter((test) => test.result === "pass").map((test) => at - Date.parse(test.testedAt));
  if (ages.some((age) => age >= terms.patchTestLeadHours * HOUR && age <= terms.patchTestValidDays * DAY)) return null;
  if (ages.some((age) => age < terms.patchTestLeadHours * HOUR)) return "too_recent";
  return "expired";
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** The staff's warning for a finding, naming the service and its terms. */
export function patchTestWarning(finding: PatchTestFinding, service: string, terms: PatchTestTerms): string {
  const lead = plural(terms.patchTestLeadHours, "hour");
  switch (finding) {
    case "missing":
      return `${service} needs a passed patch test at least ${lead} before, and this client has none on record.`;
    case "too_recent":
      return `${service} needs a passed patch test at least ${lead} before: this client's test is too recent.`;
    case "expired":
      return `${service} needs a passed patch test in the last ${plural(terms.patchTestValidDays, "day")}: this client's test has expired.`;
    case "failed":
      return `This client's latest patch test failed: ${service} cannot be booked unless an administrator overrides it with a reason.`;
  }
}

/** The calendar marker's words for a finding. */
export const PATCH_TEST_MARKER: Record<PatchTestFinding, string> = {
  missing: "Patch test missing",
  too_recent: "Patch test too recent",
  expired: "Patch test expired",
  failed: "Patch test failed",
};

/** What the online client hears for a service that needs a patch test, whatever their record says: it reveals nothing of it. */
export const ONLINE_PATCH_TEST =
  "This service needs a patch test first: please contact the salon to book a patch test before booking it online.";
