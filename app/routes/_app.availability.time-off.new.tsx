import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { addTimeOff } from "~/domain/availability.server";
import { resolveManagedStylist } from "~/domain/stylists.server";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { returnPath } from "~/lib/return-path";
import { TimeOffSchema } from "~/lib/schemas/availability";
import { formAction } from "~/utils/form-action.server";
import { page, parseOptionalId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "Add Time Off" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  await resolveManagedStylist(user, "availability.manage", parseOptionalId(new URL(request.url).searchParams.get("stylist")));
  return { closeTo: returnPath("/availability", new URL(request.url)) };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  const url = new URL(request.url);
  return formAction(
    request,
    TimeOffSchema,
    async (value) => {
      await addTimeOff(user, { ...value, stylistId: parseOptionalId(url.searchParams.get("stylist")) ?? undefined });
      return redirectWithToast(returnPath("/availability", url), { title: "Success", description: "Time off added." });
    },
    { failure: (error) => `Failed to add time off: ${error.message}` },
  );
});

export default function AddTimeOffDialog() {
  const { closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof TimeOffSchema>>({
    lastResult,
    // Validated by the server: Zod in the browser would put this dialog over the JavaScript budget.
  });
  useFailureToast(lastResult, form.errors?.[0]);
  const busy = navigation.state === "submitting";
  return (
    <RouteDialog title="Add Time Off" description="Whole days, first and last day included." closeTo={closeTo}>
      <Form method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
        <FormAlert errors={form.errors} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Start Date" {...getInputProps(fields.startDate, { type: "date" })} errors={fields.startDate.errors} />
          <Field label="End Date" {...getInputProps(fields.endDate, { type: "date" })} errors={fields.endDate.errors} />
        </div>
        <Field label="Reason (optional)" {...getInputProps(fields.reason, { type: "text" })} errors={fields.reason.errors} placeholder="Vacation, sick leave, etc." autoComplete="off" />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Link to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding..." : "Add Time Off"}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/availability");
