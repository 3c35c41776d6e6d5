import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addTimeOff, listTimeOff } from "~/domain/availability.server";
import { TimeOffSchema } from "~/lib/schemas/availability";
import { api, jsonResponse, methodNotAllowed, parseOptionalId, readBody } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// GET: the caller's own time off, earliest first (admins: `?stylistId=`).
export const loader = api(async ({ request }: LoaderFunctionArgs) =>
  listTimeOff(await requireApiUser(request), parseOptionalId(new URL(request.url).searchParams.get("stylistId"))),
);

// POST { startDate, endDate, startTime?, endTime?, reason? } (admins add stylistId): whole days, both inclusive,
// or with both times those hours of one day.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "availability.manage");
  return jsonResponse(await addTimeOff(actor, await readBody(request, TimeOffSchema)), 201);
});
