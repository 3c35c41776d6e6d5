import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/shell/app-shell";
import { CategoryBadge } from "~/components/services/category-badge";
import { ServicesEmptyState } from "~/components/services/services-empty-state";
import { ActionMenu, ActionMenuLink } from "~/components/ui/action-menu";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { SearchForm } from "~/components/ui/search-form";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { can } from "~/domain/permissions";
import { listServices, serviceStats } from "~/domain/services.server";
import { formatPence } from "~/lib/money";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";

export const meta: MetaFunction = () => [{ title: "Services" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "services.view");
  const q = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const [services, stats] = await Promise.all([listServices(user, { search: q }), serviceStats(user)]);
  return { services, stats, q, canWrite: can(user.role, "services.write") };
});

export const shouldRevalidate = revalidateOnOwnParams(["q"]);

export default function ServicesPage() {
  const { services, stats, q, canWrite } = useLoaderData<typeof loader>();
  const query = q ? `?${new URLSearchParams({ q })}` : "";
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="Services" description="Manage your salon services and pricing">
        {canWrite ? (
          <Link to={`/services/new${query}`} className={buttonClasses("primary")} preventScrollReset>
            <span aria-hidden="true">+</span> Add Service
          </Link>
        ) : null}
      </PageHeader>
      <StatGrid>
        <StatCard label="Total Services" value={stats.total} />
        <StatCard label="Active Services" value={stats.active} />
        <StatCard label="Categories" value={stats.categories} />
        <StatCard label="Avg Price" value={formatPence(stats.averagePrice)} />
      </StatGrid>
      <div className="mb-4 max-w-md">
        <SearchForm label="Search services" placeholder="Search services by name or category..." defaultValue={q} />
      </div>
      {services.length === 0 ? (
        <ServicesEmptyState searching={Boolean(q)} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Services">
          {services.map((service) => (
            <li
              key={service.id}
              className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
            >
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">{service.name}</h2>
                  <div className="mt-1 flex flex-wrap gap-1.5">
                    <CategoryBadge category={service.category} />
                    <Badge tone={service.isActive ? "green" : "neutral"}>
                      {service.isActive ? "Active" : "Inactive"}
                    </Badge>
                  </div>
                </div>
                {canWrite ? (
                  <ActionMenu label={`Actions for ${service.name}`}>
                    <ActionMenuLink to={`/services/${service.id}/edit${query}`} preventScrollReset>
                      Edit Service
                    </ActionMenuLink>
                  </ActionMenu>
                ) : null}
              </div>
              <dl className="mt-auto flex items-center justify-between text-sm">
                <div>
                  <dt className="sr-only">Duration</dt>
                  <dd className="text-slate-600">{service.duration} min</dd>
                </div>
                <div>
                  <dt className="sr-only">Price</dt>
                  <dd className="text-base font-semibold text-slate-900">{formatPence(service.price)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Outlet />
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
