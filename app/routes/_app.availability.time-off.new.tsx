import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { availabilityPath } from "~/components/availability/paths";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { addTimeOff } from "~/domain/availability.server";
import { DomainError } from "~/domain/errors";
import { resolveManagedStylist } from "~/domain/stylists.server";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { TimeOffSchema } from "~/lib/schemas/availability";
import { page, parseOptionalId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Add Time Off" }];


export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  await resolveManagedStylist(user, "availability.manage", parseOptionalId(new URL(request.url).searchParams.get("stylist")));
  return { closeTo: availabilityPath(request) };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  const submission = parseWithZod(await request.formData(), { schema: TimeOffSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await addTimeOff(user, { ...submission.value, stylistId: parseOptionalId(new URL(request.url).searchParams.get("stylist")) ?? undefined });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(submission.reply({ formErrors: [`Failed to add time off: ${error.message}`], fieldErrors: error.fieldErrors }), { status: error.status });
  }
  return redirectWithToast(availabilityPath(request), { title: "Success", description: "Time off added." });
});

export default function AddTimeOffDialog() {
  const { closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
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
          <Field label="Start Date" type="date" id={fields.startDate.id} name={fields.startDate.name} defaultValue={fields.startDate.initialValue} errors={fields.startDate.errors} />
          <Field label="End Date" type="date" id={fields.endDate.id} name={fields.endDate.name} defaultValue={fields.endDate.initialValue} errors={fields.endDate.errors} />
        </div>
        <Field label="Reason (optional)" id={fields.reason.id} name={fields.reason.name} defaultValue={fields.reason.initialValue} errors={fields.reason.errors} placeholder="Vacation, sick leave, etc." autoComplete="off" />
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
