// The booking and edit dialogs' patch-test warning (decision 0126): shown when the server
// answered 409 `patch_test_required`, with JavaScript or without (the form re-renders with
// it). "Book anyway" confirms; after a failed test an administrator also gives a reason,
// and anyone else reads that only an administrator can.
export type PatchTestWarning = { message: string; finding: "missing" | "too_recent" | "expired" | "failed" };

/** The warning in a form action's reply (its `details`), or null. */
export function patchTestWarningOf(reply: { details?: Record<string, unknown> } | undefined): PatchTestWarning | null {
  const details = reply?.details;
  if (details?.code !== "patch_test_required" || typeof details.patchTest !== "string") return null;
  const message = typeof details.message === "string" ? details.message : "This client has no valid patch test.";
  return { message, finding: details.patchTest as PatchTestWarning["finding"] };
}

export function PatchTestConfirmation({ warning, canOverride }: { warning: PatchTestWarning; canOverride: boolean }) {
  const failed = warning.finding === "failed";
  return (
    <div role="alert" className="space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-300">
      <p className="font-medium">{warning.message}</p>
      {failed && !canOverride ? (
        <p>Only an administrator can book it, with a reason.</p>
      ) : (
        <>
          {failed ? (
            <div>
              <label htmlFor="patch-test-override-reason" className="mb-1 block font-medium">
                Reason for overriding
              </label>
              <textarea
                id="patch-test-override-reason"
                name="overrideReason"
                required
                maxLength={500}
                rows={2}
                className="block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-700"
              />
            </div>
          ) : null}
          <div className="flex min-h-11 items-center gap-3">
            <input
              id="patch-test-confirmed"
              type="checkbox"
              name="patchTestConfirmed"
              required
              className="size-5 accent-brand-700"
            />
            <label htmlFor="patch-test-confirmed">
              {failed
                ? "Book anyway despite the failed patch test"
                : "Book anyway: a patch test will be done or the client has been told"}
            </label>
          </div>
        </>
      )}
    </div>
  );
}
