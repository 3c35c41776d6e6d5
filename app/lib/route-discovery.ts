// Dialogs that open with one round trip after a tap (decision 0122). With lazy route
// discovery Remix learns a route from the server's /__manifest the first time a path is
// asked for: for a path with a parameter (an appointment's id) it asks once per path, so
// an appointment not opened before costs that request, then its data, and the very first
// open also loads the dialog's code after the manifest. Ahead of any tap, while the screen is
// idle, this discovers the paths the screen links to, in the way Remix's own <Link> does
// (links marked `data-discover`, which Remix's observer batches into /__manifest requests),
// and then preloads the dialog routes' code, so a tap only fetches the dialog's data.

import { timeInZone } from "~/lib/salon-time";

type ManifestRoute = { module: string; imports?: string[] };
type RemixWindow = Window & { __remixManifest?: { routes: Record<string, ManifestRoute | undefined> } };

/** Paths per batch: Remix skips a batch whose /__manifest URL would pass about 7.5k characters. */
const BATCH = 80;
/** Remix gathers newly marked links for 100 ms before it asks. */
const GATHER_MS = 150;
/** How long to wait for a batch's answer before marking the next one anyway. */
const ANSWER_WAIT_MS = 5000;

const asked = new Set<string>();
const preloaded = new Set<string>();

function whenIdle(run: () => void) {
  if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 200);
}

const manifestAnswers = () =>
  performance.getEntriesByType("resource").filter((entry) => entry.name.includes("/__manifest?")).length;

/**
 * Marks `paths` for Remix's discovery, a batch at a time while the page is idle, the next
 * batch only once the previous one has been answered (paths still waiting for an answer
 * count towards Remix's URL limit, and a request over it is dropped). Returns a cancel.
 */
export function discoverAhead(paths: string[]): () => void {
  const fresh = [...new Set(paths)].filter((path) => !asked.has(path));
  if (fresh.length === 0) return () => {};
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const holder = document.createElement("div");
  holder.hidden = true;
  holder.setAttribute("aria-hidden", "true");
  const answered = (before: number, waited: number, then: () => void) => {
    if (cancelled) return;
    // A moment more after the answer: Remix reads it and records the paths as discovered.
    if (manifestAnswers() > before || waited >= ANSWER_WAIT_MS) timer = setTimeout(then, 50);
    else timer = setTimeout(() => answered(before, waited + 100, then), 100);
  };
  const next = (from: number) => {
    if (cancelled) return;
    if (from >= fresh.length) {
      holder.remove();
      return;
    }
    whenIdle(() => {
      if (cancelled) return;
      if (!holder.isConnected) document.body.append(holder);
      const before = manifestAnswers();
      const batch = fresh.slice(from, from + BATCH);
      for (const path of batch) {
        asked.add(path);
        const link = document.createElement("a");
        link.href = path;
        link.setAttribute("data-discover", "true");
        link.tabIndex = -1;
        holder.append(link);
      }
      timer = setTimeout(() => answered(before, 0, () => next(from + BATCH)), GATHER_MS);
    });
  };
  next(0);
  return () => {
    cancelled = true;
    clearTimeout(timer);
    holder.remove();
  };
}

/**
 * The first date drawn in a time zone loads that zone's rules, a few hundred milliseconds on
 * a slow tablet: done while the screen is idle rather than on the first tap of a dialog.
 */
export function warmTimeZone(timeZone: string) {
  whenIdle(() => {
    try {
      // The dialogs' own formatter for the zone, made and kept (salon-time caches it).
      timeInZone(new Date(), timeZone);
    } catch {
      // an unknown zone: the dialog will say so
    }
  });
}

/**
 * Preloads the code of the routes `ids` (module and its imports) once Remix knows them,
 * checking a few times while discovery is under way.
 */
export function preloadRoutes(ids: string[], tries = 20): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = (left: number) => {
    const routes = (window as RemixWindow).__remixManifest?.routes ?? {};
    const missing = ids.filter((id) => !routes[id]);
    for (const id of ids) {
      const route = routes[id];
      if (!route) continue;
      for (const href of [route.module, ...(route.imports ?? [])]) {
        if (preloaded.has(href)) continue;
        preloaded.add(href);
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }
    }
    if (missing.length > 0 && left > 0) timer = setTimeout(() => attempt(left - 1), 300);
  };
  whenIdle(() => attempt(tries));
  return () => clearTimeout(timer);
}
