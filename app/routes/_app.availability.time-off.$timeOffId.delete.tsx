import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormAlert, formErrorsOf } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deleteTimeOff, getTimeOff } from "~/domain/availability.server";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { returnPath } from "~/lib/return-path";
import { getGlobalSettings } from "~/domain/settings.server";
import { timeOffRange } from "~/lib/time-off";
import { ConfirmationSchema, formAction } from "~/utils/form-action.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "Delete Time Off" }];

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  const [period, { clockFormat }] = await Promise.all([
    getTimeOff(user, parseId(params.timeOffId)),
    getGlobalSettings(),
  ]);
  return {
    period,
    range: timeOffRange(period, clockFormat),
    closeTo: returnPath("/availability", new URL(request.url)),
  };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  return formAction(
    request,
    ConfirmationSchema,
    async () => {
      await deleteTimeOff(user, parseId(params.timeOffId));
      return redirectWithToast(returnPath("/availability", new URL(request.url)), {
        title: "Success",
        description: "Time off deleted.",
      });
    },
    { failure: (error) => `Failed to delete time off: ${error.message}` },
  );
});

export default function DeleteTimeOffDialog() {
  const { period, range, closeTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [message] = formErrorsOf(result);
  useFailureToast(result, message);
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title="Delete Time Off" closeTo={closeTo}>
      <div className="space-y-4">
        <FormAlert errors={formErrorsOf(result)} />
        <p className="text-sm text-slate-700">
          Delete the time off <strong>{range}</strong>
          {period.reason ? ` (${period.reason})` : ""}? {period.startTime ? "These hours" : "These days"} can be booked
          again.
        </p>
        <Form method="post" className="flex flex-wrap justify-end gap-2" preventScrollReset>
          <Link to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? "Deleting..." : "Delete Time Off"}
          </Button>
        </Form>
      </div>
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/availability");
