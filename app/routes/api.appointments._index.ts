import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { createAppointment, listAppointments } from "~/domain/appointments.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { AppointmentApiSchema } from "~/lib/schemas/appointments";
import { dayBounds, isCalendarDate } from "~/lib/salon-time";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";
import { apiWriteFromBody } from "~/domain/appointment-input.server";

const bound = z
  .string()
  .refine((value) => isCalendarDate(value) || !Number.isNaN(Date.parse(value)), "Use a date (YYYY-MM-DD) or an ISO-8601 instant")
  .optional();
const FilterSchema = z.object({ from: bound, to: bound, stylistId: z.coerce.number().int().positive().optional() });

/** `from`/`to` as salon dates (whole days, `to` inclusive) or exact instants. */
async function instant(value: string | undefined, edge: "start" | "end"): Promise<Date | undefined> {
  if (!value) return undefined;
  if (!isCalendarDate(value)) return new Date(value);
  const { timeZone } = await getGlobalSettings();
  const bounds = dayBounds(value, timeZone);
  return edge === "start" ? bounds.start : bounds.end;
}

export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const filter = FilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return listAppointments(actor, { from: await instant(filter.from, "start"), to: await instant(filter.to, "end"), stylistId: filter.stylistId });
});

export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request);
  const body = await readBody(request, AppointmentApiSchema);
  return jsonResponse(await createAppointment(actor, apiWriteFromBody(body)), 201);
});
