// The SMS screen's read-only panels: System Status and the message log.
import { Badge } from "~/components/ui/badge";
import { Card, CardHeader } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import type { ClockFormat, SmsProvider } from "#db/enums";
import { useClockFormat } from "~/components/ui/clock-format";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { providerName } from "~/lib/sms-providers";

function formatInstant(instant: string, timeZone: string, clock: ClockFormat): string {
  return `${formatLongDate(dateInZone(instant, timeZone))}, ${formatClockTime(timeInZone(instant, timeZone), clock)}`;
}

type Status = {
  enabled: boolean;
  credentialsComplete: boolean;
  provider: SmsProvider;
  lastRunAt: string | null;
  lastRunError: string | null;
  sentLast24Hours: number;
  failedLast24Hours: number;
  strandedClaims: number;
  nextDue: {
    appointmentId: number;
    clientName: string | null;
    stylistName: string;
    startTime: string;
    dueAt: string;
  }[];
  remindersNext30Days: number;
  segmentsPerMessage: number;
  costPerMessage: number;
  estimatedMonthlyCost: number;
};

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function StatusCard({ status, timeZone }: { status: Status; timeZone: string }) {
  const clock = useClockFormat();
  return (
    <Card aria-labelledby="sms-status-title">
      <CardHeader
        title={<span id="sms-status-title">System Status</span>}
        description="The scheduler checks for due reminders every minute."
      />
      <dl className="divide-y divide-slate-100">
        <Row label="SMS reminders">
          {status.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}
        </Row>
        <Row label="Credentials">
          {status.credentialsComplete ? <Badge tone="green">Complete</Badge> : <Badge tone="amber">Incomplete</Badge>}
        </Row>
        <Row label="Last scheduler run">
          {status.lastRunAt ? formatInstant(status.lastRunAt, timeZone, clock) : "Not yet"}
        </Row>
        <Row label="Sent (last 24 hours)">{status.sentLast24Hours}</Row>
        <Row label="Failed (last 24 hours)">
          {status.failedLast24Hours > 0 ? <span className="text-red-700">{status.failedLast24Hours}</span> : 0}
        </Row>
        {status.strandedClaims > 0 ? (
          <Row label="Interrupted, not settled">
            <span className="text-amber-700">{status.strandedClaims}</span>
            <span className="block text-xs font-normal text-slate-600">
              Sending stopped mid-way; the provider is asked at each run
            </span>
          </Row>
        ) : null}
        <Row label="Estimated monthly cost">
          £{status.estimatedMonthlyCost.toFixed(2)}
          <span className="block text-xs font-normal text-slate-600">
            {status.remindersNext30Days} reminders × {status.segmentsPerMessage} SMS × £{status.costPerMessage} (
            {providerName(status.provider)})
          </span>
        </Row>
      </dl>
      {status.lastRunError ? <p className="mt-2 text-sm text-red-700">Last run failed: {status.lastRunError}</p> : null}
      <h3 className="mt-4 text-sm font-semibold text-slate-900">Next reminders due</h3>
      {status.nextDue.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No reminders due.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100 text-sm">
          {status.nextDue.map((due) => (
            <li key={`${due.appointmentId}-${due.startTime}`} className="py-1.5">
              <span className="font-medium text-slate-900">{due.clientName ?? "Unknown"}</span> with {due.stylistName}
              <span className="block text-slate-600">
                Appointment #{due.appointmentId}, {formatInstant(due.startTime, timeZone, clock)}; due{" "}
                {formatInstant(due.dueAt, timeZone, clock)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

type LogEntry = {
  id: number;
  createdAt: string;
  kind: "reminder" | "test" | "notice";
  status: "sent" | "failed" | "unknown";
  provider: SmsProvider;
  toNumber: string;
  clientName: string | null;
  appointmentId: number | null;
  appointmentStart: string | null;
  providerMessageId: string | null;
  error: string | null;
};

export function MessageLog({
  log,
  timeZone,
}: {
  log: { entries: LogEntry[]; total: number; firstHref: string | null; nextHref: string | null };
  timeZone: string;
}) {
  const clock = useClockFormat();
  return (
    <Card aria-labelledby="sms-log-title">
      <CardHeader
        title={<span id="sms-log-title">Message Log</span>}
        description={`The last messages sent, newest first (${log.total} in all).`}
      />
      {log.entries.length === 0 ? (
        <EmptyState title="No messages sent yet" />
      ) : (
        <ul className="divide-y divide-slate-100">
          {log.entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 py-3 text-sm sm:grid-cols-[1fr_auto] sm:gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {entry.clientName ?? "Deleted client"}{" "}
                  <span className="font-normal text-slate-600">{entry.toNumber}</span>
                </p>
                <p className="text-slate-600">
                  {entry.kind === "test" ? "Test" : "Reminder"}
                  {entry.appointmentId ? ` for appointment #${entry.appointmentId}` : ""}
                  {entry.appointmentStart ? ` (${formatInstant(entry.appointmentStart, timeZone, clock)})` : ""} ·{" "}
                  {providerName(entry.provider)} · {formatInstant(entry.createdAt, timeZone, clock)}
                </p>
                {entry.status === "sent" ? (
                  <p className="break-all text-xs text-slate-600">Message id {entry.providerMessageId}</p>
                ) : (
                  <p className="break-words text-red-700">{entry.error}</p>
                )}
              </div>
              <div>
                {entry.status === "sent" ? (
                  <Badge tone="green">Sent</Badge>
                ) : entry.status === "unknown" ? (
                  <Badge tone="amber">Unknown</Badge>
                ) : (
                  <Badge tone="red">Failed</Badge>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager firstHref={log.firstHref} nextHref={log.nextHref} label="Message log pages" />
    </Card>
  );
}
