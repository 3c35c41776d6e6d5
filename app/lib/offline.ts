// The page's side of the service worker (public/sw.js, decision 0124): registration, the
// assets and days it should keep, and what it tells back. Small on purpose: it is part of
// every signed-in screen's JavaScript.
import { addDays, todayInZone } from "~/lib/salon-time";

/** The banner's reason, also given when a form is refused offline. */
export const OFFLINE_REASON = "Changes cannot be saved until the connection is back.";

/** How often the kept days are fetched again while the connection is up (besides every live update). */
export const REFRESH_EVERY_MS = 3 * 60 * 1000;

const supported = () => typeof navigator !== "undefined" && "serviceWorker" in navigator;

async function activeWorker(): Promise<ServiceWorker | null> {
  if (!supported()) return null;
  const registration = await navigator.serviceWorker.ready;
  return registration.active;
}

/** Registers the worker (once per page) and hands it the page's scripts and styles to keep. */
export function registerOfflineWorker(): void {
  if (!supported()) return;
  navigator.serviceWorker
    .register("/sw.js", { scope: "/" })
    .then(() => activeWorker())
    .then((worker) => worker?.postMessage({ type: "assets", urls: pageAssets() }))
    .catch(() => undefined);
}

/** The scripts and styles the signed-in screens load first: the calendar's included. */
function pageAssets(): string[] {
  const urls = new Set<string>();
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="modulepreload"]'))
    urls.add(link.href);
  const manifest = (
    window as unknown as {
      __remixManifest?: {
        entry: { module: string; imports: string[] };
        routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
      };
    }
  ).__remixManifest;
  if (manifest) {
    urls.add(manifest.entry.module);
    for (const url of manifest.entry.imports) urls.add(url);
    for (const id of ["root", "routes/_app", "routes/_app.calendar", "routes/_app._index"]) {
      const route = manifest.routes[id];
      if (!route) continue;
      urls.add(route.module);
      for (const url of [...(route.imports ?? []), ...(route.css ?? [])]) urls.add(url);
    }
  }
  return [...urls].filter((url) => new URL(url, location.href).pathname.startsWith("/assets/"));
}

/** The shortest time between two refreshes: a burst of live updates costs the server one. */
const REFRESH_GAP_MS = 20_000;
let lastRefresh = 0;
let trailing: ReturnType<typeof setTimeout> | undefined;

/** Asks the worker to fetch the Day view for today and the next two days (salon time), at most once per gap. */
export function refreshOfflineDays(timeZone: string): void {
  if (!navigator.onLine) return;
  const wait = lastRefresh + REFRESH_GAP_MS - Date.now();
  if (wait > 0) {
    clearTimeout(trailing);
    trailing = setTimeout(() => refreshOfflineDays(timeZone), wait);
    return;
  }
  lastRefresh = Date.now();
  const today = todayInZone(timeZone);
  const dates = [today, addDays(today, 1), addDays(today, 2)];
  void activeWorker().then((worker) => worker?.postMessage({ type: "refresh", dates, today }));
}

/** When the kept copy of a day was fetched (ms since the epoch), or null. */
export async function keptDayFetchedAt(date: string): Promise<number | null> {
  const worker = navigator.serviceWorker?.controller;
  if (!worker) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve((event.data as { fetchedAt: number | null }).fetchedAt);
    worker.postMessage({ type: "as-of", date }, [channel.port2]);
    setTimeout(() => resolve(null), 2000);
  });
}
