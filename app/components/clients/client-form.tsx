// The Add New Client / Edit Client form (SPEC §2, §5 "Client form"): a plain form
// posted to its route, validated as you type once submitted, and again on the server.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { ErrorList, Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import { CONSENT_LABELS, ClientFormSchema, LEGAL_BASIS_LABELS } from "~/lib/schemas/clients";

type ClientFormValues = {
  name?: string;
  phone?: string;
  email?: string | null;
  notes?: string | null;
  consentType?: string;
  legalBasis?: string;
  isActive?: "on";
  gdprConsent?: "on";
};

type ClientFormProps = {
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: ClientFormValues;
  submitLabel: string;
  pendingLabel: string;
  cancelTo: string;
  /** The client already holding the phone or e-mail, when the server warned of a duplicate. */
  existingClientId?: number | null;
  /** What that warning was about: sent back as `confirmShared` when the user adds the client anyway. */
  sharedConfirmFor?: string | null;
};

/** The id of the existing client in a refused duplicate's reply (see DuplicateClient). */
export function existingClientIdOf(reply: { details?: Record<string, unknown> } | undefined): number | null {
  const id = reply?.details?.existingClientId;
  return typeof id === "number" ? id : null;
}

/** The warned-about phone and e-mail in a duplicate's reply, for the confirmation (decision 0097). */
export function sharedConfirmForOf(reply: { details?: Record<string, unknown> } | undefined): string | null {
  const value = reply?.details?.confirmFor;
  return typeof value === "string" ? value : null;
}

const checkboxClasses = "mt-0.5 size-5 shrink-0 rounded border-slate-300 accent-brand-700";

export function ClientForm({
  action,
  lastResult,
  defaultValue,
  submitLabel,
  pendingLabel,
  cancelTo,
  existingClientId,
  sharedConfirmFor,
}: ClientFormProps) {
  const navigation = useNavigation();
  const warnedShared = sharedConfirmFor != null;
  const [form, fields] = useForm({
    lastResult,
    defaultValue,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ClientFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const consentErrorId = `${fields.gdprConsent.id}-error`;
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="save" />
      <FormAlert errors={form.errors}>
        {existingClientId ? (
          <p className="mt-1">
            <Link to={`/clients/${existingClientId}/edit`} className="font-semibold underline">
              Open the existing client
            </Link>
          </p>
        ) : null}
        {warnedShared ? (
          <p className="mt-1">A different person sharing it, such as a family&apos;s mobile? {submitLabel} anyway.</p>
        ) : null}
      </FormAlert>
      {warnedShared ? <input type="hidden" name="confirmShared" value={sharedConfirmFor} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Name"
          {...getInputProps(fields.name, { type: "text" })}
          errors={fields.name.errors}
          autoComplete="off"
        />
        <Field
          label="Phone"
          {...getInputProps(fields.phone, { type: "tel" })}
          errors={fields.phone.errors}
          autoComplete="off"
        />
        <Field
          className="sm:col-span-2"
          label="Email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
          autoComplete="off"
        />
        <TextareaField
          className="sm:col-span-2"
          label="Notes"
          {...getTextareaProps(fields.notes)}
          errors={fields.notes.errors}
          rows={3}
        />
        {defaultValue.consentType === "online" ? (
          // Given by the client on the online booking page: shown, kept, never chosen by staff.
          <div>
            <p className="mb-1 block text-sm font-medium text-slate-800">Consent type</p>
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-200">
              {CONSENT_LABELS.online} (given by the client)
            </p>
            <input type="hidden" name={fields.consentType.name} value="online" />
          </div>
        ) : (
          <SelectField label="Consent type" {...getSelectProps(fields.consentType)} errors={fields.consentType.errors}>
            {Object.entries(CONSENT_LABELS)
              .filter(([value]) => value !== "online")
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
          </SelectField>
        )}
        <SelectField label="Legal basis" {...getSelectProps(fields.legalBasis)} errors={fields.legalBasis.errors}>
          {Object.entries(LEGAL_BASIS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex items-center gap-3">
        <input {...getInputProps(fields.isActive, { type: "checkbox" })} className={checkboxClasses} />
        <label htmlFor={fields.isActive.id} className="text-sm font-medium text-slate-800">
          Active client
        </label>
      </div>
      <fieldset className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
        <legend className="sr-only">GDPR Consent Required</legend>
        <div className="flex items-start gap-3">
          <input
            {...getInputProps(fields.gdprConsent, { type: "checkbox" })}
            aria-invalid={fields.gdprConsent.errors ? true : undefined}
            aria-describedby={`${fields.gdprConsent.id}-text${fields.gdprConsent.errors ? ` ${consentErrorId}` : ""}`}
            className={checkboxClasses}
          />
          <div>
            <label htmlFor={fields.gdprConsent.id} className="text-sm font-semibold text-slate-900">
              GDPR Consent Required
            </label>
            <p id={`${fields.gdprConsent.id}-text`} className="text-sm text-slate-700">
              I consent to the processing of my personal data for the selected purposes.
            </p>
            <ErrorList id={consentErrorId} errors={fields.gdprConsent.errors} />
          </div>
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={cancelTo} className={buttonClasses("secondary")} preventScrollReset>
          Cancel
        </Link>
        <Button type="submit" disabled={busy}>
          {busy ? pendingLabel : warnedShared ? `${submitLabel} Anyway` : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
