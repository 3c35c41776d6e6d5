import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { createAppointment, createSeries, listAppointments } from "~/domain/appointments.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { AppointmentCreateApiSchema } from "~/lib/schemas/appointments";
import { dayBounds, isCalendarDate } from "~/lib/salon-time";
import { isIsoInstant, isWithinBookingYears, OUT_OF_RANGE_DATE, queryId } from "~/lib/schemas/limits";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";
import { apiWriteFromBody } from "~/domain/appointment-input.server";

// Only a calendar date or a full ISO instant, within the booking years: `Date.parse`
// alone reads "1" or "May" as dates.
const bound = z
  .string()
  .max(40)
  .refine((value) => isCalendarDate(value) || isIsoInstant(value), "Use a date (YYYY-MM-DD) or an ISO-8601 instant")
  .refine((value) => !(isCalendarDate(value) || isIsoInstant(value)) || isWithinBookingYears(value), OUT_OF_RANGE_DATE)
  .optional();
const FilterSchema = z.object({ from: bound, to: bound, stylistId: queryId.optional() });

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
  const filter = FilterSchema.parse(Object.fromEntries(url.searchParams));
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
