import { useMatches, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useClockFormat } from "~/components/ui/clock-format";
import { keptDayFetchedAt, OFFLINE_REASON } from "~/lib/offline";
import { formatClockTime, timeInZone } from "~/lib/salon-time";

type CalendarData = { view: string; date: string };
const CALENDAR_ROUTES = new Set(["routes/_app.calendar", "routes/_app._index"]);

/**
 * Shown while the browser has no connection: on the calendar, when its data was fetched
 * ("as of 10:42", salon time); on any other screen, that it needs the connection.
 */
export function OfflineBanner({ online, timeZone }: { online: boolean; timeZone: string }) {
  const calendarMatch = useMatches().find((match) => CALENDAR_ROUTES.has(match.id));
  const calendar = useRouteLoaderData<CalendarData>(calendarMatch?.id ?? "routes/_app.calendar");
  const clockFormat = useClockFormat();
  const asOf = useAsOf(calendarMatch ? calendar : undefined);

  if (online) return null;
  const text =
    calendarMatch && calendar
      ? `Offline: showing the ${calendar.view === "day" ? "day" : calendar.view} as of ${
          asOf ? formatClockTime(timeInZone(new Date(asOf), timeZone), clockFormat) : "its last update"
        }. ${OFFLINE_REASON}`
      : "Offline: this screen needs the connection. The Day view for today and the next two days can be opened offline.";
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="fixed inset-x-0 bottom-0 z-40 border-t-2 border-amber-500 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950 shadow-lg md:left-16 xl:left-60"
    >
      {text}
    </div>
  );
}

/**
 * When the data on screen was fetched: when it arrived, while online; the kept copy's time
 * when the service worker answered from its cache (a reload or another day while offline).
 */
function useAsOf(calendar: CalendarData | undefined): number | null {
  const [asOf, setAsOf] = useState<number | null>(null);

  useEffect(() => {
    if (!calendar) return;
    if (navigator.onLine) setAsOf(Date.now());
    else
      void keptDayFetchedAt(calendar.date).then((fetchedAt) => {
        if (fetchedAt) setAsOf((known) => known ?? fetchedAt);
      });
  }, [calendar]);

  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      const message = event.data as { type?: string; fetchedAt?: number };
      if (message.type === "offline-day" && message.fetchedAt) setAsOf(message.fetchedAt);
    };
    worker.addEventListener("message", onMessage);
    return () => worker.removeEventListener("message", onMessage);
  }, []);

  return asOf;
}
