// The link at the foot of every reminder e-mail (RFC 8058): GET shows a button (a mail
// scanner following links must not unsubscribe anyone), POST unsubscribes. Mail providers'
// one-click POST (`List-Unsubscribe=One-Click`, no cookies, no page) lands on the same action.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { unsubscribeByToken, unsubscribeStatus } from "~/domain/email.server";
import { page } from "~/utils/http.server";

export const meta: MetaFunction = () => [{ title: "E-mail reminders" }, { name: "robots", content: "noindex" }];

const UNKNOWN = "This unsubscribe link is not valid. Ask the salon to stop e-mail reminders for you.";

export const loader = page(async ({ params }: LoaderFunctionArgs) => {
  const status = await unsubscribeStatus(params.token ?? "");
  if (!status) throw data(UNKNOWN, { status: 404 });
  return status;
});

export const action = page(async ({ params }: ActionFunctionArgs) => {
  const done = await unsubscribeByToken(params.token ?? "");
  if (!done) throw data(UNKNOWN, { status: 404 });
  return { unsubscribed: true };
});

export default function Unsubscribe() {
  const { salonName, unsubscribed } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const done = unsubscribed || actionData?.unsubscribed;
  return (
    <main className="mx-auto max-w-md p-6">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">E-mail reminders from {salonName}</h1>
        {done ? (
          <p className="mt-3 text-slate-700" role="status">
            You are unsubscribed: no more appointment reminders by e-mail. You will still get an e-mail when you book,
            or when a booking of yours changes.
          </p>
        ) : (
          <>
            <p className="mt-3 text-slate-700">Stop getting appointment reminders by e-mail?</p>
            <Form method="post" className="mt-4">
              <Button type="submit">Unsubscribe</Button>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-md p-6">
      <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{UNKNOWN}</p>
    </main>
  );
}
