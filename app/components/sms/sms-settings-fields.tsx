// The SMS settings fields (SPEC §3 and §9), one set for both forms that edit them: the SMS
// screen's Reminder Settings and the Settings screen's Salon tab. Each screen keeps its own
// form, validation, defaults and Save button; the fields, their labels, the providers and
// the reminder timings are the same. The template's unknown variables and the preview
// follow the typing without Zod, so the SMS screen stays within its JavaScript budget.
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { ErrorList, Field, SelectField, TextareaField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { SMS_PROVIDER_OPTIONS } from "~/lib/sms-providers";
import {
  reminderHoursChoices,
  reminderHoursLabel,
  renderTemplate,
  smsSegments,
  TEMPLATE_VARIABLES,
  unknownVariables,
  unknownVariablesMessage,
  type TemplateValues,
} from "~/lib/sms-template";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the two forms' schemas differ; only these field names are shared
type SmsField = FieldMetadata<any, any, string[]>;
type SmsFields = Record<
  | "smsEnabled"
  | "smsProvider"
  | "smsFromNumber"
  | "smsApiKey"
  | "smsApiSecret"
  | "reminderHoursBefore"
  | "country"
  | "reminderTemplate",
  SmsField
>;

/** The values the preview fills in (the next appointment's, or sample ones). */
export type PreviewSample = { values: TemplateValues; appointmentId: number | null };

const VARIABLES_HINT = `Variables: ${TEMPLATE_VARIABLES.map((name) => `{${name}}`).join(", ")}; {date} and {time} also work`;

/**
 * The fields, inside the caller's `<Form>`. The form's default values give the switch as
 * "on" or nothing and the timing as a string; the secret is always blank (`secretSet` says
 * whether one is stored). The timing list holds the stored timing even when SPEC's list
 * does not, so saving keeps it.
 */
export function SmsSettingsFields({
  fields,
  secretSet,
  sample,
}: {
  fields: SmsFields;
  secretSet: boolean;
  sample: PreviewSample | null;
}) {
  const initialTemplate =
    typeof fields.reminderTemplate.initialValue === "string" ? fields.reminderTemplate.initialValue : "";
  const [template, setTemplate] = useState(initialTemplate);
  const hours = reminderHoursChoices(Number(fields.reminderHoursBefore.initialValue));
  const unknown = unknownVariables(template);
  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor={fields.smsEnabled.id} className="text-sm font-medium text-slate-900">
            Enable SMS reminders
          </label>
          <p className="text-sm text-slate-600">Send each client a text before their appointment.</p>
        </div>
        <Switch {...getInputProps(fields.smsEnabled, { type: "checkbox" })} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="SMS provider" {...getSelectProps(fields.smsProvider)} errors={fields.smsProvider.errors}>
          {SMS_PROVIDER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Field
          label="From number or sender name"
          {...getInputProps(fields.smsFromNumber, { type: "text" })}
          autoComplete="off"
          errors={fields.smsFromNumber.errors}
        />
        <Field
          label="API key"
          hint="Twilio Account SID or Plivo Auth ID; MessageBird's access key may go here or under API secret."
          {...getInputProps(fields.smsApiKey, { type: "text" })}
          autoComplete="off"
          errors={fields.smsApiKey.errors}
        />
        <Field
          label="API secret"
          hint="Twilio or Plivo Auth Token, MessageBird access key. Never shown again; a new provider needs its own."
          {...getInputProps(fields.smsApiSecret, { type: "password" })}
          autoComplete="new-password"
          placeholder={secretSet ? "Saved (leave blank to keep)" : ""}
          errors={fields.smsApiSecret.errors}
        />
        <SelectField
          label="Send reminder"
          {...getSelectProps(fields.reminderHoursBefore)}
          errors={fields.reminderHoursBefore.errors}
        >
          {hours.map((value) => (
            <option key={value} value={value}>
              {reminderHoursLabel(value)}
            </option>
          ))}
        </SelectField>
        <Field
          label="Country for phone numbers"
          hint="Two letters, e.g. GB: numbers written without +44 are read as this country's."
          {...getInputProps(fields.country, { type: "text" })}
          maxLength={2}
          autoComplete="off"
          className="[&_input]:uppercase"
          errors={fields.country.errors}
        />
      </div>
      <div>
        <TextareaField
          label="Message template"
          {...getTextareaProps(fields.reminderTemplate)}
          onChange={(event) => setTemplate(event.currentTarget.value)}
          errors={fields.reminderTemplate.errors}
          hint={VARIABLES_HINT}
          rows={4}
        />
        {unknown.length > 0 && !fields.reminderTemplate.errors ? (
          <ErrorList errors={[unknownVariablesMessage(unknown)]} />
        ) : null}
      </div>
      {sample ? <Preview template={template} sample={sample} /> : null}
    </div>
  );
}

function Preview({ template, sample }: { template: string; sample: PreviewSample }) {
  const preview = renderTemplate(template, sample.values);
  const segments = smsSegments(preview);
  return (
    <figure className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
        Preview{sample.appointmentId ? ` (next appointment, #${sample.appointmentId})` : " (sample appointment)"}
      </figcaption>
      <p className="whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="sms-preview">
        {preview}
      </p>
      <p className="mt-2 text-xs text-slate-600" aria-live="polite">
        {segments.characters} characters, {segments.segments} SMS ({segments.encoding})
      </p>
    </figure>
  );
}
