import { useEffect, useRef } from "react";
import { showToast } from "~/components/ui/toaster";

type Latest = { id: number; requested: boolean; what: string } | null;

/**
 * A toast when a live update brings an online booking newer than the one the page was made
 * with (the shell's loader reads the newest): the salon hears of a client's booking on every
 * tablet, without looking for it on the calendar.
 */
export function useOnlineBookingToast(latest: Latest) {
  const seen = useRef<number | null | undefined>(undefined);
  useEffect(() => {
    const id = latest?.id ?? null;
    if (seen.current === undefined) {
      seen.current = id;
      return;
    }
    if (latest && id !== null && (seen.current === null || id > seen.current)) {
      showToast(
        latest.requested
          ? { title: "New booking request", description: `${latest.what}: accept or decline it under Requests.` }
          : { title: "New online booking", description: latest.what },
      );
    }
    if (id !== null && (seen.current === null || id > seen.current)) seen.current = id;
  }, [latest]);
}
