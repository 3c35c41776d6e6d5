import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { availabilityPath } from "~/components/availability/paths";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deleteTimeOff, getTimeOff } from "~/domain/availability.server";
import { DomainError } from "~/domain/errors";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { formatLongDate } from "~/lib/salon-time";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Delete Time Off" }];


export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  return { period: await getTimeOff(user, parseId(params.timeOffId)), closeTo: availabilityPath(request) };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  try {
    await deleteTimeOff(user, parseId(params.timeOffId));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ message: `Failed to delete time off: ${error.message}` }, { status: error.status });
  }
  return redirectWithToast(availabilityPath(request), { title: "Success", description: "Time off deleted." });
});

export default function DeleteTimeOffDialog() {
  const { period, closeTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  useFailureToast(result, result?.message);
  const busy = useNavigation().state === "submitting";
  return (
    <RouteDialog title="Delete Time Off" closeTo={closeTo}>
      <div className="space-y-4">
        <FormAlert errors={result ? [result.message] : null} />
        <p className="text-sm text-slate-700">
          Delete the time off from <strong>{formatLongDate(period.startDate)}</strong> to <strong>{formatLongDate(period.endDate)}</strong>
          {period.reason ? ` (${period.reason})` : ""}? These days can be booked again.
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
