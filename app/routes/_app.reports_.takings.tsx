// Reports, Takings tab (decision 0120; the end-of-day "Z report", decision 0117): a salon
// day's takings by payment method, refunds, tips by stylist and the expected cash; the
// cash-up form records the counted cash and its difference; earlier counts of the day; a
// CSV export. Administrators only. The day is in the URL (a GET form): works without JavaScript.
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { ReportTabs } from "~/components/reports/report-tabs";
import { PageHeader } from "~/components/shell/app-shell";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, TextareaField, controlClasses } from "~/components/ui/field";
import { StatCard } from "~/components/ui/stat-card";
import { getGlobalSettings } from "~/domain/settings.server";
import { recordCashUp, takingsReport } from "~/domain/takings.server";
import { useIntentForm } from "~/hooks/use-intent-form";
import { cn } from "~/lib/cn";
import { formatPence } from "~/lib/money";
import { PAYMENT_LABELS } from "~/lib/receipt";
import { formatLongDate, isCalendarDate, timeInZone, formatClockTime, todayInZone } from "~/lib/salon-time";
import { CashUpFormSchema } from "~/lib/schemas/backoffice";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Takings · Reports" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "takings.view");
  const { timeZone } = await getGlobalSettings();
  const asked = (new URL(request.url).searchParams.get("date") ?? "").slice(0, 10);
  const date = isCalendarDate(asked) ? asked : todayInZone(timeZone);
  const takings = await takingsReport(user, date);
  return {
    takings,
    dateLabel: formatLongDate(date),
    countTimes: Object.fromEntries(
      takings.cashUps.map((count) => [count.id, formatClockTime(timeInZone(count.createdAt, timeZone))]),
    ),
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "takings.cashUp");
  return formAction(request, CashUpFormSchema, async (value) => {
    const count = await recordCashUp(user, value);
    const difference =
      count.difference === 0
        ? "The drawer matches the takings."
        : `${formatPence(Math.abs(count.difference))} ${count.difference > 0 ? "over" : "short"}.`;
    return redirectWithToast(`/reports/takings?date=${count.date}`, {
      title: "Cash-up recorded",
      description: difference,
    });
  });
});

function Differences({ difference }: { difference: number }) {
  if (difference === 0) return <span className="text-slate-700">Matches</span>;
  return (
    <span className={cn("font-semibold", difference > 0 ? "text-amber-800" : "text-red-700")}>
      {difference > 0 ? "Over " : "Short "}
      {formatPence(Math.abs(difference))}
    </span>
  );
}

function CashUpForm() {
  const { takings } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useIntentForm("cash-up", CashUpFormSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="cash-up" />
      <input type="hidden" name="date" value={takings.date} />
      <FormAlert errors={[...(form.errors ?? []), ...(fields.date.errors ?? [])]} />
      <Field
        label="Counted cash (£)"
        {...getInputProps(fields.countedCashInPounds, { type: "number" })}
        step="0.01"
        min="0"
        inputMode="decimal"
        errors={fields.countedCashInPounds.errors}
        hint={`Expected ${formatPence(takings.expectedCash)} beyond the float`}
      />
      <TextareaField
        label="Notes (optional)"
        {...getTextareaProps(fields.notes)}
        errors={fields.notes.errors}
        rows={2}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Recording..." : "Record Cash-up"}
      </Button>
    </Form>
  );
}

export default function TakingsTab() {
  const { takings, dateLabel, countTimes } = useLoaderData<typeof loader>();
  const methods = Object.keys(PAYMENT_LABELS) as (keyof typeof PAYMENT_LABELS)[];
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="Reports & Analytics" description="Takings, cash-up and commission from the till">
        <a href={`/reports/takings.csv?date=${takings.date}`} download className={buttonClasses("secondary")}>
          Export CSV
        </a>
      </PageHeader>
      <ReportTabs />
      <Card className="mb-6">
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Choose the day">
          <div className="w-full sm:w-48">
            <label htmlFor="takings-date" className="mb-1 block text-sm font-medium text-slate-800">
              Day
            </label>
            <input
              id="takings-date"
              type="date"
              name="date"
              defaultValue={takings.date}
              key={takings.date}
              className={controlClasses}
            />
          </div>
          <Button type="submit" variant="secondary">
            Show
          </Button>
        </Form>
      </Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{dateLabel}</h2>
      <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard
          label="Sales"
          value={formatPence(takings.salesTotal)}
          hint={`${takings.salesCount} ${takings.salesCount === 1 ? "sale" : "sales"}, VAT ${formatPence(takings.vat)}`}
        />
        <StatCard label="Tips" value={formatPence(takings.tipsTotal)} hint="Passed to the stylists" />
        <StatCard
          label="Refunds"
          value={formatPence(takings.refunds.total)}
          hint={`${takings.refunds.count} ${takings.refunds.count === 1 ? "refund" : "refunds"}`}
        />
        <StatCard
          label="Expected Cash"
          value={formatPence(takings.expectedCash)}
          hint="Cash less change and cash refunds"
        />
      </div>
      <div className="mb-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader title="Takings by Payment Method" description={`Net ${formatPence(takings.net)}`} />
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Method
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Taken
                </th>
                <th scope="col" className="py-2 pl-3 text-right font-semibold">
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {methods.map((method) => (
                <tr key={method}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                    {PAYMENT_LABELS[method]}
                  </th>
                  <td className="px-3 py-2 text-right">{formatPence(takings.payments[method])}</td>
                  <td className="py-2 pl-3 text-right">{formatPence(takings.refunds.byMethod[method])}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  Change given
                </th>
                <td className="px-3 py-2 text-right">−{formatPence(takings.change)}</td>
                <td className="py-2 pl-3" />
              </tr>
            </tbody>
          </table>
        </Card>
        <Card>
          <CardHeader title="Tips by Stylist" />
          {takings.tipsByStylist.length === 0 ? (
            <p className="text-sm text-slate-600">No tips on this day.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {takings.tipsByStylist.map((tip) => (
                <li key={tip.stylistId} className="flex justify-between py-2">
                  <span className="font-medium text-slate-900">{tip.stylistName}</span>
                  <span className="tabular-nums">{formatPence(tip.amount)}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Cash-up"
            description="Count the drawer (beyond its float) and record it: the difference is kept. A recount is another cash-up."
          />
          <CashUpForm key={takings.cashUps[0]?.id ?? "none"} />
        </Card>
        <Card>
          <CardHeader title="Cash-ups of the Day" description="The latest first" />
          {takings.cashUps.length === 0 ? (
            <p className="text-sm text-slate-600">No cash-up recorded for this day yet.</p>
          ) : (
            <ul className="divide-y divide-slate-100 text-sm">
              {takings.cashUps.map((count) => (
                <li key={count.id} className="py-2">
                  <p className="flex flex-wrap justify-between gap-2">
                    <span className="font-medium text-slate-900">
                      {countTimes[count.id]} · {count.byName}
                    </span>
                    <Differences difference={count.difference} />
                  </p>
                  <p className="text-slate-700">
                    Counted {formatPence(count.countedCash)}, expected {formatPence(count.expectedCash)}
                  </p>
                  {count.notes ? <p className="whitespace-pre-line text-slate-600">{count.notes}</p> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
