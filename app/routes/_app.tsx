import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useMemo } from "react";
import { AppShell } from "~/components/shell/app-shell";
import { ClockFormatProvider } from "~/components/ui/clock-format";
import { ErrorPanel } from "~/components/ui/route-error";
import { useLiveUpdates } from "~/hooks/use-live-updates";
import { latestEventId } from "~/domain/events.server";
import { unreadMessageCount } from "~/domain/messages.server";
import { latestOnlineBooking, requestsNav } from "~/domain/online-requests.server";
import { useOnlineBookingToast } from "~/hooks/use-online-booking-toast";
import { getGlobalSettings } from "~/domain/settings.server";
import { waitlistBadge } from "~/domain/waitlist.server";
import { readSeenMessageId } from "~/utils/messages-seen.server";
import { requireUser } from "~/utils/session.server";
import { revalidateOnOwnParams } from "~/lib/revalidation";
import { OfflineBanner } from "~/components/offline/offline-banner";
import { useOfflineDaySheet } from "~/hooks/use-offline-day-sheet";

export async function loader({ request }: LoaderFunctionArgs) {
  // The change feed's position when the page was made, read before the screen's own data
  // (every loader waits for the signed-in user first): the page's event stream starts
  // there, so a change committed while the page loads is not missed.
  const eventCursor = latestEventId();
  const user = await requireUser(request);
  // On the Messages screen itself everything is being read: no count.
  const onMessages = new URL(request.url).pathname.startsWith("/messages");
  const [{ salonName, clockFormat, timeZone }, unreadMessages, requests, latestOnline, waitlist] = await Promise.all([
    getGlobalSettings(),
    onMessages ? 0 : unreadMessageCount(user, await readSeenMessageId(request)),
    requestsNav(user),
    latestOnlineBooking(user),
    // Waiting clients a free time fits now: a cancellation shows here on every tablet at once.
    waitlistBadge(user),
  ]);
  // clockFormat: provided to useClockFormat() wherever a time is shown.
  // timeZone: the offline copy's days and the banner's time are the salon's.
  return {
    user,
    salonName,
    clockFormat,
    timeZone,
    unreadMessages,
    requests,
    latestOnline,
    waitlist,
    eventCursor: await eventCursor,
  };
}

const isMessagesPath = (url: URL) => url.pathname.startsWith("/messages");
const revalidateShell = revalidateOnOwnParams();

// The unread count is left out on the Messages screen, so it reloads on the way in and out.
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  revalidateShell(args) || isMessagesPath(args.currentUrl) !== isMessagesPath(args.nextUrl);

export default function AppLayout() {
  const { user, salonName, clockFormat, unreadMessages, requests, latestOnline, waitlist, eventCursor, timeZone } =
    useLoaderData<typeof loader>();
  useLiveUpdates({ since: eventCursor });
  useOnlineBookingToast(latestOnline);
  // Offline use: the kept Day view and the banner (decision 0124).
  const online = useOfflineDaySheet({ timeZone, eventCursor });
  // Kept while their numbers stay, so the menu is not drawn again on every navigation.
  const badges = useMemo(
    () => ({ "/messages": unreadMessages, "/requests": requests.count, "/waitlist": waitlist }),
    [unreadMessages, requests.count, waitlist],
  );
  const shown = useMemo(() => (requests.shown ? ["/requests"] : []), [requests.shown]);
  // The same element while the shell's data stays: a navigation inside the app draws the menu
  // and the screen around <Outlet /> again only where they read the address or their own data.
  return useMemo(
    () => (
      <ClockFormatProvider value={clockFormat}>
        <AppShell user={user} salonName={salonName} badges={badges} shown={shown}>
          <Outlet />
          <OfflineBanner online={online} timeZone={timeZone} />
        </AppShell>
      </ClockFormatProvider>
    ),
    [clockFormat, user, salonName, badges, shown, online, timeZone],
  );
}

/** Keeps the menu on screen when a page fails or is refused. */
export function ErrorBoundary() {
  const data = useLoaderDataSafe();
  if (!data) return <ErrorPanel />;
  return (
    <ClockFormatProvider value={data.clockFormat}>
      <AppShell user={data.user} salonName={data.salonName} shown={data.requests.shown ? ["/requests"] : []}>
        <ErrorPanel />
      </AppShell>
    </ClockFormatProvider>
  );
}

function useLoaderDataSafe() {
  return useRouteLoaderData<typeof loader>("routes/_app");
}
