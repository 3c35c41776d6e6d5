import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { daysInMode, getAvailability, saveAvailabilityDay, setScheduleMode } from "~/domain/availability.server";
import { AvailabilityDaySchema, ScheduleModeSchema } from "~/lib/schemas/availability";
import { api, methodNotAllowed, parseOptionalId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: the caller's own days (admins: `?stylistId=`), 1-7 or 1-14 for a bi-weekly rota,
// with SPEC's defaults filled in for days never saved (their `id` is null).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const { stylist, days } = await getAvailability(
    actor,
    parseOptionalId(new URL(request.url).searchParams.get("stylistId")),
  );
  return daysInMode(days, stylist.scheduleMode);
});

// PUT: either one day { dayOfWeek, isWorking?, startTime?, endTime? } answered with the
// saved entry, or { scheduleMode } answered with { stylistId, scheduleMode }. Admins add stylistId.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const actor = await requireApiUser(request, "availability.manage");
  const body = await readBody(request, z.record(z.unknown()));
  if ("scheduleMode" in body) {
    if ("dayOfWeek" in body)
      throw new z.ZodError([
        { code: "custom", path: ["scheduleMode"], message: "Send either dayOfWeek or scheduleMode, not both" },
      ]);
    return setScheduleMode(actor, ScheduleModeSchema.parse(body));
  }
  return saveAvailabilityDay(actor, AvailabilityDaySchema.parse(body));
});
