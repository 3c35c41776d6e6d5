import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import type { z } from "zod";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Field, FormAlert } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { addTimeOff, timeOffConflictsOf } from "~/domain/availability.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { resolveManagedStylist } from "~/domain/stylists.server";
import { useFailureToast } from "~/hooks/use-failure-toast";
import { returnPath } from "~/lib/return-path";
import { confirmationFor, TimeOffFormSchema } from "~/lib/schemas/availability";
import { formatClockTime, formatLongDate } from "~/lib/salon-time";
import { formAction } from "~/utils/form-action.server";
import { page, parseOptionalId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const meta: MetaFunction = () => [{ title: "Add Time Off" }];

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  await resolveManagedStylist(
    user,
    "availability.manage",
    parseOptionalId(new URL(request.url).searchParams.get("stylist")),
  );
  return { closeTo: returnPath("/availability", new URL(request.url)) };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "availability.manage");
  const url = new URL(request.url);
  return formAction(
    request,
    TimeOffFormSchema,
    async ({ confirmFor, ...range }) => {
      try {
        // The confirmation holds for the range whose bookings were listed, not for dates changed since.
        await addTimeOff(user, {
          ...range,
          stylistId: parseOptionalId(url.searchParams.get("stylist")) ?? undefined,
          confirm: confirmFor === confirmationFor(range),
        });
      } catch (error) {
        const covered = timeOffConflictsOf(error);
        if (!covered) throw error;
        const { clockFormat } = await getGlobalSettings();
        // Dates are worded here: the salon-time helpers would add to the dialog's JavaScript.
        const bookings = covered.conflicts.map((booking) => ({
          ...booking,
          when: `${formatLongDate(booking.date)}, ${formatClockTime(booking.time, clockFormat)}`,
        }));
        return data(
          {
            intent: "confirm",
            confirmation: { ...covered, conflicts: bookings, confirmFor: confirmationFor(range), value: range },
          },
          { status: 409 },
        );
      }
      return redirectWithToast(returnPath("/availability", url), { title: "Success", description: "Time off added." });
    },
    { failure: (error) => `Failed to add time off: ${error.message}` },
  );
});

/** The scheduled bookings the time off would cover: they stay booked, the user confirms. */
type Confirmation = {
  message: string;
  conflictCount: number;
  conflicts: { id: number; when: string; clientName: string | null; serviceName: string | null }[];
};

function CoveredBookings({ confirmation }: { confirmation: Confirmation }) {
  const more = confirmation.conflictCount - confirmation.conflicts.length;
  return (
    <section
      aria-labelledby="covered-bookings-title"
      className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h3 id="covered-bookings-title" className="font-semibold">
        Bookings in this time off
      </h3>
      <p role="alert">{confirmation.message}</p>
      <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
        {confirmation.conflicts.map((booking) => (
          <li key={booking.id}>
            {booking.when}: {booking.clientName ?? "Unknown"}
            {booking.serviceName ? ` (${booking.serviceName})` : ""}
          </li>
        ))}
      </ul>
      {more > 0 ? <p>and {more} more.</p> : null}
    </section>
  );
}

export default function AddTimeOffDialog() {
  const { closeTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const confirmation = actionData && "confirmation" in actionData ? actionData.confirmation : null;
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof TimeOffFormSchema>>({
    // A new id per confirmation, so the fields start from the dates that were checked.
    id: confirmation ? `time-off-${confirmation.confirmFor}` : undefined,
    lastResult,
    defaultValue: confirmation?.value,
    // Validated by the server: Zod in the browser would put this dialog over the JavaScript budget.
  });
  useFailureToast(lastResult, form.errors?.[0]);
  const busy = navigation.state === "submitting";
  return (
    <RouteDialog
      title="Add Time Off"
      description="Whole days, first and last day included; or give times for part of one day."
      closeTo={closeTo}
    >
      <Form key={form.id} method="post" {...getFormProps(form)} className="space-y-4" preventScrollReset>
        <FormAlert errors={form.errors} />
        {confirmation ? (
          <>
            <CoveredBookings confirmation={confirmation} />
            <input type="hidden" name="confirmFor" value={confirmation.confirmFor} />
          </>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Start Date"
            {...getInputProps(fields.startDate, { type: "date" })}
            errors={fields.startDate.errors}
          />
          <Field label="End Date" {...getInputProps(fields.endDate, { type: "date" })} errors={fields.endDate.errors} />
        </div>
        <fieldset className="space-y-2" aria-describedby="time-off-hours-hint">
          <legend className="text-sm font-medium text-slate-900">Part of a day (optional)</legend>
          <p id="time-off-hours-hint" className="text-sm text-slate-600">
            Leave both times empty for whole days. With times, the end date is the start date.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="From"
              {...getInputProps(fields.startTime, { type: "time" })}
              errors={fields.startTime.errors}
              step={300}
            />
            <Field
              label="Until"
              {...getInputProps(fields.endTime, { type: "time" })}
              errors={fields.endTime.errors}
              step={300}
            />
          </div>
        </fieldset>
        <Field
          label="Reason (optional)"
          {...getInputProps(fields.reason, { type: "text" })}
          errors={fields.reason.errors}
          placeholder="Vacation, sick leave, etc."
          autoComplete="off"
        />
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Link to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
            Cancel
          </Link>
          <Button type="submit" disabled={busy}>
            {busy ? "Adding..." : confirmation ? "Add Time Off Anyway" : "Add Time Off"}
          </Button>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/availability");
