// Dialogs that open with one round trip after a tap and no code to load or run first
// (decisions 0122 and 0131). The page carries the whole route manifest (lazy route
// discovery is off: with it Remix asked the server's /__manifest once per appointment
// before its data, two round trips in a row), so every dialog route is known from the
// start. While the screen is idle, the dialogs' code is loaded and run ahead, and the salon's
// time zone rules are read: a tap then fetches the dialog's data only and draws it.

import { timeInZone } from "~/lib/salon-time";

type ManifestRoute = { module: string; imports?: string[] };
type RemixWindow = Window & { __remixManifest?: { routes: Record<string, ManifestRoute | undefined> } };

const loaded = new Set<string>();

function whenIdle(run: () => void): () => void {
  if ("requestIdleCallback" in window) {
    const handle = requestIdleCallback(run, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}

/**
 * The first date drawn in a time zone loads that zone's rules, a few hundred milliseconds on
 * a slow tablet: done while the screen is idle rather than on the first tap of a dialog.
 */
export function warmTimeZone(timeZone: string): () => void {
  return whenIdle(() => {
    try {
      // The dialogs' own formatter for the zone, made and kept (salon-time caches it).
      timeInZone(new Date(), timeZone);
    } catch {
      // an unknown zone: the dialog will say so
    }
  });
}

/**
 * Loads and runs the code of the routes `ids` while the page is idle. The browser keeps one
 * instance of a module per URL, so when a dialog opens Remix finds its module already run.
 */
export function loadRoutesAhead(ids: string[]): () => void {
  return whenIdle(() => {
    const routes = (window as RemixWindow).__remixManifest?.routes ?? {};
    for (const id of ids) {
      const module = routes[id]?.module;
      if (!module || loaded.has(module)) continue;
      loaded.add(module);
      // A failure (offline, a new build) is Remix's to meet when the dialog opens.
      import(/* @vite-ignore */ module).catch(() => loaded.delete(module));
    }
  });
}
