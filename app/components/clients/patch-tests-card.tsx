// The client profile's patch tests (decision 0126): the tests on record, newest first, and
// "Record patch test" (a plain form: it works without JavaScript; the action re-renders
// with the errors). Tests are never edited or deleted, so the list has no actions.
import { Form, useNavigation } from "@remix-run/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { useClockFormat } from "~/components/ui/clock-format";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/ui/field";
import { PATCH_TEST_NOTES_MAX, PATCH_TEST_PRODUCT_MAX } from "~/lib/schemas/patch-tests";
import { formatClockTime, formatLongDate, type CalendarDate } from "~/lib/salon-time";

export type PatchTestRow = {
  id: number;
  date: CalendarDate;
  time: string;
  result: "pass" | "fail";
  product: string | null;
  notes: string | null;
  recordedBy: string;
};

type Errors = Record<string, string[] | null | undefined> | undefined;

export function PatchTestsCard({
  tests,
  canRecord,
  today,
  errors,
}: {
  tests: PatchTestRow[];
  canRecord: boolean;
  today: { date: string; time: string };
  errors: Errors;
}) {
  const clock = useClockFormat();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "patch-test";
  return (
    <Card>
      <CardHeader title="Patch tests" />
      {tests.length === 0 ? (
        <p className="text-sm text-slate-600">No patch tests on record</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Patch tests">
          {tests.map((test) => (
            <li key={test.id} className="flex items-start justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {formatLongDate(test.date)}, {formatClockTime(test.time, clock)}
                </span>
                <span className="block break-words text-sm text-slate-600">
                  {[test.product, test.notes, `Recorded by ${test.recordedBy}`].filter(Boolean).join(" · ")}
                </span>
              </span>
              <Badge tone={test.result === "pass" ? "green" : "red"} className="shrink-0">
                {test.result === "pass" ? "Passed" : "Failed"}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {canRecord ? (
        // Keyed by the list: a recorded test empties the form again.
        <Form
          key={tests.length}
          method="post"
          className="mt-4 space-y-3 border-t border-slate-100 pt-4"
          aria-label="Record patch test"
        >
          <h3 className="text-sm font-semibold text-slate-900">Record patch test</h3>
          <input type="hidden" name="intent" value="patch-test" />
          <ErrorList errors={errors?.[""]} />
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Date" name="date" type="date" defaultValue={today.date} required errors={errors?.date} />
            <Field label="Time" name="time" type="time" defaultValue={today.time} required errors={errors?.time} />
            <SelectField label="Result" name="result" defaultValue="pass" errors={errors?.result}>
              <option value="pass">Passed</option>
              <option value="fail">Failed</option>
            </SelectField>
          </div>
          <Field
            label="Product (optional)"
            name="product"
            maxLength={PATCH_TEST_PRODUCT_MAX}
            errors={errors?.product}
          />
          <TextareaField
            label="Notes (optional)"
            name="notes"
            rows={2}
            maxLength={PATCH_TEST_NOTES_MAX}
            errors={errors?.notes}
          />
          <p className="text-xs text-slate-600">A recorded test cannot be changed or deleted.</p>
          <Button type="submit" disabled={busy} className="min-h-11">
            {busy ? "Recording…" : "Record patch test"}
          </Button>
        </Form>
      ) : null}
    </Card>
  );
}
