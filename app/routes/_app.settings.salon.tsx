import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import { getSalonSettings, saveSalonSettings } from "~/domain/settings.server";
import { SalonSettingsSchema } from "~/lib/schemas/settings";
import { REMINDER_HOURS } from "~/lib/sms-template";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

const SMS_PROVIDER_LABELS = { plivo: "Plivo", twilio: "Twilio", messagebird: "MessageBird" } as const;

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "settings.salon");
  return { settings: await getSalonSettings(user), timeZones: Intl.supportedValuesOf("timeZone") };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "settings.salon");
  return formAction(
    request,
    SalonSettingsSchema,
    async (value) => {
      await saveSalonSettings(user, value);
      return redirectWithToast("/settings/salon", { title: "Settings saved", description: "The salon settings have been saved." });
    },
    { failure: () => "Failed to save salon settings. Please try again." },
  );
});

export default function SalonTab() {
  const { settings } = useLoaderData<typeof loader>();
  // Re-mounted after each save so the form starts from what was stored.
  return <SalonForm key={settings.updatedAt} />;
}

function SalonForm() {
  const { settings, timeZones } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      ...settings,
      bookingAdvanceLimit: String(settings.bookingAdvanceLimit),
      cancellationNotice: String(settings.cancellationNotice),
      reminderHoursBefore: String(settings.reminderHoursBefore),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SalonSettingsSchema }),
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert errors={form.errors} />
      <Card>
        <CardHeader title="Salon Details" description="Shown in the menu and used in client messages." />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Salon name" {...getInputProps(fields.salonName, { type: "text" })} errors={fields.salonName.errors} />
          <Field label="Phone" {...getInputProps(fields.phone, { type: "tel" })} errors={fields.phone.errors} />
          <Field label="Email" {...getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} />
          <SelectField label="Time zone" {...getSelectProps(fields.timeZone)} errors={fields.timeZone.errors}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <TextareaField className="sm:col-span-2" label="Address" {...getTextareaProps(fields.address)} errors={fields.address.errors} rows={2} />
        </div>
      </Card>
      <Card>
        <CardHeader title="Opening Hours & Booking Rules" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Opening time" {...getInputProps(fields.openTime, { type: "time" })} errors={fields.openTime.errors} />
          <Field label="Closing time" {...getInputProps(fields.closeTime, { type: "time" })} errors={fields.closeTime.errors} />
          <Field label="Booking advance limit (days)" {...getInputProps(fields.bookingAdvanceLimit, { type: "number" })} min={1} max={730} errors={fields.bookingAdvanceLimit.errors} />
          <Field label="Cancellation notice (hours)" {...getInputProps(fields.cancellationNotice, { type: "number" })} min={0} max={720} errors={fields.cancellationNotice.errors} />
          <SelectField label="Time format" {...getSelectProps(fields.clockFormat)} errors={fields.clockFormat.errors} hint="How times read on every screen.">
            <option value="12h">12-hour (9:00 AM)</option>
            <option value="24h">24-hour (13:00)</option>
          </SelectField>
        </div>
      </Card>
      <Card>
        <CardHeader title="SMS" description="Appointment reminders by text message." />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex items-center gap-3 sm:col-span-2">
            <input {...getInputProps(fields.smsEnabled, { type: "checkbox" })} defaultChecked={settings.smsEnabled} className="size-5 rounded border-slate-300 accent-brand-700" />
            <label htmlFor={fields.smsEnabled.id} className="text-sm font-medium">
              Send SMS reminders
            </label>
          </div>
          <SelectField label="SMS provider" {...getSelectProps(fields.smsProvider)} errors={fields.smsProvider.errors}>
            {Object.entries(SMS_PROVIDER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <Field label="From number" {...getInputProps(fields.smsFromNumber, { type: "tel" })} errors={fields.smsFromNumber.errors} />
          <Field label="API key" {...getInputProps(fields.smsApiKey, { type: "text" })} autoComplete="off" errors={fields.smsApiKey.errors} />
          <Field
            label="API secret"
            {...getInputProps(fields.smsApiSecret, { type: "password" })}
            autoComplete="new-password"
            placeholder={settings.smsApiSecretSet ? "Saved (leave blank to keep)" : ""}
            errors={fields.smsApiSecret.errors}
          />
          <SelectField label="Send reminder" {...getSelectProps(fields.reminderHoursBefore)} errors={fields.reminderHoursBefore.errors}>
            {REMINDER_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {hours} hours before
              </option>
            ))}
          </SelectField>
          <TextareaField
            className="sm:col-span-2"
            label="Reminder template"
            {...getTextareaProps(fields.reminderTemplate)}
            errors={fields.reminderTemplate.errors}
            hint="Variables: {clientName}, {serviceName}, {appointmentDate}, {appointmentTime}, {stylistName}, {salonName}; {date} and {time} also work"
            rows={3}
          />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save All Settings"}
        </Button>
      </div>
    </Form>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
