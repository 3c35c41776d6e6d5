import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppointmentForm } from "~/components/calendar/appointment-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createAppointment } from "~/domain/appointments.server";
import { bookingOptions } from "~/domain/calendar.server";
import { DomainError } from "~/domain/errors";
import { getGlobalSettings } from "~/domain/settings.server";
import { appointmentFormSchema } from "~/lib/schemas/appointments";
import { isCalendarDate, isClockTime } from "~/lib/salon-time";
import { formWrite } from "~/utils/appointment-input.server";
import { calendarReturnPath } from "~/utils/calendar-return.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const url = new URL(request.url);
  const options = await bookingOptions(user);
  const date = url.searchParams.get("date") ?? "";
  const time = url.searchParams.get("time") ?? "";
  const stylistId = Number(url.searchParams.get("stylistId"));
  return {
    options,
    closeTo: calendarReturnPath(url),
    defaults: {
      clientId: null,
      clientName: "",
      clientPhone: "",
      clientEmail: "",
      date: isCalendarDate(date) ? date : options.today,
      time: isClockTime(time) ? time : "",
      stylistId: options.stylists.some((stylist) => stylist.id === stylistId) ? stylistId : options.ownStylistId,
      serviceId: null,
      duration: null,
      notes: "",
      status: "scheduled" as const,
      availabilityOverride: false,
    },
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: appointmentFormSchema(formData.get("status")) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { timeZone } = await getGlobalSettings();
  try {
    await createAppointment(user, formWrite(submission.value, timeZone));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(submission.reply({ formErrors: [`Failed to book appointment: ${error.message}`], fieldErrors: error.fieldErrors }), { status: error.status });
  }
  return redirectWithToast(calendarReturnPath(new URL(request.url), submission.value.date), { title: "Success", description: "Appointment booked successfully" });
});

export default function NewAppointment() {
  const { options, defaults, closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <RouteDialog title="New Appointment" closeTo={closeTo} size="lg">
      <AppointmentForm mode="new" options={options} defaults={defaults} lastResult={lastResult} closeTo={closeTo} />
    </RouteDialog>
  );
}
