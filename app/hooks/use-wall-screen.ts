import { useNavigate, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { todayInZone } from "~/lib/salon-time";

/** How often the wall screen looks at the clock (a timer set for midnight would not survive a sleep). */
const CHECK_EVERY_MS = 30_000;

type WakeLockSentinelLike = { release(): Promise<void> };
type WakeLockNavigator = Navigator & { wakeLock?: { request(type: "screen"): Promise<WakeLockSentinelLike> } };

/**
 * The display account's calendar (decision 0125): keeps the screen awake where the browser
 * has the Screen Wake Lock (asked again whenever the page is shown again, as the browser
 * lets it go when hidden), moves on to the next day at the salon's midnight, and reloads
 * its data when the connection comes back, without anyone touching it.
 */
export function useWallScreen({ active, today, timeZone }: { active: boolean; today: string; timeZone: string }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  // The day on screen: the one in the address, or the salon's today the loader saw.
  const shown = useRef(params.get("date") ?? today);
  shown.current = params.get("date") ?? today;

  useEffect(() => {
    if (!active) return;
    const wakeLock = (navigator as WakeLockNavigator).wakeLock;
    if (!wakeLock) return;
    let lock: WakeLockSentinelLike | null = null;
    const acquire = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock
        .request("screen")
        .then((sentinel) => (lock = sentinel))
        .catch(() => undefined);
    };
    acquire();
    document.addEventListener("visibilitychange", acquire);
    return () => {
      document.removeEventListener("visibilitychange", acquire);
      void lock?.release().catch(() => undefined);
    };
  }, [active]);

  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    if (!active) return;
    // The tablet's own clock decides when midnight has passed (its day, not the server's).
    let day = todayInZone(timeZone);
    const check = () => {
      const now = todayInZone(timeZone);
      if (now === day) return;
      const ended = day;
      day = now;
      // Showing the day that just ended: the new one. Another day chosen by hand stays.
      if (shown.current === ended) {
        const next = new URLSearchParams(window.location.search);
        next.set("date", now);
        navigate(`${window.location.pathname}?${next}`, { replace: true });
      } else revalidate.current();
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    const onOnline = () => revalidate.current();
    window.addEventListener("online", onOnline);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", onOnline);
    };
  }, [active, timeZone, navigate]);
}
