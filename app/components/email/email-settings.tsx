// The Reminders screen's E-mail section: the salon's SMTP server and sender, each message's
// subject and text with a preview that follows the typing (the sender's own rendering
// code, no Zod), and the test e-mail. Plain forms: everything works without JavaScript.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { ErrorList, Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import {
  EMAIL_MESSAGE_LABELS,
  EMAIL_MESSAGES,
  renderEmailText,
  templateFields,
  type EmailMessage,
  type EmailTemplateField,
} from "~/lib/email-template";
import { TEMPLATE_VARIABLES, unknownVariables, unknownVariablesMessage, type TemplateValues } from "~/lib/sms-template";

type EmailSettings = {
  emailEnabled: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpSecurity: "starttls" | "tls" | "none";
  smtpUser: string;
  smtpPasswordSet: boolean;
  emailFrom: string;
  emailReplyTo: string;
} & Record<EmailTemplateField, string>;

type EmailStatus = {
  enabled: boolean;
  configured: boolean;
  sentLast24Hours: number;
  failedLast24Hours: number;
  waiting: number;
};

const SECURITY_LABELS = {
  starttls: "STARTTLS (usually port 587)",
  tls: "TLS from the start (usually port 465)",
  none: "None (a server on this machine or network only)",
} as const;

const VARIABLES_HINT = `Variables: ${TEMPLATE_VARIABLES.map((name) => `{${name}}`).join(", ")}`;

export function EmailSettingsCard({
  settings,
  sample,
  timeZone,
  lastResult,
}: {
  settings: EmailSettings;
  sample: { values: TemplateValues; appointmentId: number | null };
  timeZone: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "email";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      ...settings,
      emailEnabled: settings.emailEnabled ? "on" : undefined,
      smtpPort: String(settings.smtpPort),
      smtpPassword: "",
    },
  });
  return (
    <Card aria-labelledby="email-settings-title">
      <CardHeader
        title={<span id="email-settings-title">E-mail</span>}
        description="Confirmations, changes, cancellations and reminders by e-mail, through the salon's own mail server."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="email" />
        <FormAlert errors={form.errors} />
        <div className="flex items-center justify-between gap-4">
          <div>
            <label htmlFor={fields.emailEnabled.id} className="text-sm font-medium text-slate-900">
              Enable e-mail to clients
            </label>
            <p className="text-sm text-slate-600">
              For clients with an e-mail address; reminders at the same time as texts.
            </p>
          </div>
          <Switch {...getInputProps(fields.emailEnabled, { type: "checkbox" })} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="SMTP server"
            hint="e.g. smtp.example.com"
            {...getInputProps(fields.smtpHost, { type: "text" })}
            autoComplete="off"
            errors={fields.smtpHost.errors}
          />
          <Field
            label="Port"
            {...getInputProps(fields.smtpPort, { type: "number" })}
            min={1}
            max={65535}
            errors={fields.smtpPort.errors}
          />
          <SelectField label="Security" {...getSelectProps(fields.smtpSecurity)} errors={fields.smtpSecurity.errors}>
            {(Object.keys(SECURITY_LABELS) as (keyof typeof SECURITY_LABELS)[]).map((value) => (
              <option key={value} value={value}>
                {SECURITY_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <Field
            label="SMTP user"
            {...getInputProps(fields.smtpUser, { type: "text" })}
            autoComplete="off"
            errors={fields.smtpUser.errors}
          />
          <Field
            label="SMTP password"
            hint="Never shown again. A new server needs its own: changing the server clears the saved one."
            {...getInputProps(fields.smtpPassword, { type: "password" })}
            autoComplete="new-password"
            placeholder={settings.smtpPasswordSet ? "Saved (leave blank to keep)" : ""}
            errors={fields.smtpPassword.errors}
          />
          <Field
            label="From address"
            {...getInputProps(fields.emailFrom, { type: "email" })}
            errors={fields.emailFrom.errors}
          />
          <Field
            label="Reply-to address"
            hint="Where clients' replies go; blank: the From address."
            {...getInputProps(fields.emailReplyTo, { type: "email" })}
            errors={fields.emailReplyTo.errors}
          />
        </div>
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-slate-900">Messages</h3>
          <p className="text-sm text-slate-600">
            Each e-mail has a text part and a simple HTML part, the appointment&apos;s details with the time in{" "}
            {timeZone}, and a calendar invitation (.ics). Reminders carry an unsubscribe link.
          </p>
          {EMAIL_MESSAGES.map((message) => (
            <MessageEditor
              key={message}
              message={message}
              subject={fields[templateFields(message).subject]}
              text={fields[templateFields(message).text]}
              sample={sample}
              timeZone={timeZone}
            />
          ))}
        </div>
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save E-mail Settings"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

type TemplateField = {
  id: string;
  name: string;
  initialValue?: unknown;
  errors?: string[];
  descriptionId: string;
  errorId: string;
  key?: string;
  formId: string;
};

function MessageEditor({
  message,
  subject,
  text,
  sample,
  timeZone,
}: {
  message: EmailMessage;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's field metadata, read by name
  subject: any;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Conform's field metadata, read by name
  text: any;
  sample: { values: TemplateValues; appointmentId: number | null };
  timeZone: string;
}) {
  const subjectField = subject as TemplateField;
  const textField = text as TemplateField;
  const [subjectValue, setSubject] = useState(String(subjectField.initialValue ?? ""));
  const [textValue, setText] = useState(String(textField.initialValue ?? ""));
  const fields = templateFields(message);
  const preview = renderEmailText(
    message,
    { [fields.subject]: subjectValue, [fields.text]: textValue },
    sample.values,
    {
      timeZone,
    },
  );
  const unknown = unknownVariables(`${subjectValue} ${textValue}`);
  const invalid = Boolean(subjectField.errors?.length || textField.errors?.length);
  return (
    <details className="rounded-md border border-slate-200 open:pb-3" open={invalid || undefined}>
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-slate-900">
        {EMAIL_MESSAGE_LABELS[message]}
      </summary>
      <div className="space-y-3 px-3">
        <Field
          label="Subject"
          {...getInputProps(subject, { type: "text" })}
          onChange={(event) => setSubject(event.currentTarget.value)}
          errors={subjectField.errors}
        />
        <TextareaField
          label="Text"
          {...getTextareaProps(text)}
          onChange={(event) => setText(event.currentTarget.value)}
          errors={textField.errors}
          hint={VARIABLES_HINT}
          rows={6}
        />
        {unknown.length > 0 && !invalid ? <ErrorList errors={[unknownVariablesMessage(unknown)]} /> : null}
        <figure className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200" data-testid={`email-preview-${message}`}>
          <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
            Preview{sample.appointmentId ? ` (next appointment, #${sample.appointmentId})` : " (sample appointment)"}
          </figcaption>
          <p className="break-words text-sm font-semibold text-slate-900" data-testid="email-preview-subject">
            {preview.subject}
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900" data-testid="email-preview-text">
            {preview.text}
          </p>
        </figure>
      </div>
    </details>
  );
}

export function TestEmailCard({
  status,
  lastResult,
}: {
  status: EmailStatus;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const enabled = status.configured;
  const navigation = useNavigation();
  const busy = navigation.formData?.get("intent") === "test-email";
  const [form, fields] = useForm<{ to: string }>({ lastResult });
  return (
    <Card aria-labelledby="email-test-title">
      <CardHeader
        title={<span id="email-test-title">Test E-mail</span>}
        description="Sends a short e-mail through the saved settings now."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="test-email" />
        <EmailStatusRows status={status} />
        <FormAlert errors={form.errors} />
        <Field label="Send to" {...getInputProps(fields.to, { type: "email" })} errors={fields.to.errors} />
        <Button type="submit" disabled={!enabled || busy}>
          {busy ? "Sending..." : "Send test e-mail"}
        </Button>
        {!enabled ? (
          <p className="text-sm text-slate-600">
            Enter the SMTP server and the From address, and save, to send a test.
          </p>
        ) : null}
      </Form>
    </Card>
  );
}

function EmailStatusRows({ status }: { status: EmailStatus }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="email-status">
      <span className="font-medium text-slate-900">E-mail:</span>
      {status.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>}
      <span>
        {status.sentLast24Hours} sent, {status.failedLast24Hours} failed in the last 24 hours
        {status.waiting > 0 ? `, ${status.waiting} waiting` : ""}
      </span>
    </div>
  );
}
