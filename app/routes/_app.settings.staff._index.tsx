import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { RoleSelect } from "~/components/settings/role-select";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { Field, FormAlert } from "~/components/ui/field";
import { ROLE_LABELS } from "~/domain/permissions";
import { listStylistOnlineBooking, setStylistOnlineBooking, type StylistOnlineBooking } from "~/domain/stylists.server";
import { createUser, listUsers } from "~/domain/users.server";
import { StylistOnlineBookingFormSchema } from "~/lib/schemas/online";
import { showToast } from "~/components/ui/toaster";
import { formLimit, readFormData } from "~/utils/form-data.server";
import { CreateUserSchema, MISSING_FIELDS } from "~/lib/schemas/users";
import { cn } from "~/lib/cn";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "users.manage");
  const [users, online] = await Promise.all([listUsers(user), listStylistOnlineBooking(user)]);
  return { users, online, currentUserId: user.id };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "users.manage");
  const formData = await readFormData(request, formLimit(CreateUserSchema, StylistOnlineBookingFormSchema));
  if (formData.get("intent") === "online") {
    return formAction(
      formData,
      StylistOnlineBookingFormSchema,
      async ({ stylistId, onlineBookable }) => {
        const stylist = await setStylistOnlineBooking(user, stylistId, onlineBookable);
        return redirectWithToast("/settings/staff", {
          title: "Online booking saved",
          description: `${stylist.name} is ${stylist.onlineBookable ? "offered" : "no longer offered"} on the online booking page.`,
        });
      },
      { failure: (error) => `Update failed: ${error.message}` },
    );
  }
  return formAction(
    formData,
    CreateUserSchema,
    async (value) => {
      await createUser(user, value);
      return redirectWithToast("/settings/staff", {
        title: "Account created",
        description: `${value.firstName} ${value.lastName} can now sign in.`,
      });
    },
    { hideFields: ["password"] },
  );
});

const roleBadge = {
  admin: "bg-red-100 text-red-800",
  stylist: "bg-blue-100 text-blue-800",
  display: "bg-slate-200 text-slate-800",
} as const;

export default function StaffTab() {
  const { users, online, currentUserId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData?.intent === "online" ? undefined : actionData?.result;
  const onlineFailure =
    actionData?.intent === "online" ? (actionData.result.error?.[""]?.[0] ?? "Update failed") : null;
  const stylistOf = new Map(online.map((stylist) => [stylist.userId, stylist]));
  const navigation = useNavigation();
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { role: "stylist" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateUserSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // SPEC: 'Missing information' / 'Please fill in all fields for the new user account.' once, not per field.
  const missing = [fields.firstName, fields.lastName, fields.email, fields.password].some((field) =>
    field.errors?.includes(MISSING_FIELDS),
  );
  const errorsOf = (errors?: string[]) => errors?.filter((error) => error !== MISSING_FIELDS);
  const busy = navigation.state === "submitting";
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Staff Accounts" description="Everyone who can sign in to the salon's system." />
        <FormAlert errors={onlineFailure ? [onlineFailure] : null} />
        <ul className="divide-y divide-slate-200">
          {users.map((user) => (
            <li key={user.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {`${user.firstName} ${user.lastName}`.trim() || user.email}
                  {user.id === currentUserId ? <span className="ml-2 text-xs text-slate-600">(you)</span> : null}
                </p>
                <p className="truncate text-sm text-slate-600">{user.email}</p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {stylistOf.has(user.id) ? <OnlineSwitch stylist={stylistOf.get(user.id)!} /> : null}
                {!user.isActive ? (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                    Inactive
                  </span>
                ) : null}
                <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", roleBadge[user.role])}>
                  {ROLE_LABELS[user.role]}
                </span>
                <Link
                  to={`/settings/staff/${user.id}`}
                  className="rounded-md px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                  aria-label={`Edit ${user.email}`}
                >
                  Edit
                </Link>
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <CardHeader title="Create Account" description="New accounts are stylists unless you choose another role." />
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormAlert errors={missing ? [`Missing information. ${MISSING_FIELDS}`] : form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="First name"
              {...getInputProps(fields.firstName, { type: "text" })}
              errors={errorsOf(fields.firstName.errors)}
            />
            <Field
              label="Last name"
              {...getInputProps(fields.lastName, { type: "text" })}
              errors={errorsOf(fields.lastName.errors)}
            />
            <Field
              label="Email"
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="off"
              errors={errorsOf(fields.email.errors)}
            />
            <Field
              label="Password"
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="new-password"
              errors={errorsOf(fields.password.errors)}
            />
            <RoleSelect {...getSelectProps(fields.role)} errors={fields.role.errors} />
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating..." : "Create Account"}
          </Button>
        </Form>
      </Card>
    </div>
  );
}

// A button that posts the opposite state: a switch that needs no JavaScript. With it, the
// fetcher shows the new state at once.
function OnlineSwitch({ stylist }: { stylist: StylistOnlineBooking }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.formData?.get("onlineBookable");
  const on = pending ? pending === "true" : stylist.onlineBookable;
  const failed = fetcher.data && "intent" in fetcher.data ? fetcher.data : null;
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (failed && shown.current !== failed) {
      shown.current = failed;
      showToast({
        title: "Update failed",
        description: `Could not change whether ${stylist.name} is offered online.`,
        variant: "destructive",
      });
    }
  }, [failed, stylist.name]);
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="intent" value="online" />
      <input type="hidden" name="stylistId" value={stylist.id} />
      <span className="text-sm text-slate-600" aria-hidden="true">
        Online
      </span>
      <button
        type="submit"
        name="onlineBookable"
        value={on ? "false" : "true"}
        role="switch"
        aria-checked={on}
        aria-label={`${stylist.name} bookable online`}
        className={`relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${on ? "bg-brand-700" : "bg-slate-400"}`}
      >
        <span
          aria-hidden="true"
          className={`absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
        />
      </button>
    </fetcher.Form>
  );
}

export { ScreenErrorBoundary as ErrorBoundary } from "~/components/ui/route-error";
