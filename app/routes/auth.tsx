import { getFormProps, getInputProps } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/field";
import { Logo } from "~/components/shell/logo";
import { adminExists, createSession, setupAdmin } from "~/domain/auth.server";
import { LoginSchema, SetupAdminSchema } from "~/lib/schemas/auth";
import { safeRedirectPath } from "~/lib/redirect";
import { useIntentForm } from "~/hooks/use-intent-form";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { signInWithPassword } from "~/utils/authenticator.server";
import { deviceCookieHeader } from "~/utils/device-cookie.server";
import { assertSameOrigin, getOptionalUser, sessionCookieHeader } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formLimit, readFormData } from "~/utils/form-data.server";

export const meta: MetaFunction = () => [{ title: "Sign In · Salon Management System" }];

const WELCOME = {
  login: { title: "Login successful", description: "Welcome back!" },
  setup: { title: "Admin account created", description: "Welcome! Your salon is ready to set up." },
};
const COOKIE_NOT_KEPT =
  "You signed in, but this browser did not keep the sign-in. Allow cookies for this site, then sign in again.";

// A successful sign-in comes back here (?signedIn=) before going on, so that a browser
// that did not keep the session cookie (cookies blocked) is told so instead of being
// shown the sign-in page again with no word.
export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const to = safeRedirectPath(url.searchParams.get("redirectTo"));
  const signedIn = url.searchParams.get("signedIn");
  if (await getOptionalUser(request)) {
    throw signedIn === "login" || signedIn === "setup" ? await redirectWithToast(to, WELCOME[signedIn]) : redirect(to);
  }
  return { needsSetup: !(await adminExists()), cookieNotKept: signedIn !== null };
});

async function signedInRedirect(request: Request, userId: number, to: string, kind: keyof typeof WELCOME) {
  const { token } = await createSession(userId);
  const params = new URLSearchParams({ signedIn: kind, ...(to === "/" ? {} : { redirectTo: to }) });
  const headers = new Headers();
  headers.append("Set-Cookie", await sessionCookieHeader(token));
  // This browser is now known for this account: others' failed guesses do not refuse it.
  headers.append("Set-Cookie", await deviceCookieHeader(request, userId));
  return redirect(`/auth?${params}`, { headers });
}

export const action = page(async ({ request, context }: ActionFunctionArgs) => {
  assertSameOrigin(request);
  const formData = await readFormData(request, formLimit(SetupAdminSchema, LoginSchema, "redirectTo"));
  const redirectTo = safeRedirectPath(formData.get("redirectTo"));
  if (formData.get("intent") === "setup") {
    return formAction(
      formData,
      SetupAdminSchema,
      async (value) => {
        const admin = await setupAdmin(value);
        return signedInRedirect(request, admin.id, "/", "setup");
      },
      { failure: (error) => error.message, hideFields: ["password"] },
    );
  }
  return formAction(
    formData,
    LoginSchema,
    async (value) => {
      const user = await signInWithPassword(value, request, context);
      return signedInRedirect(request, user.id, redirectTo, "login");
    },
    { failure: (error) => error.message, hideFields: ["password"] },
  );
});

function SignInForm({ redirectTo, cookieNotKept }: { redirectTo: string; cookieNotKept: boolean }) {
  const { form, fields, busy } = useIntentForm("login", LoginSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormAlert errors={form.errors ?? (cookieNotKept ? [COOKIE_NOT_KEPT] : null)} />
      <Field
        label="Email"
        {...getInputProps(fields.email, { type: "email" })}
        autoComplete="username"
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        {...getInputProps(fields.password, { type: "password" })}
        autoComplete="current-password"
        errors={fields.password.errors}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing In..." : "Sign In"}
      </Button>
    </Form>
  );
}

function SetupAdminForm() {
  const { form, fields, busy } = useIntentForm("setup", SetupAdminSchema);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="setup" />
      <FormAlert errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="First Name"
          {...getInputProps(fields.firstName, { type: "text" })}
          autoComplete="given-name"
          errors={fields.firstName.errors}
        />
        <Field
          label="Last Name"
          {...getInputProps(fields.lastName, { type: "text" })}
          autoComplete="family-name"
          errors={fields.lastName.errors}
        />
      </div>
      <Field
        label="Email"
        {...getInputProps(fields.email, { type: "email" })}
        autoComplete="username"
        errors={fields.email.errors}
      />
      <Field
        label="Password"
        {...getInputProps(fields.password, { type: "password" })}
        autoComplete="new-password"
        errors={fields.password.errors}
        hint="At least 8 characters."
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating Account..." : "Create Admin Account"}
      </Button>
    </Form>
  );
}

const FEATURES = [
  { title: "Client Management", text: "Privacy controls built in, from consent to erasure." },
  { title: "Appointment Scheduling", text: "Calendar integration across every tablet in the salon." },
  { title: "Staff Management", text: "Role-based access for administrators and stylists." },
];

export default function AuthPage() {
  const { needsSetup, cookieNotKept } = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const redirectTo = safeRedirectPath(searchParams.get("redirectTo"));
  return (
    <div className="grid min-h-full lg:grid-cols-2">
      <main className="flex flex-col justify-center px-6 py-10 sm:px-12">
        <div className="mx-auto w-full max-w-sm">
          <Logo />
          <div className="mt-8 rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <h1 className="text-xl font-bold">{needsSetup ? "Setup Admin Account" : "Sign In"}</h1>
            <p className="mt-1 mb-5 text-sm text-slate-600">
              {needsSetup ? "Create the first administrator account for your salon." : "Sign in to your salon account."}
            </p>
            {needsSetup ? <SetupAdminForm /> : <SignInForm redirectTo={redirectTo} cookieNotKept={cookieNotKept} />}
          </div>
        </div>
      </main>
      <aside className="hidden flex-col justify-center bg-brand-800 px-12 text-white lg:flex">
        <h2 className="text-3xl font-bold">Salon Management System</h2>
        <p className="mt-3 max-w-md text-brand-100">Everything your salon team needs, on every tablet, all day.</p>
        <ul className="mt-8 space-y-5">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <p className="font-semibold">{feature.title}</p>
              <p className="text-sm text-brand-100">{feature.text}</p>
            </li>
          ))}
        </ul>
      </aside>
    </div>
  );
}
