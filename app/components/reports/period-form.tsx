// The period selector (SPEC §2 Reports): a GET form, so the period lives in the URL and
// the screen works without JavaScript. With JavaScript, choosing a date also switches the
// select to Custom Range.
import { Form } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { ErrorList, controlClasses } from "~/components/ui/field";
import { PERIOD_LABELS, REPORT_PERIODS } from "~/lib/report-period";

type PeriodFormValues = { period: string; from: string; to: string };

export function PeriodForm({ values, errors }: { values: PeriodFormValues; errors: Record<string, string[]> | null }) {
  const invalid = (field: string) => (errors?.[field]?.length ? true : undefined);
  const described = (field: string) => (errors?.[field]?.length ? `report-${field}-error` : undefined);
  const chooseCustom = (event: ChangeEvent<HTMLInputElement>) => {
    const select = event.currentTarget.form?.elements.namedItem("period");
    if (select instanceof HTMLSelectElement) select.value = "custom";
  };
  return (
    <Form
      method="get"
      action="/reports"
      className="flex flex-wrap items-end gap-3"
      aria-label="Choose what the report covers"
    >
      <div className="w-full sm:w-44">
        <label htmlFor="report-period" className="mb-1 block text-sm font-medium text-slate-800">
          Period
        </label>
        <select
          id="report-period"
          name="period"
          defaultValue={values.period}
          aria-invalid={invalid("period")}
          aria-describedby={described("period")}
          className={controlClasses}
        >
          {REPORT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {PERIOD_LABELS[period]}
            </option>
          ))}
        </select>
        <ErrorList id="report-period-error" errors={errors?.period} />
      </div>
      <fieldset className="grid w-full grid-cols-2 items-end gap-3 sm:flex sm:w-auto">
        <legend className="sr-only">Custom Range (both dates, inclusive)</legend>
        <div className="min-w-0 sm:w-40">
          <label htmlFor="report-from" className="mb-1 block text-sm font-medium text-slate-800">
            From
          </label>
          <input
            id="report-from"
            type="date"
            name="from"
            defaultValue={values.from}
            onChange={chooseCustom}
            aria-invalid={invalid("from")}
            aria-describedby={described("from")}
            className={controlClasses}
          />
          <ErrorList id="report-from-error" errors={errors?.from} />
        </div>
        <div className="min-w-0 sm:w-40">
          <label htmlFor="report-to" className="mb-1 block text-sm font-medium text-slate-800">
            To
          </label>
          <input
            id="report-to"
            type="date"
            name="to"
            defaultValue={values.to}
            onChange={chooseCustom}
            aria-invalid={invalid("to")}
            aria-describedby={described("to")}
            className={controlClasses}
          />
          <ErrorList id="report-to-error" errors={errors?.to} />
        </div>
      </fieldset>
      <button type="submit" className={buttonClasses("primary", "w-full sm:w-auto")}>
        Show Report
      </button>
      <p className="w-full text-xs text-slate-600">The dates apply to Custom Range and are both included.</p>
    </Form>
  );
}
