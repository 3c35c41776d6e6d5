import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SmsSettingsFields } from "~/components/sms/sms-settings-fields";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, SelectField, TextareaField } from "~/components/ui/field";
import { Switch } from "~/components/ui/switch";
import { can } from "~/domain/permissions";
import { getSalonSettings, saveSalonSettings } from "~/domain/settings.server";
import { previewSample } from "~/domain/sms.server";
import { SalonTabSchema } from "~/lib/schemas/settings";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "settings.salon");
  const [settings, sample] = await Promise.all([
    getSalonSettings(user),
    can(user.role, "sms.manage") ? previewSample(user) : null,
  ]);
  return { settings, sample, timeZones: Intl.supportedValuesOf("timeZone") };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "settings.salon");
  return formAction(
    request,
    SalonTabSchema,
    async (value) => {
      await saveSalonSettings(user, value);
      return redirectWithToast("/settings/salon", {
        title: "Settings saved",
        description: "The salon settings have been saved.",
      });
    },
    { failure: () => "Failed to save salon settings. Please try again.", hideFields: ["smsApiSecret"] },
  );
});

export default function SalonTab() {
  const { settings } = useLoaderData<typeof loader>();
  // Re-mounted after each save so the form starts from what was stored.
  return <SalonForm key={settings.updatedAt} />;
}

function SalonForm() {
  const { settings, sample, timeZones } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      ...settings,
      smsEnabled: settings.smsEnabled ? "on" : undefined,
      stylistsSeeColleagues: settings.stylistsSeeColleagues ? "on" : undefined,
      waitlistAutoOffer: settings.waitlistAutoOffer ? "on" : undefined,
      waitlistHoldMinutes: String(settings.waitlistHoldMinutes),
      bookingAdvanceLimit: String(settings.bookingAdvanceLimit),
      cancellationNotice: String(settings.cancellationNotice),
      reminderHoursBefore: String(settings.reminderHoursBefore),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SalonTabSchema }),
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert errors={form.errors} />
      <Card>
        <CardHeader title="Salon Details" description="Shown in the menu and used in client messages." />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Salon name"
            {...getInputProps(fields.salonName, { type: "text" })}
            errors={fields.salonName.errors}
          />
          <Field label="Phone" {...getInputProps(fields.phone, { type: "tel" })} errors={fields.phone.errors} />
          <Field label="Email" {...getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} />
          <SelectField label="Time zone" {...getSelectProps(fields.timeZone)} errors={fields.timeZone.errors}>
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </SelectField>
          <TextareaField
            className="sm:col-span-2"
            label="Address"
            {...getTextareaProps(fields.address)}
            errors={fields.address.errors}
            rows={2}
          />
        </div>
      </Card>
      <Card>
        <CardHeader title="Opening Hours & Booking Rules" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field
            label="Opening time"
            {...getInputProps(fields.openTime, { type: "time" })}
            errors={fields.openTime.errors}
          />
          <Field
            label="Closing time"
            {...getInputProps(fields.closeTime, { type: "time" })}
            errors={fields.closeTime.errors}
          />
          <Field
            label="Booking advance limit (days)"
            {...getInputProps(fields.bookingAdvanceLimit, { type: "number" })}
            min={1}
            max={730}
            errors={fields.bookingAdvanceLimit.errors}
          />
          <Field
            label="Cancellation notice (hours)"
            {...getInputProps(fields.cancellationNotice, { type: "number" })}
            min={0}
            max={720}
            errors={fields.cancellationNotice.errors}
          />
          <SelectField
            label="Time format"
            {...getSelectProps(fields.clockFormat)}
            errors={fields.clockFormat.errors}
            hint="How times read on every screen."
          >
            <option value="12h">12-hour (9:00 AM)</option>
            <option value="24h">24-hour (13:00)</option>
          </SelectField>
        </div>
      </Card>
      <Card>
        <CardHeader title="Calendar" />
        <div className="flex items-center justify-between gap-4">
          <div>
            <label htmlFor={fields.stylistsSeeColleagues.id} className="text-sm font-medium text-slate-900">
              Stylists see colleagues&apos; calendars
            </label>
            <p id={`${fields.stylistsSeeColleagues.id}-hint`} className="text-sm text-slate-600">
              Every stylist&apos;s column in a stylist&apos;s calendar, so they can arrange cover. Colleagues&apos;
              appointments are read-only and show the time, service and client&apos;s name only.
            </p>
          </div>
          <Switch
            {...getInputProps(fields.stylistsSeeColleagues, { type: "checkbox" })}
            aria-describedby={`${fields.stylistsSeeColleagues.id}-hint`}
          />
        </div>
      </Card>
      <Card>
        <CardHeader title="Waitlist" description="Clients waiting for a time when a booking is cancelled or moved." />
        <div className="flex items-center justify-between gap-4">
          <div>
            <label htmlFor={fields.waitlistAutoOffer.id} className="text-sm font-medium text-slate-900">
              Offer freed times automatically
            </label>
            <p id={`${fields.waitlistAutoOffer.id}-hint`} className="text-sm text-slate-600">
              The first waiting client a free time fits gets a text (or an e-mail) with a link to book it. The next
              client gets it if they say no or do not answer in time.
            </p>
          </div>
          <Switch
            {...getInputProps(fields.waitlistAutoOffer, { type: "checkbox" })}
            aria-describedby={`${fields.waitlistAutoOffer.id}-hint`}
          />
        </div>
        <div className="mt-4 max-w-xs">
          <Field
            label="Hold an offered time for (minutes)"
            {...getInputProps(fields.waitlistHoldMinutes, { type: "number" })}
            min={5}
            max={1440}
            errors={fields.waitlistHoldMinutes.errors}
          />
        </div>
      </Card>
      <Card>
        <CardHeader title="SMS" description="Appointment reminders by text message." />
        <SmsSettingsFields fields={fields} secretSet={settings.smsApiSecretSet} sample={sample} />
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
