import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createAppointment, createSeries, listAppointments } from "~/domain/appointments.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { AppointmentCreateApiSchema, AppointmentListQuerySchema } from "~/lib/schemas/appointments";
import { dayBounds, isCalendarDate } from "~/lib/salon-time";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";
import { apiWriteFromBody } from "~/domain/appointment-input.server";

/** `from`/`to` as salon dates (whole days, `to` inclusive) or exact instants. */
async function instant(value: string | undefined, edge: "start" | "end"): Promise<Date | undefined> {
  if (!value) return undefined;
  if (!isCalendarDate(value)) return new Date(value);
  const { timeZone } = await getGlobalSettings();
  const bounds = dayBounds(value, timeZone);
  return edge === "start" ? bounds.start : bounds.end;
}

// GET: the appointments overlapping `from`..`to` (by default 7 days back to the booking
// advance limit ahead; at most 92 days, else 400), by start time, a page of `limit` (50
// unless asked, at most 200) with the next page in the `Link` header (decision 0066).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const url = new URL(request.url);
  const page = pageRequest(url);
  const filter = AppointmentListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const from = await instant(filter.from, "start");
  const to = await instant(filter.to, "end");
  return pagedJson(request, await listAppointments(actor, { from, to, stylistId: filter.stylistId }, page));
});

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request);
  const body = await readBody(request, AppointmentCreateApiSchema);
  if (!body.repeat) return jsonResponse(await createAppointment(actor, apiWriteFromBody(body)), 201);
  // A series (decision 0087): { seriesId, created, refused } (SeriesBookingAnswerSchema).
  const { seriesId, created, refused } = await createSeries(actor, apiWriteFromBody(body), body.repeat);
  return jsonResponse({ seriesId, created, refused }, 201);
});
