// The client book (SPEC §2 Clients). The search runs on the server (?q=), instantly as
// you type with JavaScript; the list shows a page at a time with "Show more". The Add,
// Edit, Merge and Delete dialogs are child routes rendered over the list.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { returnPath } from "~/lib/return-path";
import { PageHeader } from "~/components/shell/app-shell";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { SearchForm } from "~/components/ui/search-form";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { clientStats, listClients } from "~/domain/clients.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { InvalidPhoneFlag } from "~/components/clients/invalid-phone";
import { isValidPhone } from "~/lib/phone";
import { can } from "~/domain/permissions";
import { CLIENT_PAGE_SIZE, MAX_CLIENT_PAGE } from "~/lib/schemas/clients";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";

export const meta: MetaFunction = () => [{ title: "Clients" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "clients.view");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const requested = Number(url.searchParams.get("limit"));
  const limit = Number.isSafeInteger(requested)
    ? Math.min(Math.max(requested, CLIENT_PAGE_SIZE), MAX_CLIENT_PAGE)
    : CLIENT_PAGE_SIZE;
  const [list, stats, { country }] = await Promise.all([
    listClients(user, { query: q, limit }),
    clientStats(user),
    getGlobalSettings(),
  ]);
  return {
    ...list,
    // Flagged here, so the phone-number library stays on the server (only a phone shown is checked).
    clients: list.clients.map((client) =>
      client.phone && !isValidPhone(client.phone, country) ? { ...client, phoneInvalid: true as const } : client,
    ),
    country,
    stats,
    q,
    limit,
    canWrite: can(user.role, "clients.write"),
    canDelete: can(user.role, "clients.delete"),
    canMerge: can(user.role, "clients.merge"),
    canSeeContact: can(user.role, "clients.contact"),
    canOpenProfile: can(user.role, "clients.profile"),
  };
});

type ListedClient = ReturnType<typeof useLoaderData<typeof loader>>["clients"][number];

type CardProps = {
  client: ListedClient;
  canWrite: boolean;
  canDelete: boolean;
  canMerge: boolean;
  canOpenProfile: boolean;
  search: string;
};

function ClientCard({ client, canWrite, canDelete, canMerge, canOpenProfile, search }: CardProps) {
  const visits = client.appointmentCount;
  const noShows = client.noShowCount ?? 0;
  return (
    <li className="list-card">
      <Card className="flex h-full flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2 className="min-w-0 break-words font-semibold text-slate-900">
            {canOpenProfile ? (
              <Link
                to={`/clients/${client.id}`}
                className="underline decoration-slate-300 underline-offset-4 hover:decoration-slate-900"
              >
                {client.name}
              </Link>
            ) : (
              client.name
            )}
          </h2>
          <Badge tone="brand" className="shrink-0">
            {visits} {visits === 1 ? "appointment" : "appointments"}
          </Badge>
        </div>
        {!client.isActive || client.erasureRequestedAt || client.smsOptedOutAt || noShows > 0 ? (
          <div className="flex flex-wrap gap-1.5">
            {noShows > 0 ? (
              <Badge tone="red">
                {noShows} {noShows === 1 ? "no-show" : "no-shows"}
              </Badge>
            ) : null}
            {!client.isActive ? <Badge>Inactive</Badge> : null}
            {client.erasureRequestedAt ? <Badge tone="red">Erasure requested</Badge> : null}
            {client.smsOptedOutAt ? <Badge tone="amber">SMS opted out</Badge> : null}
          </div>
        ) : null}
        {client.phone || client.email ? (
          <dl className="space-y-1 text-sm text-slate-700">
            {client.phone ? (
              <div className="flex gap-2">
                <dt className="sr-only">Phone</dt>
                <dd>
                  <a href={`tel:${client.phone.replace(/[^\d+]/g, "")}`} className="hover:underline">
                    {client.phone}
                  </a>{" "}
                  <InvalidPhoneFlag invalid={"phoneInvalid" in client} />
                </dd>
              </div>
            ) : null}
            {client.email ? (
              <div className="flex gap-2">
                <dt className="sr-only">Email</dt>
                <dd className="min-w-0 break-all">
                  <a href={`mailto:${client.email}`} className="hover:underline">
                    {client.email}
                  </a>
                </dd>
              </div>
            ) : null}
          </dl>
        ) : null}
        {client.notes ? <p className="line-clamp-2 text-sm text-slate-600">{client.notes}</p> : null}
        {canWrite || canDelete ? (
          <div className="mt-auto flex gap-2 pt-1">
            {canWrite ? (
              <Link
                to={`/clients/${client.id}/edit${search}`}
                preventScrollReset
                className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}
                aria-label={`Edit ${client.name}`}
              >
                Edit
              </Link>
            ) : null}
            {canMerge ? (
              <Link
                to={`/clients/${client.id}/merge${search}`}
                preventScrollReset
                className={buttonClasses("secondary", "min-h-9 px-3 py-1.5")}
                aria-label={`Merge ${client.name}`}
              >
                Merge
              </Link>
            ) : null}
            {canDelete ? (
              <Link
                to={`/clients/${client.id}/delete${search}`}
                preventScrollReset
                className={buttonClasses("ghost", "min-h-9 px-3 py-1.5 text-red-700 hover:bg-red-50")}
                aria-label={`Delete ${client.name}`}
              >
                Delete
              </Link>
            ) : null}
          </div>
        ) : null}
      </Card>
    </li>
  );
}

export const shouldRevalidate = revalidateOnOwnParams(["q", "limit"]);

export default function ClientsScreen() {
  const { clients, hasMore, stats, q, limit, canWrite, canDelete, canMerge, canSeeContact, canOpenProfile } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const search = returnPath("/clients", location.search).slice("/clients".length);
  // A search or "Show more" loading in the browser (not a dialog opening over the list).
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/clients" &&
    navigation.location.search !== location.search;
  const more = new URLSearchParams(q ? { q } : {});
  more.set("limit", String(limit + CLIENT_PAGE_SIZE));

  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="Clients" description="Manage your client database">
        {canWrite ? (
          <Link to={`/clients/new${search}`} preventScrollReset className={buttonClasses()}>
            Add Client
          </Link>
        ) : null}
      </PageHeader>
      <StatGrid>
        <StatCard label="Total Clients" value={stats.totalClients} />
        <StatCard label="Active This Month" value={stats.activeThisMonth} hint="With an appointment this month" />
        <StatCard label="New This Month" value={stats.newThisMonth} hint="Added this month" />
      </StatGrid>
      <div className="mb-2 max-w-xl">
        <SearchForm
          label="Search clients"
          placeholder={canSeeContact ? "Search clients by name, phone, or email..." : "Search clients by name..."}
          defaultValue={q}
        />
      </div>
      <p role="status" className="mb-2 min-h-5 text-sm text-slate-600">
        {loading ? "Loading clients..." : ""}
      </p>
      {clients.length === 0 ? (
        q ? (
          <EmptyState title="No clients match your search" />
        ) : (
          <EmptyState title="No clients found">
            {canWrite ? (
              <Link to="/clients/new" className={buttonClasses("primary", "mt-2")}>
                Add Your First Client
              </Link>
            ) : null}
          </EmptyState>
        )
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Clients">
          {clients.map((client) => (
            <ClientCard
              key={client.id}
              client={client}
              canWrite={canWrite}
              canDelete={canDelete}
              canMerge={canMerge}
              canOpenProfile={canOpenProfile}
              search={search}
            />
          ))}
        </ul>
      )}
      {hasMore ? (
        <div className="mt-4 flex justify-center">
          <Link to={`/clients?${more}`} preventScrollReset replace className={buttonClasses("secondary")}>
            Show more
          </Link>
        </div>
      ) : null}
      <Outlet />
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
