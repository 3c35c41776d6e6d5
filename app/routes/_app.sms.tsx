// Reminders (SPEC §2, decision 0051; the SMS Reminders screen, with e-mail since): admins
// only, enforced here and in the domain. Every form posts to this route with an intent
// (settings, test, preference, email, test-email), so all of them work without
// JavaScript; with it, the templates' previews follow the typing.
import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PageHeader } from "~/components/shell/app-shell";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { SmsSettingsFields } from "~/components/sms/sms-settings-fields";
import { MessageLog, StatusCard } from "~/components/sms/sms-status";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { FormAlert, SelectField } from "~/components/ui/field";
import { showToast } from "~/components/ui/toaster";
import { DomainError } from "~/domain/errors";
import { can } from "~/domain/permissions";
import { getGlobalSettings } from "~/domain/settings.server";
import { getEmailSettings, getEmailStatus, saveEmailSettings, sendTestEmail } from "~/domain/email.server";
import { EmailSettingsCard, TestEmailCard } from "~/components/email/email-settings";
import {
  getSmsSettings,
  getSmsStatus,
  listSmsLog,
  listTestChoices,
  listStylistPreferences,
  previewSample,
  saveSmsSettings,
  sendTestReminder,
  setStylistSmsPreference,
} from "~/domain/sms.server";
import { pageHrefs } from "~/lib/paging";
import { revalidateOnOwnParams } from "~/lib/revalidation";
import { EmailSettingsSchema, SmsSettingsSchema, TestEmailSchema } from "~/lib/schemas/settings";
import { SMS_ADMIN_ONLY, SmsPreferenceSchema, TestReminderFormSchema } from "~/lib/schemas/sms";
import { dateInZone, formatClockTime, formatShortDate, timeInZone } from "~/lib/salon-time";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { pageRequest } from "~/utils/paging.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { z } from "zod";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Reminders" }];

export const shouldRevalidate = revalidateOnOwnParams(["cursor", "limit"]);

async function requireSmsAdmin(request: Request) {
  const user = await requireUser(request);
  if (!can(user.role, "sms.manage")) throw data(SMS_ADMIN_ONLY, { status: 403 });
  return user;
}

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireSmsAdmin(request);
  const url = new URL(request.url);
  const [
    { settings, formDefaults },
    status,
    sample,
    stylists,
    log,
    { timeZone, clockFormat },
    choices,
    email,
    emailStatus,
  ] = await Promise.all([
    getSmsSettings(user),
    getSmsStatus(user),
    previewSample(user),
    listStylistPreferences(user),
    listSmsLog(user, pageRequest(url)),
    getGlobalSettings(),
    listTestChoices(user),
    getEmailSettings(user),
    getEmailStatus(user),
  ]);
  // Worded here, in the salon's zone and clock, so the browser needs no date code.
  const testChoices = choices.map((choice) => {
    const day = formatShortDate(dateInZone(choice.startTime, timeZone));
    const time = formatClockTime(timeInZone(choice.startTime, timeZone), clockFormat);
    return {
      id: choice.appointmentId,
      label: `${day}, ${time} – ${choice.clientName} (${choice.clientPhone})`,
      recipient: `Goes to ${choice.clientName}'s phone, ${choice.clientPhone}: the reminder for ${choice.serviceName ?? "their appointment"} with ${choice.stylistName}.`,
    };
  });
  // The log's pages land on the log, not the top of the screen.
  const { firstHref, nextHref } = pageHrefs(url, log.nextCursor);
  const pages = {
    firstHref: firstHref && `${firstHref}#sms-log-title`,
    nextHref: nextHref && `${nextHref}#sms-log-title`,
  };
  return {
    settings,
    formDefaults,
    status,
    sample,
    stylists,
    log: { entries: log.items, total: log.total, ...pages },
    timeZone,
    testChoices,
    email,
    emailStatus,
  };
});

const PreferenceFormSchema = SmsPreferenceSchema.extend({
  stylistId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireSmsAdmin(request);
  const formData = await readFormData(
    request,
    formLimit(TestReminderFormSchema, PreferenceFormSchema, SmsSettingsSchema, EmailSettingsSchema, TestEmailSchema),
  );
  const intent = formData.get("intent");
  if (intent === "email") {
    return formAction(
      formData,
      EmailSettingsSchema,
      async (value) => {
        await saveEmailSettings(user, value);
        return redirectWithToast("/sms", {
          title: "Settings saved",
          description: "The e-mail settings have been saved.",
        });
      },
      { failure: () => "Save failed", hideFields: ["smtpPassword"] },
    );
  }
  if (intent === "test-email") {
    return formAction(
      formData,
      TestEmailSchema,
      async (value) => {
        const outcome = await sendTestEmail(user, value);
        // The server refused or could not be reached: shown with the form, with its own words.
        if (!outcome.success) throw new DomainError(outcome.message, 502);
        return redirectWithToast("/sms", { title: "Test e-mail sent", description: outcome.message });
      },
      { failure: (error) => (error.fieldErrors ? null : `Test failed: ${error.message}`) },
    );
  }
  if (intent === "test") {
    return formAction(
      formData,
      TestReminderFormSchema,
      async ({ appointmentId }) => {
        const outcome = await sendTestReminder(user, appointmentId);
        // The provider refused or could not be reached: shown with the form, like a refusal.
        if (!outcome.success) throw new DomainError(outcome.message, 502);
        return redirectWithToast("/sms", { title: "Test SMS sent", description: outcome.message });
      },
      { failure: (error) => (error.fieldErrors ? null : `Test failed: ${error.message}`) },
    );
  }
  if (intent === "preference") {
    return formAction(
      formData,
      PreferenceFormSchema,
      async ({ stylistId, smsRemindersEnabled }) => {
        const stylist = await setStylistSmsPreference(user, stylistId, smsRemindersEnabled);
        return redirectWithToast("/sms", {
          title: "Preference saved",
          description: `SMS reminders for ${stylist.name}'s clients are ${stylist.smsRemindersEnabled ? "on" : "off"}.`,
        });
      },
      { failure: (error) => `Update failed: ${error.message}` },
    );
  }
  return formAction(
    formData,
    SmsSettingsSchema,
    async (value) => {
      await saveSmsSettings(user, value);
      return redirectWithToast("/sms", { title: "Settings saved", description: "The SMS settings have been saved." });
    },
    { failure: () => "Save failed", hideFields: ["smsApiSecret"] },
  );
});

export default function SmsScreen() {
  const { settings, status, stylists, log, timeZone, testChoices, email, emailStatus, sample } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-6xl p-4 sm:p-6">
      <PageHeader title="Reminders" description="Appointment reminders by text message, and e-mail to clients" />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <SettingsForm key={settings.updatedAt} />
          <PreferencesCard stylists={stylists} />
          <EmailSettingsCard
            key={`email-${email.updatedAt}`}
            settings={email}
            sample={sample}
            timeZone={timeZone}
            lastResult={actionData?.intent === "email" ? actionData.result : undefined}
          />
        </div>
        <div className="space-y-6">
          <StatusCard status={status} timeZone={timeZone} />
          <TestCard enabled={settings.smsEnabled} choices={testChoices} />
          <TestEmailCard
            status={emailStatus}
            lastResult={actionData?.intent === "test-email" ? actionData.result : undefined}
          />
        </div>
      </div>
      <div className="mt-6">
        <MessageLog log={log} timeZone={timeZone} />
      </div>
    </main>
  );
}

// Both forms validate on the server only (messages through Conform's lastResult), as the
// service dialogs do (decision 0010): Zod in the browser put /sms over its JavaScript budget.
// The template's unknown variables and segments are still checked as you type, without Zod.
function SettingsForm() {
  const { formDefaults, settings, sample } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult: actionData?.intent === "settings" ? actionData.result : undefined,
    defaultValue: {
      ...formDefaults,
      smsEnabled: formDefaults.smsEnabled ? "on" : undefined,
      reminderHoursBefore: String(formDefaults.reminderHoursBefore),
      smsApiSecret: "",
    },
  });
  const busy = navigation.formData?.get("intent") === "settings";
  useFailureToast(actionData?.intent === "settings" ? actionData.result : undefined, "Save failed");
  return (
    <Card aria-labelledby="sms-settings-title">
      <CardHeader
        title={<span id="sms-settings-title">Reminder Settings</span>}
        description="Also editable under Settings, Salon."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <input type="hidden" name="intent" value="settings" />
        <FormAlert errors={form.errors} />
        <SmsSettingsFields fields={fields} secretSet={settings.smsApiSecretSet} sample={sample} />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save SMS Settings"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

type TestChoice = { id: number; label: string; recipient: string };

// A list of the upcoming appointments, not an id to look up: each option names the client
// and the phone the text goes to; with JavaScript a line under it repeats whose phone it is.
function TestCard({ enabled, choices }: { enabled: boolean; choices: TestChoice[] }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm<{ appointmentId: string }>({
    lastResult: actionData?.intent === "test" ? actionData.result : undefined,
  });
  const [chosen, setChosen] = useState(String(fields.appointmentId.initialValue ?? ""));
  const recipient = choices.find((choice) => String(choice.id) === chosen)?.recipient ?? null;
  const busy = navigation.formData?.get("intent") === "test";
  const failure = actionData?.intent === "test" ? (actionData.result.error?.[""]?.[0] ?? null) : null;
  useEffect(() => {
    if (failure)
      showToast({ title: "Test failed", description: failure.replace(/^Test failed: /, ""), variant: "destructive" });
  }, [failure, actionData]);
  return (
    <Card aria-labelledby="sms-test-title">
      <CardHeader
        title={<span id="sms-test-title">Test SMS</span>}
        description="Sends an appointment's real reminder to its client's phone now."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <input type="hidden" name="intent" value="test" />
        <FormAlert errors={form.errors} />
        {choices.length === 0 ? (
          <p className="text-sm text-slate-600">No upcoming appointments with a client to text.</p>
        ) : (
          <>
            <SelectField
              label="Appointment"
              hint="Upcoming appointments whose client has a phone and has not opted out; the text goes to the phone shown."
              {...getSelectProps(fields.appointmentId)}
              onChange={(event) => setChosen(event.currentTarget.value)}
              errors={fields.appointmentId.errors}
            >
              <option value="">Choose an appointment</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
            <p className="break-words text-sm text-slate-700" aria-live="polite" data-testid="sms-test-recipient">
              {recipient}
            </p>
          </>
        )}
        <Button type="submit" disabled={!enabled || busy || choices.length === 0}>
          {busy ? "Sending..." : "Send Test SMS"}
        </Button>
        {!enabled ? <p className="text-sm text-slate-600">Turn on SMS reminders and save to send a test.</p> : null}
      </Form>
    </Card>
  );
}

type Preference = { id: number; name: string; email: string; smsRemindersEnabled: boolean };

function PreferencesCard({ stylists }: { stylists: Preference[] }) {
  const actionData = useActionData<typeof action>();
  const failure = actionData?.intent === "preference" ? (actionData.result.error?.[""]?.[0] ?? "Update failed") : null;
  return (
    <Card aria-labelledby="sms-stylists-title">
      <CardHeader
        title={<span id="sms-stylists-title">Stylist Preferences</span>}
        description="Whether each stylist's clients get reminders."
      />
      <FormAlert errors={failure ? [failure] : null} />
      {stylists.length === 0 ? (
        <p className="text-sm text-slate-600">
          No stylists found. Add stylists in the Settings page to manage their SMS preferences.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {stylists.map((stylist) => (
            <PreferenceRow key={stylist.id} stylist={stylist} />
          ))}
        </ul>
      )}
    </Card>
  );
}

// A button that posts the opposite state: a switch that needs no JavaScript. With it, the
// fetcher shows the new state at once.
function PreferenceRow({ stylist }: { stylist: Preference }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.formData?.get("smsRemindersEnabled");
  const on = pending ? pending === "true" : stylist.smsRemindersEnabled;
  const failed = fetcher.data && "intent" in fetcher.data ? fetcher.data : null;
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (failed && shown.current !== failed) {
      shown.current = failed;
      showToast({
        title: "Update failed",
        description: `Could not change ${stylist.name}'s SMS preference.`,
        variant: "destructive",
      });
    }
  }, [failed, stylist.name]);
  return (
    <li className="flex items-center justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{stylist.name}</p>
        {stylist.email ? <p className="break-all text-sm text-slate-600">{stylist.email}</p> : null}
      </div>
      <fetcher.Form method="post" className="flex items-center gap-2">
        <input type="hidden" name="intent" value="preference" />
        <input type="hidden" name="stylistId" value={stylist.id} />
        <span className="text-sm text-slate-600" aria-hidden="true">
          {on ? "On" : "Off"}
        </span>
        <button
          type="submit"
          name="smsRemindersEnabled"
          value={on ? "false" : "true"}
          role="switch"
          aria-checked={on}
          aria-label={`SMS reminders for ${stylist.name}`}
          className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${on ? "bg-brand-700" : "bg-slate-400"}`}
        >
          <span
            aria-hidden="true"
            className={`absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
          />
        </button>
      </fetcher.Form>
    </li>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
