// Settings → Backups (admins): the last backups with their size and result, "Back up now"
// and "Download". Both are audited; the file holds password and session hashes.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { backupNow, listBackups } from "~/domain/backups.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { dateInZone, formatShortDate, timeInZone } from "~/lib/salon-time";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

function size(bytes: number | null): string {
  if (bytes === null) return "—";
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "backups.manage");
  const [view, { timeZone }] = await Promise.all([listBackups(user), getGlobalSettings()]);
  const when = (instant: string) =>
    `${formatShortDate(dateInZone(instant, timeZone))}, ${timeInZone(instant, timeZone)}`;
  return {
    ...view,
    failing: view.failing ? { ...view.failing, when: when(view.failing.at) } : null,
    runs: view.runs.map((run) => ({ ...run, when: when(run.startedAt), size: size(run.sizeBytes) })),
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "backups.manage");
  const run = await backupNow(user);
  return redirectWithToast(
    "/settings/backups",
    run.status === "ok"
      ? { title: "Backup taken", description: `${run.file} (${size(run.sizeBytes)}) passed its integrity check.` }
      : { title: "The backup failed", description: run.error ?? "Unknown error", variant: "destructive" as const },
  );
});

export default function BackupsTab() {
  const { runs, failing, remote, config } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="space-y-6">
      {failing ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
          The last scheduled backup ({failing.when}) failed: {failing.error}
        </p>
      ) : null}
      <Card>
        <CardHeader
          title="Backups"
          description={
            config.hour
              ? `A backup is taken every day at ${config.hour}; the last ${config.keepDays} days and ${config.keepWeeks} weeks are kept.`
              : "Scheduled backups are turned off (BACKUP_HOUR=off)."
          }
        />
        {remote ? (
          <p className="text-sm text-slate-700">{remote}</p>
        ) : (
          <Form method="post" className="mb-4">
            <Button type="submit" disabled={busy}>
              {busy ? "Backing up…" : "Back up now"}
            </Button>
          </Form>
        )}
        <p className="mb-4 text-sm text-slate-600">
          A backup holds everything, password and session hashes included: keep a downloaded copy as safe as the
          salon&apos;s computer.
        </p>
        {runs.length === 0 ? (
          <p className="text-sm text-slate-600">No backup has been taken yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Recent backups</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Taken
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
                    Kind
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Size
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Result
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {runs.map((run) => (
                  <tr key={run.id}>
                    <td className="py-2 pr-3 sm:whitespace-nowrap">{run.when}</td>
                    <td className="hidden py-2 pr-3 sm:table-cell">
                      {run.kind === "scheduled" ? "Scheduled" : "Back up now"}
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{run.size}</td>
                    <td className="py-2 pr-3">
                      {run.status === "ok" ? "OK" : run.status === "running" ? "Running" : `Failed: ${run.error ?? ""}`}
                    </td>
                    <td className="py-2 text-right">
                      {run.downloadable ? (
                        <a
                          href={`/settings/backups/${run.id}/download`}
                          className={buttonClasses("secondary", "min-h-8 px-3 py-1")}
                          aria-label={`Download the backup of ${run.when}`}
                          download
                        >
                          Download
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
