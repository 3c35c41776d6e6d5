import type { LoaderFunctionArgs } from "@remix-run/node";
import { dashboardStats } from "~/domain/appointments.server";
import { getGlobalSettings } from "~/domain/settings.server";
import { DashboardQuerySchema } from "~/lib/schemas/appointments";
import { todayInZone } from "~/lib/salon-time";
import { api } from "~/utils/http.server";
import { requireApiUser } from "~/utils/session.server";

// Today's Summary for a salon date (default today): totalAppointments, revenue (pence), pending.
export const loader = api(async ({ request }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request);
  const { date } = DashboardQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return dashboardStats(actor, date ?? todayInZone((await getGlobalSettings()).timeZone));
});
