// GDPR Compliance (SPEC §2): admins only, enforced here and in every /api/gdpr call.
// The tabs are links (?tab=), so they work without JavaScript; the erasure confirmation
// is a child route dialog.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { ExportLink } from "~/components/gdpr/export-link";
import { PageHeader } from "~/components/shell/app-shell";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import {
  gdprOverview,
  listClientAuditLog,
  listErasureRequests,
  listExpiredRetention,
  type AuditEntry,
  type GdprClient,
} from "~/domain/gdpr.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { cn } from "~/lib/cn";
import { pageHrefs } from "~/lib/paging";
import { returnPath } from "~/lib/return-path";
import { LEGAL_BASIS_LABELS, type LegalBasis } from "~/lib/schemas/clients";
import { dateInZone, formatLongDate, timeInZone } from "~/lib/salon-time";
import { page } from "~/utils/http.server";
import { pageRequest } from "~/utils/paging.server";
import { requireUser } from "~/utils/session.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";

export const meta: MetaFunction = () => [{ title: "GDPR Compliance" }];

const TABS = [
  { id: "erasure", label: "Erasure Requests" },
  { id: "retention", label: "Data Retention" },
  { id: "exports", label: "Data Exports" },
] as const;
type TabId = (typeof TABS)[number]["id"];

function tabOf(value: string | null): TabId {
  return TABS.find((tab) => tab.id === value)?.id ?? "erasure";
}

type ListedClient = GdprClient & { dateLabel: string };

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "gdpr.manage");
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("tab"));
  const paging = pageRequest(url);
  const { timeZone } = await getGlobalSettings();
  const longDate = (instant: string | null) => (instant ? formatLongDate(dateInZone(instant, timeZone)) : "Unknown");
  const overview = await gdprOverview(user);
  let clients: ListedClient[] = [];
  let audit: (AuditEntry & { when: string })[] = [];
  let nextCursor: string | null;
  if (tab === "erasure") {
    const page = await listErasureRequests(user, paging);
    clients = page.items.map((client) => ({
      ...client,
      dateLabel: `Requested: ${longDate(client.erasureRequestDate)}`,
    }));
    nextCursor = page.nextCursor;
  } else if (tab === "retention") {
    const page = await listExpiredRetention(user, paging);
    clients = page.items.map((client) => ({
      ...client,
      dateLabel: `Retention expired: ${longDate(client.dataRetentionDate)}`,
    }));
    nextCursor = page.nextCursor;
  } else {
    const page = await listClientAuditLog(user, paging);
    audit = page.items.map((entry) => ({
      ...entry,
      when: `${longDate(entry.createdAt)}, ${timeInZone(entry.createdAt, timeZone)}`,
    }));
    nextCursor = page.nextCursor;
  }
  return { tab, overview, clients, audit, ...pageHrefs(returnPath("/gdpr", url), nextCursor) };
});

function ClientRow({
  client,
  exportLabel,
  eraseLabel,
}: {
  client: ListedClient;
  exportLabel: string;
  eraseLabel: string;
}) {
  const location = useLocation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">{client.name}</p>
        {client.email ? <p className="break-all text-sm text-slate-600">{client.email}</p> : null}
        <p className="text-sm text-slate-700">{client.dateLabel}</p>
      </div>
      <div className="flex gap-2">
        <ExportLink clientId={client.id} clientName={client.name} label={exportLabel} />
        <Link
          to={`/gdpr/erase/${client.id}${returnPath("/gdpr", location.search).slice("/gdpr".length)}`}
          preventScrollReset
          className={buttonClasses("destructive", "min-h-9 px-3 py-1.5")}
          aria-label={`${eraseLabel}: ${client.name}`}
        >
          {eraseLabel}
        </Link>
      </div>
    </li>
  );
}

const ACTION_LABELS: Record<string, string> = {
  "client.export": "Data exported",
  "client.erase": "Data erased",
  "client.erase_purged": "Erased data purged from the journal",
  "client.delete": "Client deleted",
  "clients.import": "Clients imported",
  "client.erasure_requested": "Erasure requested",
  "client.erasure_withdrawn": "Erasure request withdrawn",
  "client.merge": "Clients merged",
};

const DETAIL_LABELS: Record<string, [string, string]> = {
  appointments: ["appointment", "appointments"],
  messages: ["message", "messages"],
  appointmentsAnonymised: ["appointment anonymised", "appointments anonymised"],
  appointmentsDeleted: ["appointment deleted", "appointments deleted"],
  messagesDeleted: ["message deleted", "messages deleted"],
  mentionsRedacted: ["mention redacted", "mentions redacted"],
  historyEntriesScrubbed: ["history entry scrubbed", "history entries scrubbed"],
  imported: ["imported", "imported"],
  errors: ["error", "errors"],
  duplicates: ["duplicate skipped", "duplicates skipped"],
  appointmentsMoved: ["appointment moved", "appointments moved"],
  messagesMoved: ["message moved", "messages moved"],
  salesMoved: ["sale moved", "sales moved"],
};

function describeDetails(details: Record<string, unknown> | null): string {
  if (!details) return "";
  const merged = typeof details.mergedClientId === "number" ? [`client #${details.mergedClientId} merged in`] : [];
  const counts = Object.entries(details)
    .filter(([key, value]) => typeof value === "number" && DETAIL_LABELS[key])
    .map(([key, value]) => `${value} ${DETAIL_LABELS[key]![value === 1 ? 0 : 1]}`);
  return [...merged, ...counts].join(", ");
}

function AuditLog({ entries }: { entries: ReturnType<typeof useLoaderData<typeof loader>>["audit"] }) {
  if (entries.length === 0) return <EmptyState title="No exports or erasures yet" />;
  return (
    <ul className="divide-y divide-slate-200" aria-label="Audit log">
      {entries.map((entry) => (
        <li key={entry.id} className="py-2.5 text-sm">
          <p className="font-medium text-slate-900">
            {ACTION_LABELS[entry.action] ?? entry.action}
            {entry.entityId !== null ? (
              <span className="font-normal text-slate-600"> · client #{entry.entityId}</span>
            ) : null}
          </p>
          <p className="text-slate-600">
            {entry.when} · by {entry.actor ?? "a deleted user"}
            {describeDetails(entry.details) ? ` · ${describeDetails(entry.details)}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}

function TabContent() {
  const { tab, clients, audit, firstHref, nextHref } = useLoaderData<typeof loader>();
  return (
    <>
      <TabList tab={tab} clients={clients} audit={audit} />
      <Pager firstHref={firstHref} nextHref={nextHref} label={`${TABS.find((item) => item.id === tab)!.label} pages`} />
    </>
  );
}

function TabList({
  tab,
  clients,
  audit,
}: Pick<ReturnType<typeof useLoaderData<typeof loader>>, "tab" | "clients" | "audit">) {
  if (tab === "erasure") {
    return (
      <Card>
        <CardHeader
          title="Erasure Requests"
          description="Clients who asked for their personal data to be deleted (right to erasure)."
        />
        {clients.length === 0 ? (
          <EmptyState title="No pending erasure requests" />
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Erasure requests">
            {clients.map((client) => (
              <ClientRow key={client.id} client={client} exportLabel="Export First" eraseLabel="Process Erasure" />
            ))}
          </ul>
        )}
      </Card>
    );
  }
  if (tab === "retention") {
    return (
      <Card>
        <CardHeader title="Data Retention" description="Client data is kept for 7 years from when it was collected." />
        {clients.length === 0 ? (
          <EmptyState title="No expired retention periods" />
        ) : (
          <>
            <div
              role="alert"
              className="mb-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              These clients have passed their data retention period and should be reviewed for deletion.
            </div>
            <ul className="divide-y divide-slate-200" aria-label="Clients past their retention period">
              {clients.map((client) => (
                <ClientRow key={client.id} client={client} exportLabel="Export" eraseLabel="Delete" />
              ))}
            </ul>
          </>
        )}
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader title="Data Exports" />
      <p className="mb-4 text-sm text-slate-700">
        Data exports are processed immediately: Export downloads a JSON file with everything the salon holds about the
        client. The audit log below keeps the history of exports, erasures, deletions and imports.
      </p>
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Audit log</h3>
      <AuditLog entries={audit} />
    </Card>
  );
}

export const shouldRevalidate = revalidateOnOwnParams(["tab", "cursor", "limit"]);

export default function GdprScreen() {
  const { tab, overview } = useLoaderData<typeof loader>();
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="GDPR Compliance" description="Consent, retention, exports and erasure requests" />
      <StatGrid>
        <StatCard label="Total Clients" value={overview.totalClients} />
        <StatCard label="Active Consents" value={overview.activeConsents} />
        <StatCard label="Pending Erasure" value={overview.pendingErasure} />
        <StatCard label="Expired Retention" value={overview.expiredRetention} />
      </StatGrid>
      <Card className="mb-6">
        <CardHeader title="Legal Basis Breakdown" description="The lawful basis recorded for each client." />
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {(Object.keys(LEGAL_BASIS_LABELS) as LegalBasis[]).map((basis) => (
            <div key={basis} className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{LEGAL_BASIS_LABELS[basis]}</dt>
              <dd className="text-xl font-bold text-slate-900">{overview.legalBasisBreakdown[basis]}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <nav aria-label="GDPR sections" className="mb-4 border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-x-1">
          {TABS.map((item) => (
            <li key={item.id}>
              <Link
                to={item.id === "erasure" ? "/gdpr" : `/gdpr?tab=${item.id}`}
                preventScrollReset
                aria-current={tab === item.id ? "page" : undefined}
                className={cn(
                  "inline-block border-b-2 px-3 py-2 text-sm font-medium",
                  tab === item.id
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TabContent />
      <Outlet />
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
