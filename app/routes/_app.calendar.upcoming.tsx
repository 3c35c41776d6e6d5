import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { UpcomingEntry } from "~/components/calendar/side-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { RouteDialog } from "~/components/ui/route-dialog";
import { upcomingAppointmentsPage } from "~/domain/appointments.server";
import { toUpcoming } from "~/domain/calendar.server";
import { can } from "~/domain/permissions";
import { getGlobalSettings } from "~/domain/settings.server";
import { formatLongDate } from "~/lib/salon-time";
import { pageHrefs } from "~/lib/paging";
import { returnPath } from "~/lib/return-path";
import { page } from "~/utils/http.server";
import { pageRequest } from "~/utils/paging.server";
import { requireUser } from "~/utils/session.server";
import { dialogErrorBoundary } from "~/components/ui/route-error";

// A page of 'View All Appointments' stays well under 60 KB of HTML (decision 0065).
const UPCOMING_PAGE_SIZE = 50;
const ClientParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// 'View All Appointments': the upcoming appointments the user may see, by day, a page at a
// time (`?cursor=` from the "Next page" link, decision 0065); with ?client= one client's,
// across dates (the header's client search picks it).
export const loader = page(async ({ request }: LoaderFunctionArgs) => {
  const user = await requireUser(request, "calendar.view");
  const { timeZone } = await getGlobalSettings();
  const url = new URL(request.url);
  const client = url.searchParams.has("client") ? ClientParam.safeParse(url.searchParams.get("client")) : null;
  if (client && !client.success) throw new Response("Client not found", { status: 404 });
  const { items, nextCursor } = await upcomingAppointmentsPage(
    user,
    pageRequest(url, { defaultLimit: UPCOMING_PAGE_SIZE, maxLimit: UPCOMING_PAGE_SIZE }),
    { clientId: client?.data },
  );
  const upcoming = items.map((item) => toUpcoming(item, timeZone));
  const keep = new URLSearchParams(url.searchParams);
  keep.delete("client");
  keep.delete("cursor");
  const clientName = client ? (upcoming[0]?.clientName ?? null) : null;
  // The client's name links to their profile, for those who may open one.
  const profileHref = client && can(user.role, "clients.profile") ? `/clients/${client.data}` : null;
  return {
    upcoming,
    ...pageHrefs(url, nextCursor),
    closeTo: returnPath("/calendar", url),
    keep: keep.toString(),
    canEdit: user.role !== "display",
    forClient: Boolean(client),
    clientName,
    profileHref,
  };
});

export default function UpcomingAppointments() {
  const { upcoming, firstHref, nextHref, closeTo, keep, canEdit, forClient, clientName, profileHref } =
    useLoaderData<typeof loader>();
  const days = [...new Set(upcoming.map((item) => item.date))];
  return (
    <RouteDialog
      title={clientName ? `Upcoming Appointments for ${clientName}` : "Upcoming Appointments"}
      closeTo={closeTo}
      size="lg"
    >
      {profileHref ? (
        <p className="mb-3 text-sm">
          <Link to={profileHref} className="font-medium text-brand-800 underline">
            {clientName ? `${clientName}'s profile` : "The client's profile"}
          </Link>
        </p>
      ) : null}
      {upcoming.length === 0 ? (
        <EmptyState title={forClient ? "This client has no upcoming appointments" : "No upcoming appointments"} />
      ) : (
        <div className="max-h-[65vh] space-y-4 overflow-y-auto">
          {days.map((day) => (
            <section key={day}>
              <h3 className="sticky top-0 bg-white py-1 text-sm font-semibold text-slate-900">{formatLongDate(day)}</h3>
              <ul className="divide-y divide-slate-100">
                {upcoming
                  .filter((item) => item.date === day)
                  .map((item) => (
                    <li key={item.id}>
                      {canEdit ? (
                        <UpcomingEntry item={item} href={`/calendar/appointments/${item.id}?${keep}`} />
                      ) : (
                        <div className="px-2 py-2 text-sm">{item.clientName ?? item.notes ?? "Unavailable"}</div>
                      )}
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <Pager firstHref={firstHref} nextHref={nextHref} label="Upcoming appointments pages" />
    </RouteDialog>
  );
}

export const ErrorBoundary = dialogErrorBoundary("/calendar");
