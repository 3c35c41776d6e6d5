import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { AppointmentForm } from "~/components/calendar/appointment-form";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { FormAlert } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deleteAppointment, getAppointment, updateAppointment } from "~/domain/appointments.server";
import { bookingOptions } from "~/domain/calendar.server";
import { DomainError } from "~/domain/errors";
import { getGlobalSettings } from "~/domain/settings.server";
import { appointmentFormSchema } from "~/lib/schemas/appointments";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { formWrite } from "~/utils/appointment-input.server";
import { calendarReturnPath } from "~/utils/calendar-return.server";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const appointment = await getAppointment(user, parseId(params.appointmentId));
  const options = await bookingOptions(user, appointment.serviceId);
  const { timeZone } = options;
  const minutes = Math.round((Date.parse(appointment.endTime) - Date.parse(appointment.startTime)) / 60_000);
  return {
    options,
    closeTo: calendarReturnPath(new URL(request.url)),
    summary: {
      title: appointment.status === "blocked" ? appointment.notes || "Unavailable" : (appointment.client?.name ?? "Unknown"),
      when: `${formatLongDate(dateInZone(appointment.startTime, timeZone))} at ${formatClockTime(timeInZone(appointment.startTime, timeZone))}`,
    },
    defaults: {
      clientId: appointment.client?.id ?? null,
      clientName: appointment.client?.name ?? "",
      clientPhone: appointment.client?.phone ?? "",
      clientEmail: appointment.client?.email ?? "",
      date: dateInZone(appointment.startTime, timeZone),
      time: timeInZone(appointment.startTime, timeZone),
      stylistId: appointment.stylistId,
      serviceId: appointment.serviceId,
      duration: minutes,
      notes: appointment.notes ?? "",
      status: appointment.status,
      availabilityOverride: appointment.availabilityOverride,
    },
  };
});

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const id = parseId(params.appointmentId);
  const formData = await request.formData();
  const back = calendarReturnPath(new URL(request.url));
  if (formData.get("intent") === "delete") {
    try {
      await deleteAppointment(user, id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data({ deleteError: `Failed to delete appointment: ${error.message}` }, { status: error.status });
    }
    return redirectWithToast(back, { title: "Success", description: "Appointment deleted successfully" });
  }
  const submission = parseWithZod(formData, { schema: appointmentFormSchema(formData.get("status")) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { timeZone } = await getGlobalSettings();
  try {
    await updateAppointment(user, id, formWrite(submission.value, timeZone));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ result: submission.reply({ formErrors: [`Failed to update appointment: ${error.message}`], fieldErrors: error.fieldErrors }) }, { status: error.status });
  }
  return redirectWithToast(calendarReturnPath(new URL(request.url), submission.value.date), { title: "Success", description: "Appointment updated successfully" });
});

function DeleteConfirmation({ closeTo, error }: { closeTo: string; error: string | null }) {
  const { summary } = useLoaderData<typeof loader>();
  return (
    <div role="alertdialog" aria-labelledby="delete-appointment-title" className="space-y-3">
      <p id="delete-appointment-title" className="font-semibold text-slate-900">
        Delete this appointment?
      </p>
      <p className="text-sm text-slate-700">
        {summary.title}, {summary.when}. This cannot be undone.
      </p>
      <FormAlert errors={error ? [error] : null} />
      <ConfirmForm cancelTo={closeTo} label="Delete Appointment" pendingLabel="Deleting..." intent="delete" />
    </div>
  );
}

export default function EditAppointment() {
  const { options, defaults, closeTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const deleteError = actionData && "deleteError" in actionData ? actionData.deleteError : null;
  const confirming = searchParams.get("confirm") === "delete" || Boolean(deleteError);
  const params = new URLSearchParams(searchParams);
  params.set("confirm", "delete");
  const formCloseTo = `?${new URLSearchParams([...searchParams].filter(([key]) => key !== "confirm"))}`;
  return (
    <RouteDialog title="Edit Appointment" closeTo={confirming ? formCloseTo : closeTo} size="lg">
      {confirming ? (
        <DeleteConfirmation closeTo={formCloseTo} error={deleteError} />
      ) : (
        <AppointmentForm
          key={JSON.stringify(defaults)}
          mode="edit"
          options={options}
          defaults={defaults}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          closeTo={closeTo}
          deleteHref={`?${params}`}
        />
      )}
    </RouteDialog>
  );
}
