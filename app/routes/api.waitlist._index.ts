import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createWaitlistEntry, listWaitlist } from "~/domain/waitlist.server";
import { WaitlistEntrySchema, WaitlistListQuerySchema } from "~/lib/schemas/waitlist";
import { api, jsonResponse, methodNotAllowed, readBody } from "~/utils/http.server";
import { pagedJson, pageRequest } from "~/utils/paging.server";
import { requireApiUser } from "~/utils/session.server";

// GET: the waitlist, oldest first (`?status=waiting|expired|booked`, waiting by default),
// each entry with the free slots that fit it now; paged (decision 0065).
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, "waitlist.manage");
  const { status } = WaitlistListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return pagedJson(request, await listWaitlist(actor, pageRequest(request), { status }));
});

// POST: { clientId, serviceId, stylistId?, from, to, times, notes? }.
export const action = api(async ({ request }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireApiUser(request, "waitlist.manage");
  return jsonResponse(await createWaitlistEntry(actor, await readBody(request, WaitlistEntrySchema)), 201);
});
