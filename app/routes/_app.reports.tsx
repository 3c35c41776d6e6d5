// Reports & Analytics (SPEC §2 Reports), or My Performance for a stylist: figures the
// server computes for the period in the URL (see app/domain/reports.server.ts), a chart
// drawn as SVG on the server, and an Export CSV link to /api/reports/export.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PeriodForm } from "~/components/reports/period-form";
import { ReportTabs } from "~/components/reports/report-tabs";
import { dateRange } from "~/components/reports/format";
import { RevenueChart } from "~/components/reports/revenue-chart";
import { PageHeader } from "~/components/shell/app-shell";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { StatCard, StatGrid } from "~/components/ui/stat-card";
import { buildReport } from "~/domain/reports.server";
import { fieldErrorsOf } from "~/domain/validate";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import {
  chartBuckets,
  describeChange,
  EMPTY_TEXT,
  formatRate,
  previousLabel,
  REVENUE_SOURCE,
  type Change,
} from "~/lib/report-period";
import { ReportQuerySchema } from "~/lib/schemas/reports";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.admin === false ? "My Performance" : "Reports & Analytics" },
];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "reports.view");
  const params = new URL(request.url).searchParams;
  const text = (name: string) => (params.get(name) ?? "").slice(0, 10);
  const admin = user.role === "admin";
  const parsed = ReportQuerySchema.safeParse({ period: text("period"), from: text("from"), to: text("to") });
  if (!parsed.success) {
    const values = { period: text("period") || "custom", from: text("from"), to: text("to") };
    return data({ admin, values, errors: fieldErrorsOf(parsed.error), report: null }, { status: 400 });
  }
  const { daily, ...report } = await buildReport(user, parsed.data);
  // The chart's bars, not every day: a year is 53 weeks of data in the page, not 365 days.
  const chart = chartBuckets(daily);
  const values = {
    period: report.period,
    from: text("from") || (report.period === "custom" ? "" : report.from),
    to: text("to") || (report.period === "custom" ? "" : report.to),
  };
  return { admin, values, errors: null, report: { ...report, chart } };
});

type Report = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["report"]>;

const CHANGE_TONES: Record<Change["direction"], string> = {
  up: "text-green-800",
  down: "text-red-700",
  same: "text-slate-600",
  none: "text-slate-600",
};

/** A card's hint plus its change against the previous period; `better` says which way is good news. */
function Hint({
  children,
  change,
  better = "up",
}: {
  children?: ReactNode;
  change: Change | null;
  better?: "up" | "down";
}) {
  const good =
    change && change.direction !== "same" && change.direction !== "none" ? change.direction === better : null;
  return (
    <>
      {children ? <span className="block">{children}</span> : null}
      {change?.text ? (
        <span
          className={cn(
            "block font-medium",
            good === null ? CHANGE_TONES.same : good ? CHANGE_TONES.up : CHANGE_TONES.down,
          )}
        >
          <span aria-hidden="true">{change.direction === "up" ? "▲ " : change.direction === "down" ? "▼ " : ""}</span>
          {change.text}
        </span>
      ) : null}
    </>
  );
}

const occupancyText = (value: number | null) => (value === null ? "–" : formatRate(value));

function Cards({ report }: { report: Report }) {
  const previous = report.previous;
  const label = previousLabel(report.from, report.to);
  // A previous period without a single appointment has no rates to compare with.
  const noData = { text: `No data for the ${label}`, direction: "none" } as const;
  const change = (current: number, before: number | undefined, kind: "amount" | "rate") => {
    if (!previous) return null;
    if (previous.appointments === 0) return noData;
    return describeChange(current, before ?? 0, kind, label);
  };
  const completed = `${report.completedCount} completed ${report.completedCount === 1 ? "appointment" : "appointments"}`;
  return (
    <>
      <StatGrid>
        <StatCard
          label="Total Revenue"
          value={formatPence(report.totalRevenue)}
          hint={<Hint change={change(report.totalRevenue, previous?.totalRevenue, "amount")}>{completed}</Hint>}
        />
        <StatCard
          label="Average Service"
          value={formatPence(report.averageService)}
          hint={
            <Hint change={change(report.averageService, previous?.averageService, "amount")}>Per completed visit</Hint>
          }
        />
        <StatCard
          label="Cancellation Rate"
          value={formatRate(report.cancellationRate)}
          hint={
            <Hint change={change(report.cancellationRate, previous?.cancellationRate, "rate")} better="down">
              {report.cancelledCount} of {report.appointments} appointments
            </Hint>
          }
        />
        <StatCard
          label="Rebooking Rate"
          value={formatRate(report.rebookingRate)}
          hint={
            <Hint change={change(report.rebookingRate, previous?.rebookingRate, "rate")}>Clients who came back</Hint>
          }
        />
      </StatGrid>
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="No-show Rate"
          value={formatRate(report.noShowRate)}
          hint={
            <Hint change={change(report.noShowRate, previous?.noShowRate, "rate")} better="down">
              {report.noShowCount} of {report.appointments} appointments
            </Hint>
          }
        />
        <StatCard
          label={report.scope === "own" ? "My Occupancy" : "Salon Occupancy"}
          value={occupancyText(report.occupancy)}
          hint={
            <Hint
              change={
                report.occupancy !== null && previous?.occupancy != null
                  ? change(report.occupancy, previous.occupancy, "rate")
                  : null
              }
            >
              Booked time / working hours
            </Hint>
          }
        />
        <StatCard
          label="New Clients"
          value={report.newClients}
          hint={<Hint change={change(report.newClients, previous?.newClients, "amount")}>First completed visit</Hint>}
        />
        <StatCard
          label="Returning Clients"
          value={report.returningClients}
          hint={
            <Hint change={change(report.returningClients, previous?.returningClients, "amount")}>
              Visited before this period
            </Hint>
          }
        />
        <StatCard
          label="Booked Online"
          value={formatRate(report.onlineShare)}
          hint={
            <Hint change={null}>
              {report.onlineBookings} of {report.appointments} appointments
            </Hint>
          }
        />
      </div>
    </>
  );
}

function TopList({
  title,
  items,
  empty,
}: {
  title: string;
  items: { key: number; name: string; completed: number; revenue: number }[];
  empty: string;
}) {
  return (
    <Card>
      <CardHeader title={title} />
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {items.map((item, index) => (
            <li key={item.key} className="flex items-center gap-3 py-2">
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-bold text-brand-800"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-slate-900">{item.name}</span>
                <span className="block text-xs text-slate-600">
                  {item.completed} completed {item.completed === 1 ? "appointment" : "appointments"}
                </span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums text-slate-900">{formatPence(item.revenue)}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function Breakdown({ report, title }: { report: Report; title: string }) {
  return (
    <Card>
      <CardHeader
        title={title}
        description="Appointments, completed, cancelled, no-shows, revenue, average service and occupancy per stylist"
      />
      {report.appointments === 0 ? (
        <p className="text-sm text-slate-600">{EMPTY_TEXT}</p>
      ) : (
        <div
          className="-mx-5 overflow-x-auto px-5"
          tabIndex={0}
          role="group"
          aria-label={`${title}, scrolls sideways on small screens`}
        >
          <table className="w-full min-w-[680px] text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Stylist
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Appointments
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Completed
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Cancelled
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  No-shows
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Revenue
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Average
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-semibold">
                  Occupancy
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {report.stylists.map((stylist) => (
                <tr key={stylist.stylistId}>
                  <th scope="row" className="whitespace-nowrap py-2 pr-3 font-medium text-slate-900">
                    {stylist.name}
                  </th>
                  <td className="px-3 py-2 text-right">{stylist.appointments}</td>
                  <td className="px-3 py-2 text-right">{stylist.completed}</td>
                  <td className="px-3 py-2 text-right">{stylist.cancelled}</td>
                  <td className="px-3 py-2 text-right">{stylist.noShows}</td>
                  <td className="px-3 py-2 text-right font-semibold text-slate-900">{formatPence(stylist.revenue)}</td>
                  <td className="px-3 py-2 text-right">{formatPence(stylist.averageService)}</td>
                  <td className="py-2 pl-3 text-right">
                    <span className="inline-flex items-center justify-end gap-2">
                      <span
                        className="hidden h-1.5 w-14 overflow-hidden rounded-full bg-slate-100 sm:inline-block"
                        aria-hidden="true"
                      >
                        <span
                          className="block h-full rounded-full bg-brand-600"
                          style={{ width: `${Math.min(100, Math.round((stylist.occupancy ?? 0) * 100))}%` }}
                        />
                      </span>
                      {occupancyText(stylist.occupancy)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

// The screen draws only its loader data and the URL: the front desk and the office asking
// for the same period after a change share one render, as the calendar's screens do (decision 0089).
export const handle = { renderOnce: true };

export default function ReportsScreen() {
  const { admin, values, errors, report } = useLoaderData<typeof loader>();
  const location = useLocation();
  const exportQuery = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== "")).toString();

  return (
    <main className="p-4 sm:p-6">
      <PageHeader
        title={admin ? "Reports & Analytics" : "My Performance"}
        description={
          admin ? "Revenue, services and performance across the salon" : "Your appointments, revenue and clients"
        }
      >
        {report ? (
          <a href={`/api/reports/export?${exportQuery}`} download className={buttonClasses("secondary")}>
            Export CSV
          </a>
        ) : null}
      </PageHeader>
      {admin ? <ReportTabs /> : null}
      <Card className="mb-6">
        <PeriodForm key={location.search} values={values} errors={errors} />
      </Card>
      {errors ? (
        <p role="alert" className="rounded-md bg-red-50 p-4 text-sm font-medium text-red-800 ring-1 ring-red-200">
          {Object.values(errors)[0]?.[0]} Choose the period again to see the report.
        </p>
      ) : null}
      {report ? (
        <>
          <p className="mb-4 text-sm text-slate-700">
            <span className="font-semibold text-slate-900">{dateRange(report.from, report.to)}</span>
            {report.allTime
              ? " · all appointments (choose both dates for a custom range)"
              : ` · compared with the ${previousLabel(report.from, report.to)}`}
          </p>
          <Cards report={report} />
          <p className="mb-6 text-sm text-slate-700">{REVENUE_SOURCE}</p>
          <Card className="mb-6">
            <CardHeader
              title={`Revenue and appointments per ${report.chart.unit === "month" ? "30 days" : report.chart.unit}`}
              description="Completed revenue (charged price where a sale exists); appointments include cancellations, not blocked time"
            />
            <RevenueChart buckets={report.chart.buckets} unit={report.chart.unit} />
          </Card>
          <div className="mb-6 grid gap-6 md:grid-cols-2">
            <TopList
              title="Top Services"
              empty="No completed services in this period."
              items={report.topServices.map((service) => ({ key: service.serviceId, ...service }))}
            />
            <TopList
              title={admin ? "Top Clients (All Stylists)" : "My Top Clients"}
              empty="No completed appointments in this period."
              items={report.topClients.map((client) => ({ key: client.clientId, ...client }))}
            />
          </div>
          <Breakdown report={report} title={admin ? "Stylist Performance Breakdown" : "My Performance Details"} />
        </>
      ) : null}
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
