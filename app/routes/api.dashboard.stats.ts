import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { dashboardStats } from "~/domain/appointments.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { isCalendarDate, todayInZone } from "~/lib/salon-time";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

const QuerySchema = z.object({ date: z.string().refine(isCalendarDate, "Use a date in the form YYYY-MM-DD").optional() });

// Today's Summary for a salon date (default today): totalAppointments, revenue (pence), pending.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const { date } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return dashboardStats(actor, date ?? todayInZone((await getGlobalSettings()).timeZone));
});
