import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createAppointment, listAppointments } from "~/domain/appointments.server";
import { createSeries } from "~/domain/appointment-series.server";
import { AppointmentListQuerySchema, AppointmentPostApiSchema } from "~/lib/schemas/appointments";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";
import { apiVisitFromBody, apiWriteFromBody } from "~/domain/appointment-input.server";
import { bookVisit } from "~/domain/visits.server";

// GET: the appointments overlapping `from`..`to` (by default 7 days back to the booking
// advance limit ahead; at most 92 days, else 400), by start time, a page of `limit` (50
// unless asked, at most 200) with the next page in the `Link` header (decision 0066).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const url = new URL(request.url);
  const page = pageRequest(url);
  const query = AppointmentListQuerySchema.parse(Object.fromEntries(url.searchParams));
  return pagedJson(request, await listAppointments(actor, query, page));
});

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "appointments.write");
  const body = await readBody(request, AppointmentPostApiSchema);
  if ("lines" in body) {
    // A visit (decision 0109): { visitId, appointments } (VisitBookingAnswerSchema).
    const { visitId, appointments } = await bookVisit(actor, apiVisitFromBody(body));
    return jsonResponse({ visitId, appointments }, 201);
  }
  if (!body.repeat) return jsonResponse(await createAppointment(actor, apiWriteFromBody(body)), 201);
  // A series (decision 0087): { seriesId, created, refused } (SeriesBookingAnswerSchema).
  const { seriesId, created, refused } = await createSeries(actor, apiWriteFromBody(body), body.repeat);
  return jsonResponse({ seriesId, created, refused }, 201);
});
