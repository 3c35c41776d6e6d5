import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useState, type InputHTMLAttributes } from "react";
import { PageHeader } from "~/components/shell/app-shell";
import { CategoryBadge } from "~/components/services/category-badge";
import { StylistList } from "~/components/services/stylist-list";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { controlClasses, ErrorList, type FailedReply, replyFieldErrors, replyMessage } from "~/components/ui/field";
import { EmptyState } from "~/components/ui/empty-state";
import { can } from "~/domain/permissions";
import { customPrice, pricingTable, savePricingRow } from "~/domain/pricing.server";
import { listVisibleStylists, resolveManagedStylist } from "~/domain/stylists.server";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { cn } from "~/lib/cn";
import { formatPence, penceToPoundsInput, poundsToPence } from "~/lib/money";
import { PricingRowFormSchema } from "~/lib/schemas/services";
import { PRICING_DURATION } from "~/lib/service-limits";
import { formAction } from "~/utils/form-action.server";
import { page, parseId, parseOptionalId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Service Pricing" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "pricing.view");
  const chooser = can(user.role, "stylists.viewAll");
  const selected = await resolveManagedStylist(
    user,
    "pricing.view",
    parseOptionalId(new URL(request.url).searchParams.get("stylist")),
  );
  const [stylists, table] = await Promise.all([
    chooser ? listVisibleStylists(user) : selected ? [selected] : [],
    selected ? pricingTable(user, selected.id) : [],
  ]);
  const rows = table.map(({ service, entry }) => ({
    serviceId: service.id,
    name: service.name,
    category: service.category,
    isActive: service.isActive,
    price: service.price,
    duration: service.duration,
    customPrice: customPrice(entry),
    customDuration: entry?.duration ?? null,
    version: entry?.updatedAt ?? "none",
  }));
  return { chooser, stylists, selected, rows };
});

type RowFailure = FailedReply & { serviceId: number };

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "pricing.write");
  const formData = await readFormData(request, formLimit(PricingRowFormSchema));
  const stylistId = parseId(String(formData.get("stylistId") ?? ""));
  return formAction(
    formData,
    PricingRowFormSchema,
    async (value) => {
      await savePricingRow(user, stylistId, {
        serviceId: value.serviceId,
        saved: value.intent,
        price: value.priceInPounds === undefined ? undefined : poundsToPence(value.priceInPounds),
        duration: value.duration,
      });
      return redirectWithToast(
        `/pricing?stylist=${stylistId}`,
        value.intent === "price"
          ? { title: "Price Updated", description: "The stylist's price for this service has been saved." }
          : { title: "Duration Updated", description: "The stylist's duration for this service has been saved." },
      );
    },
    // Every service is its own row form: the reply names which one failed.
    {
      echo: { serviceId: Number(formData.get("serviceId")) },
      failure: (error) => error.message,
      fieldNames: { price: "priceInPounds" },
    },
  );
});

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];

const cell = "px-2 py-2 align-top max-md:block max-md:px-0";

/** A number input of a row, in its own cell, tied to the row's form by `form=`; the label shows on phones, where there are no column headings. */
function NumberCell({
  id,
  label,
  hint,
  errors,
  className,
  ...input
}: { id: string; label: string; hint: string; errors?: string[] } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <td className={cell}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700 md:sr-only">
        {label}
      </label>
      <input
        {...input}
        id={id}
        type="number"
        aria-invalid={errors ? true : undefined}
        aria-describedby={`${id}-hint${errors ? ` ${id}-error` : ""}`}
        className={cn(controlClasses, className)}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      <ErrorList id={`${id}-error`} errors={errors} />
    </td>
  );
}

function PricingRow({ row, stylistId }: { row: Row; stylistId: number }) {
  const fetcher = useFetcher<typeof action>();
  const pageResult = useActionData<typeof action>();
  const latest = (fetcher.data ?? (pageResult?.serviceId === row.serviceId ? pageResult : undefined)) as
    RowFailure | undefined;
  // Cancel resets the row's inputs and also dismisses the message about them.
  const [dismissed, setDismissed] = useState<RowFailure | undefined>();
  const failure = latest === dismissed ? undefined : latest;
  useFailureToast(fetcher.data, replyMessage(failure));
  const formId = `pricing-${row.serviceId}`;
  const busy = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const durationErrors = replyFieldErrors(failure, "duration");
  const priceErrors = replyFieldErrors(failure, "priceInPounds");
  const otherErrors = failure && !durationErrors && !priceErrors ? [replyMessage(failure)] : null;
  return (
    <tr className="max-md:block max-md:border-b max-md:border-slate-200 max-md:py-3">
      <td className={cell}>
        <p className="font-medium text-slate-900">{row.name}</p>
        <div className="mt-1 flex flex-wrap gap-1.5">
          <CategoryBadge category={row.category} />
          {row.customPrice ? <Badge tone="amber">Custom Price</Badge> : null}
          {row.isActive ? null : <Badge>Inactive</Badge>}
        </div>
        <ErrorList errors={otherErrors} />
      </td>
      <NumberCell
        id={`${formId}-duration`}
        form={formId}
        name="duration"
        label={`Duration for ${row.name} (minutes)`}
        hint={`Standard ${row.duration} min`}
        errors={durationErrors}
        inputMode="numeric"
        min={PRICING_DURATION.min}
        max={PRICING_DURATION.max}
        step={1}
        defaultValue={row.customDuration ?? row.duration}
        className="md:w-24"
      />
      <NumberCell
        id={`${formId}-price`}
        form={formId}
        name="priceInPounds"
        label={`Price for ${row.name} (£)`}
        hint={`Standard ${formatPence(row.price)}`}
        errors={priceErrors}
        inputMode="decimal"
        min={0}
        step={0.01}
        defaultValue={penceToPoundsInput(row.customPrice ?? row.price)}
        className="md:w-28"
      />
      <td className={cn(cell, "max-md:pt-3")}>
        <fetcher.Form
          method="post"
          id={formId}
          preventScrollReset
          className="flex flex-wrap gap-1.5"
          onReset={() => setDismissed(latest)}
        >
          <input type="hidden" name="stylistId" value={stylistId} />
          <input type="hidden" name="serviceId" value={row.serviceId} />
          <Button
            type="submit"
            name="intent"
            value="duration"
            variant="secondary"
            className="min-h-9 px-2.5"
            formNoValidate
            aria-label={`${row.customDuration ? "Update" : "Save"} Duration for ${row.name}`}
            disabled={busy === "duration"}
          >
            {row.customDuration ? "Update Duration" : "Save Duration"}
          </Button>
          <Button
            type="submit"
            name="intent"
            value="price"
            className="min-h-9 px-2.5"
            formNoValidate
            aria-label={`Save Price for ${row.name}`}
            disabled={busy === "price"}
          >
            Save Price
          </Button>
          <Button type="reset" variant="ghost" className="min-h-9 px-2.5" aria-label={`Cancel changes to ${row.name}`}>
            Cancel
          </Button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

export default function PricingPage() {
  const { chooser, stylists, selected, rows } = useLoaderData<typeof loader>();
  return (
    <main className="p-4 sm:p-6">
      <PageHeader title="Service Pricing" description="Individual Pricing System" />
      <div className="grid gap-6 xl:grid-cols-[16rem_minmax(0,1fr)]">
        <StylistList
          stylists={stylists}
          selectedId={selected?.id ?? null}
          heading={chooser ? "Select a stylist to manage pricing" : "Your stylist profile"}
          empty="No stylists yet. Add stylists under Settings → Staff Accounts."
        />
        {selected ? (
          <Card className="min-w-0">
            <CardHeader
              title={`${selected.name}: Pricing`}
              description="A custom price or duration replaces the standard one when this stylist is booked. A price of 0 returns to the standard price."
            />
            <table className="w-full text-left text-sm max-md:block">
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600 max-md:sr-only">
                <tr>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Service
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Duration (min)
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Price (£)
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 max-md:block">
                {rows.map((row) => (
                  <PricingRow key={`${row.serviceId}:${row.version}`} row={row} stylistId={selected.id} />
                ))}
              </tbody>
            </table>
            {rows.length === 0 ? (
              <p className="py-6 text-center text-sm text-slate-600">
                No services yet. Add services on the Services screen first.
              </p>
            ) : null}
          </Card>
        ) : (
          <EmptyState title="Select a Stylist">
            <p>Choose a stylist from the list to see and change their prices and durations.</p>
          </EmptyState>
        )}
      </div>
    </main>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
