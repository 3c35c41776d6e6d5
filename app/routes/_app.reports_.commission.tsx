// Reports, Commission tab (decision 0120; the money rules are decision 0117): per stylist,
// the period's service and product sales, the commission their sale lines stored, and
// their tips; a CSV export. Administrators only. The period is in the URL (a GET form):
// works without JavaScript.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ReportTabs } from "~/components/reports/report-tabs";
import { PageHeader } from "~/components/shell/app-shell";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ErrorList, controlClasses } from "~/components/ui/field";
import { commissionReport } from "~/domain/commission.server";
import { Invalid } from "~/domain/errors";
import { getGlobalSettings } from "~/domain/settings.server";
import { formatPence } from "~/lib/money";
import { formatLongDate, isCalendarDate, monthStart, todayInZone } from "~/lib/salon-time";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Commission · Reports" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "commission.manage");
  const params = new URL(request.url).searchParams;
  const { timeZone } = await getGlobalSettings();
  const today = todayInZone(timeZone);
  const given = (name: string) => (params.get(name) ?? "").slice(0, 10);
  const from = isCalendarDate(given("from")) ? given("from") : monthStart(today);
  const to = isCalendarDate(given("to")) ? given("to") : today;
  try {
    const report = await commissionReport(user, from, to);
    return { values: { from, to }, error: null, report, label: `${formatLongDate(from)} to ${formatLongDate(to)}` };
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    return data({ values: { from, to }, error: error.message, report: null, label: "" }, { status: 400 });
  }
});

const COLUMNS = [
  ["serviceSales", "Service sales"],
  ["productSales", "Product sales"],
  ["serviceCommission", "Service commission"],
  ["productCommission", "Product commission"],
  ["commission", "Commission"],
  ["tips", "Tips"],
] as const;

export default function CommissionTab() {
  const { values, error, report, label } = useLoaderData<typeof loader>();
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="Reports & Analytics" description="Takings, cash-up and commission from the till">
        {report ? (
          <a
            href={`/reports/commission.csv?from=${values.from}&to=${values.to}`}
            download
            className={buttonClasses("secondary")}
          >
            Export CSV
          </a>
        ) : null}
      </PageHeader>
      <ReportTabs />
      <Card className="mb-6">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the period">
          <div className="w-40">
            <label htmlFor="commission-from" className="mb-1 block text-sm font-medium text-slate-800">
              From
            </label>
            <input
              id="commission-from"
              type="date"
              name="from"
              defaultValue={values.from}
              key={`from-${values.from}`}
              className={controlClasses}
            />
          </div>
          <div className="w-40">
            <label htmlFor="commission-to" className="mb-1 block text-sm font-medium text-slate-800">
              To
            </label>
            <input
              id="commission-to"
              type="date"
              name="to"
              defaultValue={values.to}
              key={`to-${values.to}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "commission-period-error" : undefined}
              className={controlClasses}
            />
          </div>
          <Button type="submit" variant="secondary">
            Show
          </Button>
          <ErrorList id="commission-period-error" errors={error ? [error] : null} />
        </Form>
      </Card>
      {report ? (
        <Card>
          <CardHeader
            title={label}
            description="Commission on each line's price after discount and without VAT, at the rate in force when it was sold; refunded products come off. Tips are paid in full."
          />
          {report.stylists.length === 0 ? (
            <p className="text-sm text-slate-600">No sales in this period.</p>
          ) : (
            <div
              className="-mx-5 overflow-x-auto px-5"
              tabIndex={0}
              role="group"
              aria-label="Commission per stylist, scrolls sideways on small screens"
            >
              <table className="w-full min-w-[680px] text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                    <th scope="col" className="py-2 pr-3 font-semibold">
                      Stylist
                    </th>
                    {COLUMNS.map(([key, heading]) => (
                      <th key={key} scope="col" className="px-3 py-2 text-right font-semibold">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100 tabular-nums">
                  {report.stylists.map((row) => (
                    <tr key={row.stylistId}>
                      <th scope="row" className="whitespace-nowrap py-2 pr-3 font-medium text-slate-900">
                        {row.name}
                      </th>
                      {COLUMNS.map(([key]) => (
                        <td key={key} className="px-3 py-2 text-right">
                          {formatPence(row[key])}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t border-slate-300 font-semibold text-slate-900">
                    <th scope="row" className="py-2 pr-3">
                      Total
                    </th>
                    {COLUMNS.map(([key]) => (
                      <td key={key} className="px-3 py-2 text-right tabular-nums">
                        {formatPence(report.totals[key])}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
        </Card>
      ) : null}
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
