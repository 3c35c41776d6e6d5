// Screens that opt into shared renders (`handle = { renderOnce: true }`, decision 0089) are
// rendered once and the HTML is sent to every screen with the same URL and data. Their
// render must read nothing else: a clock read would show the first render's time to every
// screen until the data changes, and the request (its headers, cookies, or the per-request
// scope of the signed-in user) would cross from one person's page to another's.
//
// Each opted-in screen of the production build is asked for through Remix's request handler,
// as the server does, while the clock and the request are trapped for the whole of the
// document's render (the build's handleRequest, which Remix calls once the loaders are done).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { AsyncLocalStorage } from "node:async_hooks";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, stylists } from "#db/schema";
import { zonedToUtc } from "~/lib/salon-time";
import { inRequestScope } from "../../server/request-scope.js";
import { createClient, createService } from "../calendar-factories";
import { context, makeRequest, signedIn } from "../factories";
import { requirePrerequisite, skipUnless } from "../server-process";
import { eq } from "drizzle-orm";

const root = fileURLToPath(new URL("../..", import.meta.url));
const serverBuild = join(root, "build/server/index.js");
const missing = existsSync(serverBuild) ? null : "build/server/index.js is missing: run `npm run build` first";

const DAY = "2031-05-14";
/** The display account is refused Reports. */
const REPORT_READERS = ["admin", "stylist"];
/**
 * Pages to ask for per opted-in route, and a text each shows, so that the render is known to
 * have drawn the screen (they should draw everything the screen can draw). A screen that opts
 * in must be listed here: the test fails for one that is not. `who`: the accounts the screen
 * is for (every one if left out).
 */
const PAGES: Record<string, { path: string; shows: string; who?: string[] }[]> = {
  "routes/_app.calendar": [
    { path: "/calendar", shows: "Day Schedule" },
    { path: `/calendar?view=day&date=${DAY}`, shows: "Purity Client" },
    { path: `/calendar?view=week&date=${DAY}`, shows: "Week Schedule" },
    { path: `/calendar?view=month&date=${DAY}`, shows: "Month Schedule" },
    { path: `/calendar?view=day&date=${DAY}&q=Purity`, shows: "Purity Client" },
  ],
  "routes/_app.reports": [
    { path: "/reports", shows: "Reports &amp; Analytics", who: REPORT_READERS },
    { path: "/reports?period=year", shows: "Top Services", who: REPORT_READERS },
    {
      path: `/reports?period=custom&from=2031-05-01&to=${DAY}`,
      shows: "Top Clients (All Stylists)",
      who: REPORT_READERS,
    },
  ],
};

// The traps. While `trapping`, every clock read and every use of the request other than its
// URL is written down with where it came from.
const RealDate = Date;
const realPerformanceNow = performance.now.bind(performance);
let trapping = false;
const reads: string[] = [];

function record(what: string) {
  if (!trapping) return;
  const frames = (new Error().stack ?? "").split("\n").slice(3, 9).join("\n");
  reads.push(`${what}\n${frames}`);
}

const TrappedDate = new Proxy(RealDate, {
  construct(target, args: unknown[], newTarget) {
    if (args.length === 0) record("new Date()");
    return Reflect.construct(target, args, newTarget) as object;
  },
  apply(target, thisArg, args: unknown[]) {
    record("Date()");
    return Reflect.apply(target, thisArg, args) as string;
  },
  get(target, property, receiver) {
    if (property === "now")
      return () => {
        record("Date.now()");
        return target.now();
      };
    return Reflect.get(target, property, receiver) as unknown;
  },
});

/** The request as the document's render gets it: its URL (part of the shared page's key) and nothing else. */
function trappedRequest(request: Request): Request {
  return new Proxy(request, {
    get(target, property) {
      if (property !== "url") record(`request.${String(property)}`);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The servers' per-request scope (server/request-scope.js): it holds the signed-in user. */
const requestScope = (globalThis as Record<symbol, AsyncLocalStorage<unknown> | undefined>)[
  Symbol.for("salon.requestScope")
]!;

type Handle = (
  request: Request,
  status: number,
  headers: Headers,
  remixContext: unknown,
  loadContext: unknown,
) => Promise<Response>;

/** The build with its document render (entry.server's handleRequest) run under the traps. */
function trappedBuild(build: ServerBuild): ServerBuild {
  const handleRequest = build.entry.module.default as unknown as Handle;
  const trapped: Handle = async (request, ...rest) => {
    const getStore = requestScope.getStore.bind(requestScope);
    requestScope.getStore = () => {
      record("the request scope");
      return getStore();
    };
    globalThis.Date = TrappedDate;
    performance.now = () => {
      record("performance.now()");
      return realPerformanceNow();
    };
    trapping = true;
    try {
      return await handleRequest(trappedRequest(request), ...rest);
    } finally {
      trapping = false;
      globalThis.Date = RealDate;
      performance.now = realPerformanceNow;
      requestScope.getStore = getStore;
    }
  };
  return {
    ...build,
    entry: {
      ...build.entry,
      module: { ...build.entry.module, default: trapped as unknown as ServerBuild["entry"]["module"]["default"] },
    },
  };
}

afterEach(() => {
  globalThis.Date = RealDate;
  performance.now = realPerformanceNow;
  trapping = false;
});

describe.skipIf(skipUnless(missing, "the shared-render purity test"))("screens that opt into shared renders", () => {
  let build: ServerBuild;
  let handle: (request: Request) => Promise<Response>;
  const people: Record<string, string> = {};

  beforeAll(async () => {
    requirePrerequisite(missing);
    build = (await import(pathToFileURL(serverBuild).href)) as ServerBuild;
    const handler = createRequestHandler(trappedBuild(build), "production");
    handle = (request) => inRequestScope(request.method, () => handler(request, context));

    // A day with something in every column the screen draws: bookings, blocked time, a client to search for.
    const admin = await signedIn("admin");
    const display = await signedIn("display");
    const stylist = await signedIn("stylist");
    people.admin = admin.cookie;
    people.display = display.cookie;
    people.stylist = stylist.cookie;
    const [own] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, stylist.user.id));
    const client = await createClient({ name: "Purity Client" });
    const service = await createService();
    for (const [time, withClient] of [
      ["09:00", true],
      ["11:30", true],
      ["14:00", false],
    ] as const) {
      const start = zonedToUtc(DAY, time, "Europe/London");
      await db.insert(appointments).values({
        stylistId: own!.id,
        clientId: withClient ? client.id : null,
        serviceId: withClient ? service.id : null,
        startTime: start.toISOString(),
        endTime: new RealDate(start.getTime() + 45 * 60_000).toISOString(),
        status: withClient ? "scheduled" : "blocked",
        price: 3000,
      });
    }
  });

  it("every opted-in screen has pages to check", () => {
    const optedIn = Object.values(build.routes)
      .filter((route) => (route.module.handle as { renderOnce?: boolean } | undefined)?.renderOnce === true)
      .map((route) => route.id)
      .sort();
    expect(optedIn.length).toBeGreaterThan(0);
    expect(optedIn.filter((id) => !PAGES[id]?.length)).toEqual([]);
  });

  it.each(
    Object.entries(PAGES).flatMap(([route, pages]) =>
      pages.map((page) => [route, page.path, page.shows, page.who] as const),
    ),
  )("%s renders %s without the clock or the request", async (_route, path, shows, readers) => {
    for (const [who, cookie] of Object.entries(people).filter(([who]) => !readers || readers.includes(who))) {
      reads.length = 0;
      const response = await handle(makeRequest("GET", path, { cookie }));
      const html = await response.text();
      expect(response.status, `${who}: ${html.slice(0, 300)}`).toBe(200);
      if (who === "admin") expect(html).toContain(shows);
      expect(reads, `${who} at ${path} read during the shared render:\n${reads.join("\n\n")}`).toEqual([]);
    }
  });
});
