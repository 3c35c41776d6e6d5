// The service worker: the Day view for today and the next two days survives a dropped
// connection, and no salon data stays on the device after a sign-out (decision 0124).
// Hand-written, no build step: it caches the page's own assets, the three days' page and
// data (fetched with the signed-in user's cookie, so each user keeps what they may see),
// and forgets all of it on sign-out, a refused session, or after three days.

const ASSETS = "salon-assets-v1";
const DAYS = "salon-days-v1";
/** Cached days are served for at most this long after they were fetched. */
const MAX_AGE_MS = 3 * 24 * 60 * 60 * 1000;
/** The entry holding { today, days: { [date]: fetchedAt } }. */
const META = "/__offline/meta";
const DAY_ROUTES = "routes/_app,routes/_app.calendar";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim().then(expire)));

const documentKey = (date) => `/__offline/day/${date}`;
const dataKey = (date) => `/__offline/data/${date}`;

async function readMeta() {
  // Never creates the cache: a signed-out visitor's device gets none.
  const response = (await caches.has(DAYS)) ? await (await caches.open(DAYS)).match(META) : undefined;
  return response ? response.json() : { today: null, days: {} };
}

/** Counts the clearings: a refresh under way when one happens writes nothing more. */
let clearings = 0;

/** Every cache of this origin: salon data and the assets alike. */
async function clearAll() {
  clearings += 1;
  await Promise.all((await caches.keys()).map((name) => caches.delete(name)));
}

/** Days older than three days go (their page and data, and their line in the meta). */
async function expire() {
  if (!(await caches.has(DAYS))) return;
  const cache = await caches.open(DAYS);
  const kept = await cache.match(META);
  if (!kept) return;
  const meta = await kept.json();
  const now = Date.now();
  const old = Object.keys(meta.days).filter((date) => now - meta.days[date] > MAX_AGE_MS);
  if (old.length === 0) return;
  for (const date of old) {
    delete meta.days[date];
    await Promise.all([cache.delete(documentKey(date)), cache.delete(dataKey(date))]);
  }
  await cache.put(META, new Response(JSON.stringify(meta), { headers: { "Content-Type": "application/json" } }));
}

const isSignedOut = (response) =>
  response.status === 401 ||
  response.status === 403 ||
  (response.redirected && new URL(response.url).pathname === "/auth") ||
  response.headers.get("X-Remix-Redirect")?.startsWith("/auth");

/**
 * Fetches the Day view's page and data for each date with the user's cookie. A refusal
 * (the session expired, the user was deleted) clears everything instead. Days no longer
 * wanted (yesterday) are dropped, so a client erased since is gone from every kept day.
 */
async function refresh(dates, today) {
  const started = clearings;
  const fetched = {};
  // One cache object throughout: after a clearing it is detached, and what is written goes nowhere.
  const cache = await caches.open(DAYS);
  for (const date of dates) {
    const query = new URLSearchParams({ view: "day", date });
    const headers = { "X-Offline-Refresh": "1" };
    const [page, data] = await Promise.all([
      fetch(`/calendar?${query}`, { credentials: "same-origin", headers }),
      fetch(`/calendar.data?${query}&_routes=${encodeURIComponent(DAY_ROUTES)}`, {
        credentials: "same-origin",
        headers,
      }),
    ]);
    if (isSignedOut(page) || isSignedOut(data)) return clearAll();
    if (!page.ok || !data.ok || page.redirected || clearings !== started) return;
    await Promise.all([cache.put(documentKey(date), page), cache.put(dataKey(date), data)]);
    fetched[date] = Date.now();
  }
  const kept = await cache.match(META);
  const before = kept ? await kept.json() : { days: {} };
  for (const date of Object.keys(before.days)) {
    if (dates.includes(date)) continue;
    await Promise.all([cache.delete(documentKey(date)), cache.delete(dataKey(date))]);
  }
  if (clearings !== started) return;
  const meta = JSON.stringify({ today, days: fetched });
  await cache.put(META, new Response(meta, { headers: { "Content-Type": "application/json" } }));
}

/** The paths whose page or data can be a kept Day view. */
const dayPath = (path) => path === "/calendar" || path === "/" || path === "/_root";

/** The Day view a URL asks for, if it is one this worker can answer offline. */
function cachedDay(url, meta) {
  const path = url.pathname.replace(/\.data$/, "");
  if (!dayPath(path)) return null;
  const view = url.searchParams.get("view");
  if ((view && view !== "day") || url.searchParams.get("q")) return null;
  const date = url.searchParams.get("date") || meta.today;
  const fetchedAt = date ? meta.days[date] : undefined;
  if (!fetchedAt || Date.now() - fetchedAt > MAX_AGE_MS) return null;
  return { date, fetchedAt };
}

const OFFLINE_PAGE = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;padding:1.5rem;
box-sizing:border-box;background:#f8fafc;color:#0f172a}main{max-width:28rem;text-align:center}
a{display:inline-block;margin-top:1rem;padding:.75rem 1rem;font-weight:600;color:#fff;background:#0f172a;border-radius:.5rem}</style>
</head><body><main><h1>This screen needs the connection</h1>
<p>The salon's network cannot be reached. The Day view for today and the next two days can be shown from this
tablet's copy.</p><a href="/calendar">Open the Day view</a></main></body></html>`;

const offlinePage = () =>
  new Response(OFFLINE_PAGE, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });

/** A failed request: the kept Day view if it is one, otherwise the plain "needs the connection" answer. */
async function fromCache(url, isDocument, clientId) {
  await expire();
  const meta = await readMeta();
  const day = cachedDay(url, meta);
  if (day) {
    const cache = await caches.open(DAYS);
    const response = await cache.match(isDocument ? documentKey(day.date) : dataKey(day.date));
    if (response) {
      if (clientId) {
        const client = await self.clients.get(clientId);
        client?.postMessage({ type: "offline-day", date: day.date, fetchedAt: day.fetchedAt });
      }
      return response;
    }
  }
  if (isDocument) return offlinePage();
  return Response.error();
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { cacheName: ASSETS });
  if (kept) return kept;
  const response = await fetch(request);
  // Kept only while someone is signed in (their days are kept): a signed-out visitor leaves nothing.
  if (response.ok && (await caches.has(DAYS))) await (await caches.open(ASSETS)).put(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const path = url.pathname.replace(/\.data$/, "");
  // Signing out, or landing on the sign-in page (a session that expired or was ended): nothing stays.
  if (path === "/logout" || path === "/auth") {
    event.waitUntil(clearAll());
    return;
  }
  if (request.method !== "GET" || path.startsWith("/api/")) return;
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(cacheFirst(request));
    return;
  }
  const isDocument = request.mode === "navigate";
  // Data passes through this worker only where it may answer offline (a Day view): a
  // booking's dialog asks the network straight, without a hop through the worker on every
  // open (decision 0136); offline it fails as it would here.
  if (!isDocument && !(url.pathname.endsWith(".data") && dayPath(path))) return;
  event.respondWith(fetch(request).catch(() => fromCache(url, isDocument, isDocument ? null : event.clientId)));
});

self.addEventListener("message", (event) => {
  const message = event.data ?? {};
  if (message.type === "refresh" && Array.isArray(message.dates)) {
    event.waitUntil(refresh(message.dates, message.today).catch(() => undefined));
  } else if (message.type === "assets" && Array.isArray(message.urls)) {
    event.waitUntil(
      caches
        .open(ASSETS)
        .then((cache) => Promise.all(message.urls.map((url) => cache.match(url).then((hit) => hit || cache.add(url)))))
        .catch(() => undefined),
    );
  } else if (message.type === "as-of") {
    event.waitUntil(
      readMeta().then((meta) => event.ports[0]?.postMessage({ fetchedAt: meta.days[message.date] ?? null })),
    );
  } else if (message.type === "clear") {
    event.waitUntil(clearAll());
  }
});
