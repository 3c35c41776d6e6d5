import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CalendarFeedCard, FEED_ISSUE, FEED_OFF } from "~/components/settings/calendar-feed-card";
import { SignOutForm } from "~/components/shell/sign-out-form";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert } from "~/components/ui/field";
import type { Actor } from "~/domain/access.server";
import { calendarFeedScreen, issueCalendarFeed, turnOffCalendarFeed } from "~/domain/calendar-feed.server";
import { can, ROLE_LABELS } from "~/domain/permissions";
import { changeOwnPassword, updateOwnProfile } from "~/domain/users.server";
import { CalendarFeedFormSchema } from "~/lib/schemas/calendar-feed";
import { ChangeOwnPasswordFormSchema, OwnProfileSchema } from "~/lib/schemas/users";
import { calendarFeedUrl } from "~/utils/calendar-feed.server";
import { formAction } from "~/utils/form-action.server";
import { page, parseOptionalId } from "~/utils/http.server";
import { useIntentForm } from "~/hooks/use-intent-form";
import { requestToken, requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "settings.account");
  const feed = await calendarFeedScreen(user, parseOptionalId(new URL(request.url).searchParams.get("feedStylist")));
  return { user, feed };
});

/** Creates or resets (FEED_ISSUE) or turns off (FEED_OFF) a calendar link; a new link is answered once, never stored. */
function calendarFeedAction(
  request: Request,
  user: Actor,
  formData: FormData,
  intent: typeof FEED_ISSUE | typeof FEED_OFF,
) {
  return formAction(formData, CalendarFeedFormSchema, async ({ stylistId }) => {
    if (intent === FEED_OFF) {
      await turnOffCalendarFeed(user, stylistId);
      const back = can(user.role, "stylists.viewAll") ? `/settings?feedStylist=${stylistId}` : "/settings";
      return redirectWithToast(back, {
        title: "Success",
        description: "The calendar subscription link is turned off.",
      });
    }
    const { token } = await issueCalendarFeed(user, stylistId);
    return { intent, url: calendarFeedUrl(request, token), stylistId };
  });
}

export const action = page(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(request, "settings.account");
  const formData = await readFormData(
    request,
    formLimit(ChangeOwnPasswordFormSchema, OwnProfileSchema, CalendarFeedFormSchema),
  );
  const intent = formData.get("intent");
  if (intent === FEED_ISSUE || intent === FEED_OFF) return calendarFeedAction(request, user, formData, intent);
  if (intent === "password") {
    return formAction(
      formData,
      ChangeOwnPasswordFormSchema,
      async (value) => {
        const session = await requestToken(request);
        await changeOwnPassword(user, user.id, value, {
          address: context.clientAddress,
          token: session?.token ?? null,
        });
        return redirectWithToast("/settings", {
          title: "Password updated",
          description: "Your password has been changed.",
        });
      },
      { hideFields: ["currentPassword", "newPassword", "confirmPassword"] },
    );
  }
  return formAction(formData, OwnProfileSchema, async (value) => {
    await updateOwnProfile(user, value);
    return redirectWithToast("/settings", { title: "Success", description: "Your details have been updated." });
  });
});

function ProfileForm() {
  const { user } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useIntentForm("profile", OwnProfileSchema, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <FormAlert errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          {...getInputProps(fields.firstName, { type: "text" })}
          errors={fields.firstName.errors}
          autoComplete="given-name"
        />
        <Field
          label="Last name"
          {...getInputProps(fields.lastName, { type: "text" })}
          errors={fields.lastName.errors}
          autoComplete="family-name"
        />
        <Field
          label="Email"
          {...getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
          autoComplete="email"
        />
        <Field
          label="Role"
          id="account-role"
          value={ROLE_LABELS[user.role]}
          readOnly
          disabled
          hint="Only an administrator can change roles."
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save Details"}
      </Button>
    </Form>
  );
}

function PasswordForm() {
  const { form, fields, busy } = useIntentForm("password", ChangeOwnPasswordFormSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="password" />
      <FormAlert errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label="Current password"
          {...getInputProps(fields.currentPassword, { type: "password" })}
          autoComplete="current-password"
          errors={fields.currentPassword.errors}
        />
        <Field
          label="New password"
          {...getInputProps(fields.newPassword, { type: "password" })}
          autoComplete="new-password"
          errors={fields.newPassword.errors}
        />
        <Field
          label="Confirm new password"
          {...getInputProps(fields.confirmPassword, { type: "password" })}
          autoComplete="new-password"
          errors={fields.confirmPassword.errors}
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing..." : "Change Password"}
      </Button>
    </Form>
  );
}

export default function AccountTab() {
  const { user, feed } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Account" description="Your name and sign-in e-mail" />
        <ProfileForm key={`${user.firstName}|${user.lastName}|${user.email}`} />
      </Card>
      <Card>
        <CardHeader title="Change Password" description="At least 8 characters." />
        <PasswordForm />
      </Card>
      {feed ? <CalendarFeedCard {...feed} /> : null}
      <Card>
        <CardHeader title="Sign Out" description="End your session on this device.">
          <SignOutForm className="ring-1 ring-slate-300" />
        </CardHeader>
      </Card>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
