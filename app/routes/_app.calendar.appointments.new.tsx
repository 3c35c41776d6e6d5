import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AppointmentForm } from "~/components/calendar/appointment-form";
import { patchTestWarningOf } from "~/components/calendar/patch-test-warning";
import { sentVisitLines, VisitLines } from "~/components/calendar/visit-lines";
import { clientChoiceOf } from "~/components/calendar/client-picker";
import { RouteDialog } from "~/components/ui/route-dialog";
import { createAppointment } from "~/domain/appointments.server";
import { createSeries, previewSeries } from "~/domain/appointment-series.server";
import { Invalid } from "~/domain/errors";
import { bookingOptions } from "~/domain/calendar.server";
import { getClient } from "~/domain/clients.server";
import { NotFound } from "~/domain/errors";
import { getGlobalSettings } from "~/domain/settings.server";
import { returnPath } from "~/lib/return-path";
import {
  APPOINTMENT_FORM_FIELDS,
  APPOINTMENT_FORM_SCHEMAS,
  appointmentFormSchema,
  repeatOf,
  VisitLinesFormSchema,
  visitLinesOf,
  withLinesEdited,
} from "~/lib/schemas/appointments";
import { bookVisit } from "~/domain/visits.server";
import { z } from "zod";
import { isCalendarDate, isClockTime, zonedToUtc } from "~/lib/salon-time";
import { formWrite } from "~/domain/appointment-input.server";
import {
  appointmentFormFailure,
  savedToastDescription,
  seriesToastDescription,
} from "~/utils/appointment-toasts.server";
import { formAction } from "~/utils/form-action.server";
import { page } from "~/utils/http.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";
import { formLimit, readFormData } from "~/utils/form-data.server";

/** A positive whole number from the query, or null. */
function idParam(url: URL, name: string): number | null {
  const id = Number(url.searchParams.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// ?date, ?time and ?stylistId preselect the slot (an empty slot's click); ?clientId and
// ?serviceId the client and service ('Book again' on the client profile). Unknown or
// unbookable ones are left out, not refused.
export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const url = new URL(request.url);
  const options = await bookingOptions(user);
  const date = url.searchParams.get("date") ?? "";
  const time = url.searchParams.get("time") ?? "";
  const wantedStylist = idParam(url, "stylistId");
  const stylistId = options.stylists.some((stylist) => stylist.id === wantedStylist)
    ? wantedStylist
    : options.ownStylistId;
  const clientId = idParam(url, "clientId");
  const client = clientId
    ? await getClient(user, clientId).catch((error: unknown) => {
        if (error instanceof NotFound) return null;
        throw error;
      })
    : null;
  const service = options.services.find((candidate) => candidate.id === idParam(url, "serviceId")) ?? null;
  return {
    options,
    closeTo: returnPath("/calendar", url),
    defaults: {
      clientId: client?.id ?? null,
      clientName: client?.name ?? "",
      clientPhone: client?.phone ?? "",
      clientEmail: client?.email ?? "",
      date: isCalendarDate(date) ? date : options.today,
      time: isClockTime(time) ? time : "",
      stylistId,
      serviceId: service?.id ?? null,
      duration: service
        ? ((stylistId !== null ? options.customDurations[stylistId]?.[service.id] : undefined) ?? service.duration)
        : null,
      notes: "",
      status: "scheduled" as const,
      availabilityOverride: false,
    },
  };
});

export const action = page(async ({ request }: ActionFunctionArgs) => {
  const user = await requireUser(request, "appointments.write");
  const formData = await readFormData(request, formLimit(...APPOINTMENT_FORM_SCHEMAS, VisitLinesFormSchema));
  const schema = appointmentFormSchema(formData);
  // "Add service" / "Remove" without JavaScript: the form again, with the lines changed (decision 0109).
  const edited = withLinesEdited(formData);
  if (edited) {
    const result = parseWithZod(edited.formData, { schema: z.object({}).passthrough() }).reply();
    return data({ intent: "lines", result, preview: null });
  }
  return formAction(
    formData,
    schema,
    async (value) => {
      const { timeZone, clockFormat } = await getGlobalSettings();
      const backTo = returnPath("/calendar", new URL(request.url), { date: value.date });
      const { repeat, errors } = repeatOf(value);
      if (errors) throw new Invalid("Say when the repeat ends.", errors);
      const visit = value.status === "blocked" ? { lines: [] } : visitLinesOf(formData);
      if (visit.errors) throw new Invalid("Choose a service and a stylist for each service added.", visit.errors);
      if (visit.lines.length) {
        if (repeat)
          throw new Invalid("A visit of several services cannot repeat: untick Repeat, or remove the services added.");
        const first = formWrite(value, timeZone);
        const booked = await bookVisit(user, {
          ...first,
          lines: [
            { serviceId: first.serviceId!, stylistId: first.stylistId, durationMinutes: first.durationMinutes },
            ...visit.lines.map((line) => ({
              serviceId: line.serviceId,
              stylistId: line.stylistId,
              start: line.time ? zonedToUtc(value.date, line.time, timeZone) : undefined,
              durationMinutes: line.duration,
            })),
          ],
        });
        const client = booked.reusedClient ? ` for existing client ${booked.reusedClient.name}` : "";
        return redirectWithToast(backTo, {
          title: "Success",
          description: `Visit of ${booked.appointments.length} services booked${client} successfully`,
        });
      }
      if (!repeat) {
        const saved = await createAppointment(user, formWrite(value, timeZone));
        return redirectWithToast(backTo, { title: "Success", description: savedToastDescription(saved, "booked") });
      }
      // A repeat is two submits: the first lists the dates (works without JavaScript), the
      // second books the free ones, recomputed here (decision 0087).
      if (formData.get("intent") !== "book-series") {
        const { occurrences } = await previewSeries(user, formWrite(value, timeZone), repeat);
        return data({ intent: "preview", result: parseWithZod(formData, { schema }).reply(), preview: occurrences });
      }
      const booked = await createSeries(user, formWrite(value, timeZone), repeat);
      return redirectWithToast(backTo, { title: "Success", description: seriesToastDescription(booked, clockFormat) });
    },
    {
      failure: appointmentFormFailure("book"),
      fieldNames: { ...APPOINTMENT_FORM_FIELDS, until: "repeatUntil" },
    },
  );
});

export default function NewAppointment() {
  const { options, defaults, closeTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  return (
    <RouteDialog title="New Appointment" closeTo={closeTo} size="lg">
      {/* Above the form: below it, the form's sticky footer would cover the link. */}
      <AddToWaitlist reply={actionData} />
      <AppointmentForm
        mode="new"
        options={options}
        defaults={defaults}
        lastResult={actionData?.result}
        closeTo={closeTo}
        preview={preview}
        clientChoice={clientChoiceOf(actionData)}
        patchTestWarning={actionData?.intent === "delete" ? null : patchTestWarningOf(actionData)}
        renderVisitLines={(first) => (
          <VisitLines
            options={options}
            hydrated={first.hydrated}
            initial={sentVisitLines(first.sent)}
            first={first}
            errors={first.errors}
          />
        )}
      />
    </RouteDialog>
  );
}

/**
 * When the booking was refused (the time is taken, outside the stylist's hours...), the
 * client can wait for a time instead: a link to the Waitlist's form with the client, service,
 * stylist and day filled in (a plain link, so it works without JavaScript).
 */
function AddToWaitlist({ reply }: { reply: ReturnType<typeof useActionData<typeof action>> }) {
  const sent = reply && "result" in reply ? (reply.result.initialValue as Record<string, unknown> | undefined) : null;
  const refused = reply && "result" in reply && reply.result.status === "error";
  const clientId = typeof sent?.clientId === "string" ? sent.clientId : "";
  // Whoever may book (admins and stylists) may add to the waitlist.
  if (!refused || !/^[1-9][0-9]*$/.test(clientId)) return null;
  const query = new URLSearchParams({ client: clientId });
  for (const [key, field] of [
    ["service", "serviceId"],
    ["stylist", "stylistId"],
    ["date", "date"],
  ] as const) {
    const value = sent?.[field];
    if (typeof value === "string" && value) query.set(key, value);
  }
  return (
    <p className="mb-3 text-sm text-slate-700">
      No time that fits?{" "}
      <Link to={`/waitlist?${query}`} className="font-medium text-brand-800 underline">
        Add to waitlist
      </Link>
    </p>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/calendar");
