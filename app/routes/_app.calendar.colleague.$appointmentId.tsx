// A colleague's appointment, read-only (decision 0113): a stylist who sees colleagues'
// calendars opens it to arrange cover, and sees its time, service and client's name only.
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { colleagueAppointment } from "~/domain/calendar.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { returnPath } from "~/lib/return-path";
import { formatClockTime, formatLongDate } from "~/lib/salon-time";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Colleague's Appointment" }];

const STATUS_LABELS = {
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
  blocked: "Unavailable",
  requested: "Requested online",
} as const;

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "calendar.view");
  const [appointment, { clockFormat }] = await Promise.all([
    colleagueAppointment(user, parseId(params.appointmentId)),
    getGlobalSettings(),
  ]);
  return {
    closeTo: returnPath("/calendar", new URL(request.url)),
    appointment: {
      stylistName: appointment.stylistName,
      when: `${formatLongDate(appointment.date)}, ${formatClockTime(appointment.startTime, clockFormat)}–${formatClockTime(appointment.endTime, clockFormat)}`,
      status: STATUS_LABELS[appointment.status] ?? appointment.status,
      serviceName: appointment.serviceName,
      clientName: appointment.clientName,
    },
  };
});

export default function ColleagueAppointmentDialog() {
  const { appointment, closeTo } = useLoaderData<typeof loader>();
  return (
    <RouteDialog
      title={`${appointment.stylistName}'s Appointment`}
      description="A colleague's appointment: view only."
      closeTo={closeTo}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-slate-700">When</dt>
        <dd className="text-slate-900">{appointment.when}</dd>
        <dt className="font-medium text-slate-700">Client</dt>
        <dd className="text-slate-900">{appointment.clientName ?? "None"}</dd>
        <dt className="font-medium text-slate-700">Service</dt>
        <dd className="text-slate-900">{appointment.serviceName ?? "None"}</dd>
        <dt className="font-medium text-slate-700">Status</dt>
        <dd className="text-slate-900">{appointment.status}</dd>
      </dl>
      <p className="mt-4 text-sm text-slate-600">Only {appointment.stylistName} or an administrator can change it.</p>
      <div className="mt-4 flex justify-end">
        <Link to={closeTo} className={buttonClasses("secondary")} preventScrollReset>
          Back to Calendar
        </Link>
      </div>
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/calendar");
