import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeedStatus, issueCalendarFeed, turnOffCalendarFeed } from "~/domain/calendar-feed.server";
import { calendarFeedUrl } from "~/utils/calendar-feed.server";
import { api, jsonResponse, methodNotAllowed, parseId } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";
import type { z } from "zod";
import type { CalendarFeedLinkView, CalendarFeedStatusView } from "~/lib/schemas/views/services";

// A stylist's iCalendar subscription link, for the stylist themself or an admin.
// GET: whether it is on ({ active, createdAt }; the link itself is shown only when issued).
export const loader = api(async ({ request, params }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const { active, createdAt } = await calendarFeedStatus(actor, parseId(params.id));
  return { active, createdAt } satisfies z.infer<typeof CalendarFeedStatusView>;
});

// POST: creates the link, or replaces it (the old one stops working) → { url }.
// DELETE: turns it off.
export const action = api(async ({ request, params }: ActionFunctionArgs) => {
  if (request.method !== "POST" && request.method !== "DELETE") return methodNotAllowed(["POST", "DELETE"]);
  const actor = await requireApiUser(request, "calendar.feed");
  const stylistId = parseId(params.id);
  if (request.method === "DELETE") {
    const { wasOn } = await turnOffCalendarFeed(actor, stylistId);
    return jsonResponse({ message: wasOn ? "Calendar feed turned off" : "Calendar feed was already off" });
  }
  const { token, reset } = await issueCalendarFeed(actor, stylistId);
  return jsonResponse(
    { url: calendarFeedUrl(request, token) } satisfies z.infer<typeof CalendarFeedLinkView>,
    reset ? 200 : 201,
  );
});
