// Settings → Online Booking (administrators): the switches of the public booking page,
// its link and QR code, and the printable poster.
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, TextareaField } from "~/components/ui/field";
import { SwitchField } from "~/components/ui/switch";
import { bookingLinkAndQr } from "~/domain/online-link.server";
import { getSalonSettings, saveSalonSettings } from "~/domain/settings.server";
import { ONLINE_LEAD_TIME_RANGE, ONLINE_POLICY_MAX, OnlineSettingsSchema } from "~/lib/schemas/settings";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Online Booking · Settings" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "online.manage");
  const [settings, { link, qrSvg }] = await Promise.all([getSalonSettings(user), bookingLinkAndQr(user, request)]);
  const {
    onlineBookingEnabled,
    onlineLeadTimeHours,
    onlineApproval,
    onlineNewClients,
    onlinePolicyText,
    updatedAt,
    bookingAdvanceLimit,
    cancellationNotice,
  } = settings;
  return {
    online: { onlineBookingEnabled, onlineLeadTimeHours, onlineApproval, onlineNewClients, onlinePolicyText },
    updatedAt,
    bookingAdvanceLimit,
    cancellationNotice,
    link,
    qrSvg,
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "online.manage");
  return formAction(request, OnlineSettingsSchema, async (value) => {
    const saved = await saveSalonSettings(user, value);
    return redirectWithToast("/settings/online", {
      title: "Settings saved",
      description: saved.onlineBookingEnabled
        ? "Online booking is on: clients can book at the link below."
        : "Online booking is off.",
    });
  });
});

export default function OnlineTab() {
  const { updatedAt } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      {/* Re-mounted after each save so the form starts from what was stored. */}
      <OnlineForm key={updatedAt} />
      <LinkCard />
    </div>
  );
}

function OnlineForm() {
  const { online, bookingAdvanceLimit, cancellationNotice } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: {
      onlineBookingEnabled: online.onlineBookingEnabled ? "on" : undefined,
      onlineLeadTimeHours: String(online.onlineLeadTimeHours),
      onlineApproval: online.onlineApproval ? "on" : undefined,
      onlineNewClients: online.onlineNewClients ? "on" : undefined,
      onlinePolicyText: online.onlinePolicyText,
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OnlineSettingsSchema }),
    shouldRevalidate: "onInput",
  });
  const busy = navigation.state === "submitting" && navigation.formAction === "/settings/online";
  const switchClasses = "rounded-md bg-slate-50 px-3 py-3 ring-1 ring-slate-200";
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <FormAlert errors={form.errors} />
      <Card>
        <CardHeader
          title="Online Booking"
          description="Clients book themselves on the booking page: the services, stylists and free times you offer."
        />
        <div className="space-y-3">
          <SwitchField
            className={switchClasses}
            label="Online booking on"
            description="Off: the booking page says online booking is not available."
            id={fields.onlineBookingEnabled.id}
            name={fields.onlineBookingEnabled.name}
            defaultChecked={fields.onlineBookingEnabled.initialValue === "on"}
          />
          <SwitchField
            className={switchClasses}
            label="Staff approve each booking"
            description="Bookings arrive as requests that you accept or decline under Requests; the client is told."
            id={fields.onlineApproval.id}
            name={fields.onlineApproval.name}
            defaultChecked={fields.onlineApproval.initialValue === "on"}
          />
          <SwitchField
            className={switchClasses}
            label="New clients may book"
            description="Off: only clients the salon already has (by phone or e-mail) can book online."
            id={fields.onlineNewClients.id}
            name={fields.onlineNewClients.name}
            defaultChecked={fields.onlineNewClients.initialValue === "on"}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            label="Minimum notice (hours)"
            {...getInputProps(fields.onlineLeadTimeHours, { type: "number" })}
            inputMode="numeric"
            min={ONLINE_LEAD_TIME_RANGE.min}
            max={ONLINE_LEAD_TIME_RANGE.max}
            step={1}
            errors={fields.onlineLeadTimeHours.errors}
            hint="How soon from now a client can book: 0 to 168 hours."
          />
          <p className="self-center text-sm text-slate-600">
            The Salon tab&apos;s rules apply to clients too: booking up to {bookingAdvanceLimit} days ahead, cancelling
            up to {cancellationNotice} hours before.
          </p>
          <TextareaField
            className="sm:col-span-2"
            label="Booking policy"
            {...getTextareaProps(fields.onlinePolicyText)}
            maxLength={ONLINE_POLICY_MAX}
            rows={4}
            errors={fields.onlinePolicyText.errors}
            hint={`Shown to the client before they confirm (deposits, lateness, cancellations). At most ${ONLINE_POLICY_MAX.toLocaleString("en-GB")} characters.`}
          />
        </div>
      </Card>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Online Booking"}
        </Button>
      </div>
    </Form>
  );
}

function LinkCard() {
  const { link, qrSvg, online } = useLoaderData<typeof loader>();
  return (
    <Card aria-labelledby="online-link-title">
      <CardHeader
        title={<span id="online-link-title">Your Booking Link</span>}
        description="Put it on your website, social pages and e-mails; print the poster for the front desk."
      />
      {!online.onlineBookingEnabled ? (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          Online booking is off: the link answers that online booking is not available until you switch it on.
        </p>
      ) : null}
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div
          className="size-40 shrink-0 self-center rounded-md bg-white ring-1 ring-slate-200 sm:self-start"
          role="img"
          aria-label={`QR code for ${link}`}
          // Drawn on the server by the qrcode library from the link alone.
          dangerouslySetInnerHTML={{ __html: qrSvg }}
        />
        <div className="min-w-0 space-y-3">
          <label htmlFor="online-booking-link" className="block text-sm font-medium text-slate-800">
            Booking link
          </label>
          <input
            id="online-booking-link"
            readOnly
            value={link}
            className="w-full rounded-md border-0 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900 ring-1 ring-slate-300"
          />
          <p className="text-sm text-slate-600">
            On a website, link a &quot;Book online&quot; button to this address. Clients need no account or app.
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={link} target="_blank" rel="noreferrer" className={buttonClasses("secondary")}>
              Open Booking Page
            </a>
            <Link to="/settings/online/poster" reloadDocument className={buttonClasses("secondary")}>
              Printable Poster (A4)
            </Link>
          </div>
        </div>
      </div>
    </Card>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
