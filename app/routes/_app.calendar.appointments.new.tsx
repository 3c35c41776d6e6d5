import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppointmentForm } from "~/components/calendar/appointment-form";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createAppointment } from "~/domain/appointments.server";
import { bookingOptions } from "~/domain/calendar.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { returnPath } from "~/lib/return-path";
import { APPOINTMENT_FORM_FIELDS, appointmentFormSchema } from "~/lib/schemas/appointments";
import { isCalendarDate, isClockTime } from "~/lib/salon-time";
import { formWrite, savedToastDescription } from "~/domain/appointment-input.server";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const url = new URL(request.url);
  const options = await bookingOptions(user);
  const date = url.searchParams.get("date") ?? "";
  const time = url.searchParams.get("time") ?? "";
  const stylistId = Number(url.searchParams.get("stylistId"));
  return {
    options,
    closeTo: returnPath("/calendar", url),
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
  return formAction(
    formData,
    appointmentFormSchema(formData),
    async (value) => {
      const { timeZone } = await getGlobalSettings();
      const saved = await createAppointment(user, formWrite(value, timeZone));
      return redirectWithToast(returnPath("/calendar", new URL(request.url), { date: value.date }), { title: "Success", description: savedToastDescription(saved, "booked") });
    },
    { failure: (error) => `Failed to book appointment: ${error.message}`, fieldNames: APPOINTMENT_FORM_FIELDS },
  );
});

export default function NewAppointment() {
  const { options, defaults, closeTo } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <RouteDialog title="New Appointment" closeTo={closeTo} size="lg">
      <AppointmentForm mode="new" options={options} defaults={defaults} lastResult={lastResult} closeTo={closeTo} />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/calendar");
