// The Add/Edit Service dialog's form (SPEC §2 Services, §5 Service form).
import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/field";
import { SwitchField } from "~/components/ui/switch";
import { ServiceColorPicker } from "./color-picker";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { penceToPoundsInput } from "~/lib/money";
import {
  BUFFER_MINUTES,
  PATCH_TEST_LEAD_HOURS,
  PATCH_TEST_VALID_DAYS,
  PROCESSING_MINUTES,
  SERVICE_DURATION,
} from "~/lib/service-limits";

type Defaults = {
  name: string;
  category: string;
  duration: number;
  price: number | null;
  isActive: boolean;
  color: string | null;
  onlineBookable: boolean;
  bufferMinutes: number;
  processingAfterMinutes: number;
  processingMinutes: number;
  requiresPatchTest: boolean;
  patchTestValidDays: number;
  patchTestLeadHours: number;
};
const NEW_SERVICE: Defaults = {
  name: "",
  category: "",
  duration: SERVICE_DURATION.default,
  price: null,
  isActive: true,
  color: null,
  onlineBookable: true,
  bufferMinutes: 0,
  processingAfterMinutes: 0,
  processingMinutes: 0,
  requiresPatchTest: false,
  patchTestValidDays: PATCH_TEST_VALID_DAYS.default,
  patchTestLeadHours: PATCH_TEST_LEAD_HOURS.default,
};

export function ServiceForm({
  service = NEW_SERVICE,
  categories,
  lastResult,
  submitLabel,
  closeTo,
}: {
  service?: Defaults;
  categories: string[];
  lastResult: SubmissionResult<string[]> | undefined;
  submitLabel: string;
  closeTo: string;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      name: service.name,
      category: service.category,
      duration: String(service.duration),
      priceInPounds: service.price === null ? "" : penceToPoundsInput(service.price),
      isActive: service.isActive ? "on" : undefined,
      color: service.color ?? "",
      onlineBookable: service.onlineBookable ? "on" : undefined,
      bufferMinutes: String(service.bufferMinutes),
      processingAfterMinutes: String(service.processingAfterMinutes),
      processingMinutes: String(service.processingMinutes),
      requiresPatchTest: service.requiresPatchTest ? "on" : undefined,
      patchTestValidDays: String(service.patchTestValidDays),
      patchTestLeadHours: String(service.patchTestLeadHours),
    },
    // Validated by the server (the same ServiceFormSchema): Zod in the browser would put
    // this dialog over the 130 KB JavaScript budget (docs/decisions/0010).
  });
  useFailureToast(lastResult, form.errors?.[0]);
  const busy = navigation.state === "submitting";
  const listId = `${form.id}-categories`;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
      <FormAlert errors={form.errors} />
      <Field
        label="Service Name"
        {...getInputProps(fields.name, { type: "text" })}
        errors={fields.name.errors}
        autoComplete="off"
      />
      <Field
        label="Category"
        {...getInputProps(fields.category, { type: "text" })}
        errors={fields.category.errors}
        list={listId}
        autoComplete="off"
        hint="For example Hair, Colour, Nails"
      />
      <datalist id={listId}>
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Duration (minutes)"
          {...getInputProps(fields.duration, { type: "number" })}
          inputMode="numeric"
          min={SERVICE_DURATION.min}
          max={SERVICE_DURATION.max}
          step={1}
          errors={fields.duration.errors}
        />
        <Field
          label="Price (£)"
          {...getInputProps(fields.priceInPounds, { type: "number" })}
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          errors={fields.priceInPounds.errors}
        />
      </div>
      <ServiceColorPicker
        name={fields.color.name}
        defaultValue={fields.color.initialValue ?? null}
        serviceName={service.name}
        errors={fields.color.errors}
      />
      <SwitchField
        className="rounded-md bg-slate-50 px-3 py-3 ring-1 ring-slate-200"
        label="Active Service"
        description="Available for booking by clients"
        id={fields.isActive.id}
        name={fields.isActive.name}
        defaultChecked={fields.isActive.initialValue === "on"}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SwitchField
          className="rounded-md bg-slate-50 px-3 py-3 ring-1 ring-slate-200"
          label="Bookable Online"
          description="Offered on the online booking page"
          id={fields.onlineBookable.id}
          name={fields.onlineBookable.name}
          defaultChecked={fields.onlineBookable.initialValue === "on"}
        />
        <Field
          label="Buffer after (minutes)"
          {...getInputProps(fields.bufferMinutes, { type: "number" })}
          inputMode="numeric"
          min={BUFFER_MINUTES.min}
          max={BUFFER_MINUTES.max}
          step={1}
          errors={fields.bufferMinutes.errors}
          hint="Kept free before the next online booking"
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2" aria-describedby={`${form.id}-processing-hint`}>
        <legend className="sr-only">Processing time</legend>
        <Field
          label="Processing time (minutes)"
          {...getInputProps(fields.processingMinutes, { type: "number" })}
          inputMode="numeric"
          min={PROCESSING_MINUTES.min}
          max={PROCESSING_MINUTES.max}
          step={PROCESSING_MINUTES.step}
          errors={fields.processingMinutes.errors}
          hint="The stylist is free for another client meanwhile (0 = none)"
        />
        <Field
          label="Processing starts after (minutes)"
          {...getInputProps(fields.processingAfterMinutes, { type: "number" })}
          inputMode="numeric"
          min={0}
          max={SERVICE_DURATION.max}
          step={PROCESSING_MINUTES.step}
          errors={fields.processingAfterMinutes.errors}
          hint="Of work first, e.g. applying colour"
        />
        <p id={`${form.id}-processing-hint`} className="text-xs text-slate-600 sm:col-span-2">
          In steps of {PROCESSING_MINUTES.step} minutes; processing ends before the service does.
        </p>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-3">
        <legend className="sr-only">Patch test</legend>
        <SwitchField
          className="rounded-md bg-slate-50 px-3 py-3 ring-1 ring-slate-200"
          label="Needs a patch test"
          description="Warn when the client has no valid test"
          id={fields.requiresPatchTest.id}
          name={fields.requiresPatchTest.name}
          defaultChecked={fields.requiresPatchTest.initialValue === "on"}
        />
        <Field
          label="Test valid for (days)"
          {...getInputProps(fields.patchTestValidDays, { type: "number" })}
          inputMode="numeric"
          min={PATCH_TEST_VALID_DAYS.min}
          max={PATCH_TEST_VALID_DAYS.max}
          step={1}
          errors={fields.patchTestValidDays.errors}
        />
        <Field
          label="Test at least (hours before)"
          {...getInputProps(fields.patchTestLeadHours, { type: "number" })}
          inputMode="numeric"
          min={PATCH_TEST_LEAD_HOURS.min}
          max={PATCH_TEST_LEAD_HOURS.max}
          step={1}
          errors={fields.patchTestLeadHours.errors}
        />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Link to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
