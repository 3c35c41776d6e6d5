import { useEffect } from "react";
import { showToast } from "~/components/ui/toaster";
import { useOnline } from "~/hooks/use-online";
import { OFFLINE_REASON, refreshOfflineDays, registerOfflineWorker, REFRESH_EVERY_MS } from "~/lib/offline";

/**
 * The signed-in screens' part of offline use (decision 0124): registers the service worker,
 * has it fetch the Day view for today and the next two days whenever a live update reached
 * this page (the change feed's position moved), every few minutes and when the connection
 * comes back; while offline, a form that would change something is refused with the reason.
 */
export function useOfflineDaySheet({ timeZone, eventCursor }: { timeZone: string; eventCursor: number }): boolean {
  const online = useOnline();

  useEffect(() => registerOfflineWorker(), []);

  useEffect(() => {
    refreshOfflineDays(timeZone);
  }, [timeZone, eventCursor, online]);

  useEffect(() => {
    const timer = setInterval(() => refreshOfflineDays(timeZone), REFRESH_EVERY_MS);
    return () => clearInterval(timer);
  }, [timeZone]);

  useEffect(() => {
    document.documentElement.toggleAttribute("data-offline", !online);
    if (online) return;
    const refuse = (event: SubmitEvent) => {
      const form = event.target as HTMLFormElement;
      const submitter = event.submitter as HTMLButtonElement | null;
      const method = (submitter?.getAttribute("formmethod") ?? form.method).toLowerCase();
      // Signing out still goes ahead: the service worker clears its copy on the way.
      if (method === "get" || new URL(form.action, location.href).pathname === "/logout") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      showToast({ title: "You are offline", description: OFFLINE_REASON, variant: "destructive" });
    };
    window.addEventListener("submit", refuse, true);
    return () => window.removeEventListener("submit", refuse, true);
  }, [online]);

  return online;
}
