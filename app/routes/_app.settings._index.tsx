import { getFormProps, getInputProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { SignOutForm } from "~/components/shell/sign-out-form";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert } from "~/components/ui/field";
import { ROLE_LABELS } from "~/domain/permissions";
import { changeOwnPassword, updateOwnProfile } from "~/domain/users.server";
import { ChangeOwnPasswordFormSchema, OwnProfileSchema } from "~/lib/schemas/users";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { useIntentForm } from "~/hooks/use-intent-form";
import { requestToken, requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "settings.account");
  return { user };
});

export const action = page(async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(request, "settings.account");
  const formData = await request.formData();
  if (formData.get("intent") === "password") {
    return formAction(
      formData,
      ChangeOwnPasswordFormSchema,
      async (value) => {
        const session = await requestToken(request);
        await changeOwnPassword(user, user.id, value, { address: context.clientAddress, token: session?.token ?? null });
        return redirectWithToast("/settings", { title: "Password updated", description: "Your password has been changed." });
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
  const { form, fields, busy } = useIntentForm("profile", OwnProfileSchema, { firstName: user.firstName, lastName: user.lastName, email: user.email });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="profile" />
      <FormAlert errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" {...getInputProps(fields.firstName, { type: "text" })} errors={fields.firstName.errors} autoComplete="given-name" />
        <Field label="Last name" {...getInputProps(fields.lastName, { type: "text" })} errors={fields.lastName.errors} autoComplete="family-name" />
        <Field label="Email" {...getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} autoComplete="email" />
        <Field label="Role" id="account-role" value={ROLE_LABELS[user.role]} readOnly disabled hint="Only an administrator can change roles." />
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
        <Field label="Current password" {...getInputProps(fields.currentPassword, { type: "password" })} autoComplete="current-password" errors={fields.currentPassword.errors} />
        <Field label="New password" {...getInputProps(fields.newPassword, { type: "password" })} autoComplete="new-password" errors={fields.newPassword.errors} />
        <Field label="Confirm new password" {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" errors={fields.confirmPassword.errors} />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing..." : "Change Password"}
      </Button>
    </Form>
  );
}

export default function AccountTab() {
  const { user } = useLoaderData<typeof loader>();
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
      <Card>
        <CardHeader title="Sign Out" description="End your session on this device.">
          <SignOutForm className="ring-1 ring-slate-300" />
        </CardHeader>
      </Card>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
