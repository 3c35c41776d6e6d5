import type { Submission } from "@conform-to/react";

/** The field messages of a failed Conform submission, without the empty entries. */
export function submissionErrors(submission: Submission<unknown>): Record<string, string[]> {
  const entries = Object.entries(submission.status === "error" ? (submission.error ?? {}) : {});
  return Object.fromEntries(entries.filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
}
