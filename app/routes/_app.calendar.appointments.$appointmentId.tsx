import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useMemo } from "react";
import { AppointmentForm } from "~/components/calendar/appointment-form";
import { patchTestWarningOf } from "~/components/calendar/patch-test-warning";
import { clientChoiceOf } from "~/components/calendar/client-picker";
import { AppointmentHistory, type HistoryView } from "~/components/calendar/appointment-history";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { FormAlert, formErrorsOf } from "~/components/ui/field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { deleteAppointment, getAppointment, onlineDetailsOf, updateAppointment } from "~/domain/appointments.server";
import { describeOnlineDetails } from "~/lib/online-details";
import { appointmentHistoryPage } from "~/domain/appointment-history.server";
import { describeHistoryEntry } from "~/lib/appointment-history";
import { pageHrefs } from "~/lib/paging";
import type { ClockFormat } from "#db/enums";
import { pageRequest } from "~/utils/paging.server";
import { bookingOptions } from "~/domain/calendar.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { returnPath } from "~/lib/return-path";
import {
  APPOINTMENT_FORM_FIELDS,
  APPOINTMENT_FORM_SCHEMAS,
  appointmentFormSchema,
  SeriesScopeSchema,
  VisitScopeSchema,
} from "~/lib/schemas/appointments";
import { assertOneScope, deleteVisit, updateVisit, visitViews } from "~/domain/visits.server";
import { VisitScopeChoice } from "~/components/calendar/visit-choices";
import { dateInZone, formatClockTime, formatLongDate, timeInZone } from "~/lib/salon-time";
import { formWrite } from "~/domain/appointment-input.server";
import { deleteLeavesClientUntold } from "~/domain/email-notices.server";
import { appointmentFormFailure, savedToastDescription } from "~/utils/appointment-toasts.server";
import { formAction } from "~/utils/form-action.server";
import { SeriesScopeChoice } from "~/components/calendar/repeat-fields";
import { z } from "zod";
import { page, parseId } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import type { Actor } from "~/domain/access.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { formLimit, readFormData } from "~/utils/form-data.server";
import { mayCheckOut, saleIdForAppointment } from "~/domain/checkout.server";
import { buttonClasses } from "~/components/ui/button";

/** The dialog shows this many of the newest changes; 'Show all' pages through the rest. */
const HISTORY_SHOWN = 5;

/** The dialog's History: the newest few, or (`?history=all`) every entry, a page at a time. */
async function historyView(
  user: Actor,
  id: number,
  url: URL,
  timeZone: string,
  clockFormat: ClockFormat,
  online: boolean,
): Promise<HistoryView> {
  const all = url.searchParams.get("history") === "all";
  const request = all ? pageRequest(url) : { limit: HISTORY_SHOWN, after: null };
  const { items, nextCursor } = await appointmentHistoryPage(user, id, request);
  const link = (history: string | null) => {
    const params = new URLSearchParams(url.search);
    params.delete("cursor");
    if (history) params.set("history", history);
    else params.delete("history");
    return `${url.pathname}?${params}`;
  };
  return {
    lines: items.map((entry) => {
      const line = describeHistoryEntry(entry, timeZone, clockFormat);
      // An online booking's changes with no staff account behind them are the client's own.
      return online && entry.actor.id === null ? { ...line, who: `${line.who} (client, online)` } : line;
    }),
    all,
    allHref: !all && nextCursor ? link("all") : null,
    fewerHref: all ? link(null) : null,
    ...(all ? pageHrefs(url, nextCursor) : { firstHref: null, nextHref: null }),
  };
}

export const loader = page(async ({ request, params }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const id = parseId(params.appointmentId);
  const appointment = await getAppointment(user, id);
  const options = await bookingOptions(user, { serviceId: appointment.serviceId, stylistId: appointment.stylistId });
  const { timeZone } = options;
  const { clockFormat } = await getGlobalSettings();
  const url = new URL(request.url);
  const minutes = Math.round((Date.parse(appointment.endTime) - Date.parse(appointment.startTime)) / 60_000);
  // A line of a visit: the visit's other lines (those the user may see), each a link to open it.
  const visitSiblings = appointment.visitId
    ? (await visitViews(user, id))
        .filter((line) => line.id !== id)
        .map((line) => ({
          id: line.id,
          when: formatClockTime(timeInZone(line.startTime, timeZone), clockFormat),
          service: line.service?.name ?? "No service",
          stylist: line.stylist.name,
          href: `/calendar/appointments/${line.id}${url.search}`,
        }))
    : null;
  // Checkout (decision 0119): for who may take payment for it; once paid, its receipt instead.
  const saleId = await saleIdForAppointment(user, id);
  const payable = appointment.status === "scheduled" || appointment.status === "completed";
  const payment =
    saleId !== null
      ? { receiptHref: `/sales/${saleId}/receipt` }
      : payable && (await mayCheckOut(user, appointment))
        ? {
            checkoutHref: `/checkout?${new URLSearchParams({ appointment: String(id), view: url.searchParams.get("view") ?? "day", date: dateInZone(appointment.startTime, timeZone) })}`,
          }
        : null;
  return {
    visitSiblings,
    payment,
    options,
    closeTo: returnPath("/calendar", url),
    history: await historyView(user, id, url, timeZone, clockFormat, appointment.source === "online"),
    summary: {
      title:
        appointment.status === "blocked" ? appointment.notes || "Unavailable" : (appointment.client?.name ?? "Unknown"),
      when: `${formatLongDate(dateInZone(appointment.startTime, timeZone))} at ${formatClockTime(timeInZone(appointment.startTime, timeZone), clockFormat)}`,
      lateCancellation: appointment.status === "cancelled" && appointment.lateCancellation,
      seriesMember: appointment.seriesId !== null,
      visitMember: appointment.visitId !== null,
      onlineDetails: appointment.source === "online" ? await onlineDetailsOf(user, id) : null,
      deleteLeavesClientUntold: await deleteLeavesClientUntold(appointment),
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
      price: appointment.price,
      notes: appointment.notes ?? "",
      status: appointment.status,
      availabilityOverride: appointment.availabilityOverride,
    },
  };
});

/** The delete confirmation: a series member's also says which (decision 0087). */
const DeleteSchema = z.object({ scope: SeriesScopeSchema, visitScope: VisitScopeSchema });

export const action = page(async ({ request, params }: ActionFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const id = parseId(params.appointmentId);
  const url = new URL(request.url);
  const formData = await readFormData(request, formLimit(DeleteSchema, ...APPOINTMENT_FORM_SCHEMAS));
  if (formData.get("intent") === "delete") {
    return formAction(
      formData,
      DeleteSchema,
      async ({ scope, visitScope }) => {
        assertOneScope(scope, visitScope);
        const deleted = visitScope === "visit" ? await deleteVisit(user, id) : await deleteAppointment(user, id, scope);
        return redirectWithToast(returnPath("/calendar", url), {
          title: "Success",
          description: deleted === 1 ? "Appointment deleted successfully" : `${deleted} appointments deleted`,
        });
      },
      { failure: (error) => `Failed to delete appointment: ${error.message}` },
    );
  }
  return formAction(
    formData,
    appointmentFormSchema(formData),
    async (value) => {
      const { timeZone } = await getGlobalSettings();
      assertOneScope(value.scope, value.visitScope);
      const write = formWrite(value, timeZone);
      const saved =
        value.visitScope === "visit"
          ? await updateVisit(user, id, write)
          : await updateAppointment(user, id, write, value.scope);
      return redirectWithToast(returnPath("/calendar", url, { date: value.date }), {
        title: "Success",
        description: savedToastDescription(saved, "updated"),
      });
    },
    { failure: appointmentFormFailure("update"), fieldNames: APPOINTMENT_FORM_FIELDS },
  );
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
      {summary.deleteLeavesClientUntold ? (
        <p className="text-sm text-slate-700">
          The client is not e-mailed about a deleted appointment. To tell them, set its status to Cancelled and save
          instead.
        </p>
      ) : null}
      <FormAlert errors={error ? [error] : null} />
      <ConfirmForm cancelTo={closeTo} label="Delete Appointment" pendingLabel="Deleting..." intent="delete">
        {summary.seriesMember ? <SeriesScopeChoice name="scope" verb="Delete" /> : null}
        {summary.visitMember ? <VisitScopeChoice verb="Delete" /> : null}
      </ConfirmForm>
    </div>
  );
}

/** "Checkout" for an unpaid appointment; once paid, "Paid" and its receipt. */
function PaymentBar({ payment }: { payment: { checkoutHref: string } | { receiptHref: string } }) {
  return (
    <div className="mb-4 flex items-center justify-between gap-3 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
      {"receiptHref" in payment ? (
        <>
          <p className="text-sm font-semibold text-emerald-800">Paid</p>
          <Link to={payment.receiptHref} className={buttonClasses("secondary", "min-h-11")}>
            Receipt
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700">Not paid yet.</p>
          <Link to={payment.checkoutHref} className={buttonClasses("primary", "min-h-11")}>
            Checkout
          </Link>
        </>
      )}
    </div>
  );
}

export default function EditAppointment() {
  const { options, defaults, closeTo, summary, history, visitSiblings, payment } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The same object from one render to the next: the form is memoised.
  const patchTestWarning = useMemo(
    () => (actionData?.intent === "delete" ? null : patchTestWarningOf(actionData)),
    [actionData],
  );
  const [searchParams] = useSearchParams();
  const deleteError = actionData?.intent === "delete" ? (formErrorsOf(actionData.result)[0] ?? null) : null;
  const confirming = searchParams.get("confirm") === "delete" || Boolean(deleteError);
  const params = new URLSearchParams(searchParams);
  params.set("confirm", "delete");
  const formCloseTo = `?${new URLSearchParams([...searchParams].filter(([key]) => key !== "confirm"))}`;
  return (
    <RouteDialog title="Edit Appointment" closeTo={confirming ? formCloseTo : closeTo} size="lg">
      {confirming ? (
        <DeleteConfirmation closeTo={formCloseTo} error={deleteError} />
      ) : (
        <>
          {summary.lateCancellation ? (
            <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <strong>Late cancellation:</strong> cancelled within the salon&apos;s cancellation notice.
            </p>
          ) : null}
          {payment ? <PaymentBar payment={payment} /> : null}
          {summary.onlineDetails ? (
            <p
              className="mb-4 rounded-md border border-sky-300 bg-sky-50 px-3 py-2 text-sm text-sky-900"
              data-testid="online-details"
            >
              <strong>Booked online with other details:</strong> {describeOnlineDetails(summary.onlineDetails)}. The
              client&apos;s record was not changed: check with the client before you update it.
            </p>
          ) : null}
          <AppointmentForm
            key={JSON.stringify(defaults)}
            mode="edit"
            options={options}
            defaults={defaults}
            lastResult={actionData?.intent === "delete" ? undefined : actionData?.result}
            closeTo={closeTo}
            deleteHref={`?${params}`}
            seriesMember={summary.seriesMember}
            visitSiblings={visitSiblings}
            clientChoice={actionData?.intent === "delete" ? null : clientChoiceOf(actionData)}
            patchTestWarning={patchTestWarning}
          />
          <AppointmentHistory history={history} />
        </>
      )}
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/calendar");
