import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import { DomainError } from "~/domain/errors";
import { getSalonSettings, saveSalonSettings } from "~/domain/settings.server";
import { SalonSettingsSchema } from "~/lib/schemas/settings";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

const SMS_PROVIDER_LABELS = { plivo: "Plivo", twilio: "Twilio", messagebird: "MessageBird" } as const;
const REMINDER_HOURS = [2, 4, 12, 24, 48];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "settings.salon");
  return { settings: await getSalonSettings(user), timeZones: Intl.supportedValuesOf("timeZone") };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "settings.salon");
  const submission = parseWithZod(await request.formData(), { schema: SalonSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveSalonSettings(user, submission.value);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(submission.reply({ formErrors: ["Failed to save salon settings. Please try again."], fieldErrors: error.fieldErrors }), { status: error.status });
  }
  return redirectWithToast("/settings/salon", { title: "Settings saved", description: "The salon settings have been saved." });
});

export default function SalonTab() {
  const { settings } = useLoaderData<typeof loader>();
  // Re-mounted after each save so the form starts from what was stored.
  return <SalonForm key={settings.updatedAt} />;
}

function SalonForm() {
  const { settings, timeZones } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { ...settings, bookingAdvanceLimit: String(settings.bookingAdvanceLimit), cancellationNotice: String(settings.cancellationNotice), reminderHoursBefore: String(settings.reminderHoursBefore) },
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
          <Field label="Salon name" id={fields.salonName.id} name={fields.salonName.name} defaultValue={fields.salonName.initialValue} errors={fields.salonName.errors} />
          <Field label="Phone" id={fields.phone.id} name={fields.phone.name} type="tel" defaultValue={fields.phone.initialValue} errors={fields.phone.errors} />
          <Field label="Email" id={fields.email.id} name={fields.email.name} type="email" defaultValue={fields.email.initialValue} errors={fields.email.errors} />
          <SelectField label="Time zone" id={fields.timeZone.id} name={fields.timeZone.name} defaultValue={fields.timeZone.initialValue} errors={fields.timeZone.errors}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <TextareaField className="sm:col-span-2" label="Address" id={fields.address.id} name={fields.address.name} defaultValue={fields.address.initialValue} errors={fields.address.errors} rows={2} />
        </div>
      </Card>
      <Card>
        <CardHeader title="Opening Hours & Booking Rules" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Opening time" id={fields.openTime.id} name={fields.openTime.name} type="time" defaultValue={fields.openTime.initialValue} errors={fields.openTime.errors} />
          <Field label="Closing time" id={fields.closeTime.id} name={fields.closeTime.name} type="time" defaultValue={fields.closeTime.initialValue} errors={fields.closeTime.errors} />
          <Field label="Booking advance limit (days)" id={fields.bookingAdvanceLimit.id} name={fields.bookingAdvanceLimit.name} type="number" min={1} max={730} defaultValue={fields.bookingAdvanceLimit.initialValue} errors={fields.bookingAdvanceLimit.errors} />
          <Field label="Cancellation notice (hours)" id={fields.cancellationNotice.id} name={fields.cancellationNotice.name} type="number" min={0} max={720} defaultValue={fields.cancellationNotice.initialValue} errors={fields.cancellationNotice.errors} />
        </div>
      </Card>
      <Card>
        <CardHeader title="SMS" description="Appointment reminders by text message." />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex items-center gap-3 sm:col-span-2">
            <input id={fields.smsEnabled.id} name={fields.smsEnabled.name} type="checkbox" defaultChecked={settings.smsEnabled} className="size-5 rounded border-slate-300 accent-brand-700" />
            <label htmlFor={fields.smsEnabled.id} className="text-sm font-medium">
              Send SMS reminders
            </label>
          </div>
          <SelectField label="SMS provider" id={fields.smsProvider.id} name={fields.smsProvider.name} defaultValue={fields.smsProvider.initialValue} errors={fields.smsProvider.errors}>
            {Object.entries(SMS_PROVIDER_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
          <Field label="From number" id={fields.smsFromNumber.id} name={fields.smsFromNumber.name} type="tel" defaultValue={fields.smsFromNumber.initialValue} errors={fields.smsFromNumber.errors} />
          <Field label="API key" id={fields.smsApiKey.id} name={fields.smsApiKey.name} autoComplete="off" defaultValue={fields.smsApiKey.initialValue} errors={fields.smsApiKey.errors} />
          <Field
            label="API secret"
            id={fields.smsApiSecret.id}
            name={fields.smsApiSecret.name}
            type="password"
            autoComplete="new-password"
            placeholder={settings.smsApiSecretSet ? "Saved (leave blank to keep)" : ""}
            errors={fields.smsApiSecret.errors}
          />
          <SelectField label="Send reminder" id={fields.reminderHoursBefore.id} name={fields.reminderHoursBefore.name} defaultValue={fields.reminderHoursBefore.initialValue} errors={fields.reminderHoursBefore.errors}>
            {REMINDER_HOURS.map((hours) => (
              <option key={hours} value={hours}>
                {hours} hours before
              </option>
            ))}
          </SelectField>
          <TextareaField
            className="sm:col-span-2"
            label="Reminder template"
            id={fields.reminderTemplate.id}
            name={fields.reminderTemplate.name}
            defaultValue={fields.reminderTemplate.initialValue}
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
