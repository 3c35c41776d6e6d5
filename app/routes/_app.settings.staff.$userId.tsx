import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { RoleSelect } from "~/components/settings/role-select";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert, formErrorsOf } from "~/components/ui/field";
import { getCommissionRates, setCommissionRates } from "~/domain/commission.server";
import { can } from "~/domain/permissions";
import { getGlobalSettings } from "~/domain/settings.server";
import { stylistIdForUser } from "~/domain/stylists.server";
import { signInLock, unlockSignIn } from "~/domain/sign-in-throttle.server";
import { deleteUser, getUser, setUserPassword, updateUser } from "~/domain/users.server";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { CommissionRatesSchema } from "~/lib/schemas/sales";
import { SetPasswordSchema, UpdateUserSchema } from "~/lib/schemas/users";
import { Invalid } from "~/domain/errors";
import { ConfirmationSchema, formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { useIntentForm } from "~/hooks/use-intent-form";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, "users.manage");
  const user = await getUser(actor, parseId(params.userId));
  const lock = await signInLock(actor, user.id);
  const { timeZone } = await getGlobalSettings();
  // The time is written on the server, in the salon's zone, so the page reads the same everywhere.
  const lockedUntil = lock ? timeInZone(lock.until, timeZone) : null;
  return {
    user,
    isSelf: user.id === actor.id,
    lock: lock ? { failures: lock.failures, until: lockedUntil } : null,
    commission: await commissionOf(actor, user.id, timeZone),
  };
});

/** A stylist's commission rates and their history, for admins (decision 0120); null for others. */
async function commissionOf(actor: Awaited<ReturnType<typeof requireUser>>, userId: number, timeZone: string) {
  if (!can(actor.role, "commission.manage")) return null;
  const stylistId = await stylistIdForUser(userId);
  if (stylistId === null) return null;
  const rates = await getCommissionRates(actor, stylistId);
  return {
    stylistId,
    current: rates.current,
    history: rates.history.map((entry) => ({
      ...entry,
      from: `${formatLongDate(dateInZone(entry.effectiveFrom, timeZone))}, ${formatClockTime(timeInZone(entry.effectiveFrom, timeZone))}`,
    })),
  };
}

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const actor = await requireUser(request, "users.manage");
  const id = parseId(params.userId);
  const formData = await readFormData(request, formLimit(SetPasswordSchema, UpdateUserSchema, CommissionRatesSchema));
  const saved = (description: string) => redirectWithToast(`/settings/staff/${id}`, { title: "Success", description });
  switch (formData.get("intent")) {
    case "unlock":
      return formAction(formData, ConfirmationSchema, async () => {
        await unlockSignIn(actor, id);
        return redirectWithToast(`/settings/staff/${id}`, {
          title: "Sign-in unlocked",
          description: "They can sign in again now.",
        });
      });
    case "delete":
      return formAction(formData, ConfirmationSchema, async () => {
        await deleteUser(actor, id);
        return redirectWithToast("/settings/staff", { title: "Success", description: "User deleted." });
      });
    case "commission":
      return formAction(formData, CommissionRatesSchema, async (rates) => {
        const stylistId = await stylistIdForUser(id);
        if (stylistId === null) throw new Invalid("Only a stylist has commission rates.");
        await setCommissionRates(actor, stylistId, rates);
        return saved("Commission rates saved: they apply to sales from now on.");
      });
    case "password":
      return formAction(
        formData,
        SetPasswordSchema,
        async ({ password }) => {
          await setUserPassword(actor, id, password);
          return saved("Password changed.");
        },
        { hideFields: ["password"] },
      );
    default:
      return formAction(formData, UpdateUserSchema, async (value) => {
        await updateUser(actor, id, value);
        return saved("User updated.");
      });
  }
});

function DetailsForm() {
  const { user, isSelf } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useIntentForm("update", UpdateUserSchema, {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    isActive: user.isActive ? "on" : undefined,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="update" />
      <FormAlert errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First name"
          {...getInputProps(fields.firstName, { type: "text" })}
          errors={fields.firstName.errors}
        />
        <Field
          label="Last name"
          {...getInputProps(fields.lastName, { type: "text" })}
          errors={fields.lastName.errors}
        />
        <Field label="Email" {...getInputProps(fields.email, { type: "email" })} errors={fields.email.errors} />
        {isSelf ? (
          <>
            {/* An admin cannot change their own role; the select is shown but locked. */}
            <input type="hidden" name={fields.role.name} value="admin" />
            <RoleSelect
              id={fields.role.id}
              name="role-locked"
              defaultValue="admin"
              disabled
              hint="You cannot change your own admin role"
            />
          </>
        ) : (
          <RoleSelect {...getSelectProps(fields.role)} errors={fields.role.errors} />
        )}
      </div>
      {isSelf ? (
        <input type="hidden" name={fields.isActive.name} value="on" />
      ) : (
        <div className="flex items-center gap-3">
          <input
            {...getInputProps(fields.isActive, { type: "checkbox" })}
            defaultChecked={user.isActive}
            className="size-5 accent-brand-700"
          />
          <label htmlFor={fields.isActive.id} className="text-sm font-medium">
            Active (can sign in)
          </label>
        </div>
      )}
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Save Changes"}
      </Button>
    </Form>
  );
}

function PasswordForm() {
  const { form, fields, busy } = useIntentForm("password", SetPasswordSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="intent" value="password" />
      <Field
        className="min-w-60 flex-1"
        label="New password"
        {...getInputProps(fields.password, { type: "password" })}
        autoComplete="new-password"
        errors={[...(form.errors ?? []), ...(fields.password.errors ?? [])]}
      />
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : "Set Password"}
      </Button>
    </Form>
  );
}

/** A stylist's commission rates (admins): new rates apply to later sales only, so the history stays. */
function CommissionSection() {
  const { commission } = useLoaderData<typeof loader>();
  const { form, fields, busy } = useIntentForm("commission", CommissionRatesSchema, {
    serviceRate: commission?.current.serviceRate,
    productRate: commission?.current.productRate,
  });
  if (!commission) return null;
  return (
    <Card>
      <CardHeader
        title="Commission"
        description="Percent of each line's price after discount and without VAT. A change applies to sales from now on."
      />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="commission" />
        <FormAlert errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Service rate (%)"
            {...getInputProps(fields.serviceRate, { type: "number" })}
            step="0.01"
            min="0"
            max="100"
            inputMode="decimal"
            errors={fields.serviceRate.errors}
          />
          <Field
            label="Product rate (%)"
            {...getInputProps(fields.productRate, { type: "number" })}
            step="0.01"
            min="0"
            max="100"
            inputMode="decimal"
            errors={fields.productRate.errors}
          />
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : "Save Rates"}
        </Button>
      </Form>
      <h3 className="mb-2 mt-6 text-sm font-semibold text-slate-900">Rate history</h3>
      {commission.history.length === 0 ? (
        <p className="text-sm text-slate-600">No rates set yet: sales earn no commission.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {commission.history.map((entry) => (
            <li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
              <span>From {entry.from}</span>
              <span className="tabular-nums">
                Services {entry.serviceRate}% · Products {entry.productRate}%
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Shown while repeated failed sign-ins keep the user out (a shared tablet, a mistyping colleague). */
function SignInLockSection() {
  const { lock } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  if (!lock) return null;
  const busy = navigation.formData?.get("intent") === "unlock";
  return (
    <Card>
      <CardHeader title="Sign-in Locked" />
      <div role="status" className="space-y-3">
        <p className="text-sm text-slate-700">
          Sign-in is locked after {lock.failures} failed attempts in the last 15 minutes, until {lock.until} at the
          latest. Unlock it if the attempts were a colleague's typing mistakes.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="unlock" />
          <Button type="submit" disabled={busy}>
            {busy ? "Unlocking..." : "Unlock Sign-in"}
          </Button>
        </Form>
      </div>
    </Card>
  );
}

function DeleteSection() {
  const { user, isSelf } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("confirm") === "delete";
  const error = actionData?.intent === "delete" ? formErrorsOf(actionData.result) : null;
  if (isSelf) return <p className="text-sm text-slate-600">You cannot delete your own account.</p>;
  if (!confirming && !error) {
    return (
      <Link to="?confirm=delete" className={buttonClasses("destructive")}>
        Delete User
      </Link>
    );
  }
  return (
    <div
      role="alertdialog"
      aria-labelledby="delete-user-title"
      className="space-y-3 rounded-md bg-red-50 p-4 ring-1 ring-red-200"
    >
      <p id="delete-user-title" className="font-semibold text-red-900">
        Delete {user.email}?
      </p>
      <p className="text-sm text-red-900">This cannot be undone. Their sign-in stops working at once.</p>
      <FormAlert errors={error} />
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="intent" value="delete" />
        <Link to="." replace className={buttonClasses("secondary")}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive">
          Delete User
        </Button>
      </Form>
    </div>
  );
}

export default function EditStaffUser() {
  const { user, commission } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <Link to="/settings/staff" className="text-sm font-semibold text-brand-700 hover:underline">
        ← Staff Accounts
      </Link>
      <Card>
        <CardHeader title={`Edit ${`${user.firstName} ${user.lastName}`.trim() || user.email}`} />
        <DetailsForm key={user.updatedAt} />
      </Card>
      <CommissionSection key={commission?.history[0]?.id ?? "none"} />
      <SignInLockSection />
      <Card>
        <CardHeader title="Set Password" description="Signs the user out of every device." />
        <PasswordForm />
      </Card>
      <Card>
        <CardHeader title="Delete User" />
        <DeleteSection />
      </Card>
    </div>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
