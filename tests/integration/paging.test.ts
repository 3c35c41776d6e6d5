// The paging contract of every growing list (decision 0065): `limit` (a default, a maximum,
// 400 above it), an opaque `cursor` in the `Link: <...>; rel="next"` header that walks every
// row exactly once even when many rows share the sort key, 400 for a cursor we did not write;
// and `GET /api/appointments`'s window (decision 0066): a default, and 400 over 92 days.
import { and, eq, gte, lt } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, auditLog, clients, shoppingItems, smsLog } from "#db/schema";
import { consentStamp } from "~/domain/clients.server";
import { MAX_PAGE_SIZE, PAGE_SIZE } from "~/lib/paging";
import { MAX_PENDING_ITEMS } from "~/lib/schemas/shopping";
import { addDays, todayInZone, zonedToUtc } from "~/lib/salon-time";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as clientsApi from "~/routes/api.clients._index";
import * as auditApi from "~/routes/api.gdpr.audit-log";
import * as forDeletion from "~/routes/api.gdpr.clients-for-deletion";
import * as erasureRequests from "~/routes/api.gdpr.erasure-requests";
import * as smsLogApi from "~/routes/api.sms.log";
import * as gdprPage from "~/routes/_app.gdpr";
import * as upcomingPage from "~/routes/_app.calendar.upcoming";
import * as shoppingPage from "~/routes/_app.shopping-list";
import * as shoppingApi from "~/routes/api.shopping-list._index";
import { createService, stylistSession } from "../calendar-factories";
import { call, json, makeRequest, signedIn } from "../factories";
import { useTestClock } from "../clock";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let chairs: Session[];
let serviceId: number;

beforeAll(async () => {
  admin = await stylistSession("admin");
  chairs = [await stylistSession(), await stylistSession(), await stylistSession()];
  serviceId = (await createService()).id;
});

const get = async (handler: unknown, path: string, token = admin.token) => {
  const response = (await call(handler, makeRequest("GET", path, { token }))) as Response;
  const link = response.headers.get("Link");
  return { ...(await json(response)), next: link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null };
};

/** Follows the next links from `path`, returning every page's ids. */
async function walk(handler: unknown, path: string, token = admin.token): Promise<number[][]> {
  const pages: number[][] = [];
  for (let next: string | null = path; next;) {
    const page = await get(handler, next, token);
    expect(page.status, next).toBe(200);
    pages.push(page.body.map((row: { id: number }) => row.id));
    next = page.next;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);

async function insertClients(count: number, values: (index: number) => Partial<typeof clients.$inferInsert>) {
  const rows = Array.from({ length: count }, (_, index) => ({
    name: `Pager Client ${index}`,
    phone: `07000 ${String(index).padStart(6, "0")}`,
    ...consentStamp(),
    ...values(index),
  }));
  return (await db.insert(clients).values(rows).returning({ id: clients.id })).map((row) => row.id);
}

async function insertAppointments(starts: string[]) {
  const rows = starts.flatMap((startTime) =>
    chairs.map((chair) => ({
      stylistId: chair.stylistId,
      serviceId,
      startTime,
      endTime: new Date(Date.parse(startTime) + 30 * 60_000).toISOString(),
      price: 1000,
      status: "scheduled" as const,
    })),
  );
  return (await db.insert(appointments).values(rows).returning({ id: appointments.id })).map((row) => row.id);
}

// The lists under the contract, each with a way to fill it with `count` rows of which
// several share the sort key, and the path that lists exactly those rows.
const LISTS = [
  {
    name: "GET /api/clients",
    handler: clientsApi.loader,
    fill: async (count: number, tag: string) => ({
      ids: await insertClients(count, (i) => ({ name: `Tie ${tag} ${i % 3}` })),
      path: `/api/clients?q=${encodeURIComponent(`Tie ${tag}`)}`,
    }),
  },
  {
    name: "GET /api/gdpr/erasure-requests",
    handler: erasureRequests.loader,
    fill: async (count: number) => ({
      ids: await insertClients(count, (i) => ({ erasureRequestedAt: `2026-01-0${1 + (i % 3)}T10:00:00.000Z` })),
      path: "/api/gdpr/erasure-requests",
    }),
  },
  {
    name: "GET /api/gdpr/clients-for-deletion",
    handler: forDeletion.loader,
    fill: async (count: number) => ({
      ids: await insertClients(count, (i) => ({ dataRetentionDate: `2020-01-0${1 + (i % 3)}T00:00:00.000Z` })),
      path: "/api/gdpr/clients-for-deletion",
    }),
  },
  {
    name: "GET /api/gdpr/audit-log",
    handler: auditApi.loader,
    fill: async (count: number) => ({
      ids: await db
        .insert(auditLog)
        .values(
          Array.from({ length: count }, (_, i) => ({
            action: "client.export",
            entityType: "client",
            entityId: i + 1,
            createdAt: "2026-01-01T00:00:00.000Z",
          })),
        )
        .returning({ id: auditLog.id })
        .then(idsOf),
      path: "/api/gdpr/audit-log",
    }),
  },
  {
    name: "GET /api/sms/log",
    handler: smsLogApi.loader,
    fill: async (count: number) => {
      const sent = (i: number) => ({
        provider: "twilio" as const,
        status: "sent" as const,
        toNumber: "+447400900000",
        body: "Hi",
        createdAt: `2026-01-0${1 + (i % 3)}T10:00:00.000Z`,
      });
      return {
        ids: await db
          .insert(smsLog)
          .values(Array.from({ length: count }, (_, i) => sent(i)))
          .returning({ id: smsLog.id })
          .then(idsOf),
        path: "/api/sms/log",
      };
    },
  },
  {
    name: "GET /api/appointments",
    handler: appointmentsApi.loader,
    // Three stylists at each start time: every time is a tie.
    fill: async (count: number) => {
      const starts = Array.from(
        { length: Math.ceil(count / 3) },
        (_, i) =>
          `2027-02-${String(1 + Math.floor(i / 8)).padStart(2, "0")}T${String(9 + (i % 8)).padStart(2, "0")}:00:00.000Z`,
      );
      return {
        ids: (await insertAppointments(starts)).slice(0, count),
        path: "/api/appointments?from=2027-02-01&to=2027-03-01",
      };
    },
  },
] as const;

describe.each(LISTS)("$name", ({ handler, fill }) => {
  let ids: number[];
  let path: string;
  let tag = 0;

  beforeAll(async () => {
    ({ ids, path } = await fill(PAGE_SIZE + 7, `L${++tag}${Math.random().toString(36).slice(2, 6)}`));
  });

  const join = (base: string, query: string) => `${base}${base.includes("?") ? "&" : "?"}${query}`;

  it(`gives ${PAGE_SIZE} rows by default, then a next link to the rest`, async () => {
    const first = await get(handler, path);
    expect(first.status).toBe(200);
    expect(Array.isArray(first.body)).toBe(true);
    expect(first.body).toHaveLength(PAGE_SIZE);
    expect(first.next).toMatch(/[?&]cursor=[A-Za-z0-9_-]+/);
    const rest = await get(handler, first.next!);
    expect(rest.body).toHaveLength(ids.length - PAGE_SIZE);
    expect(rest.next).toBeNull();
  });

  it("walks every row exactly once, ties on the sort key included, at any page size", async () => {
    for (const limit of [1, 2, 5]) {
      const pages = await walk(handler, join(path, `limit=${limit}`));
      const seen = pages.flat();
      expect(new Set(seen).size, `limit=${limit}`).toBe(seen.length);
      expect([...seen].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
    }
  });

  it(`takes up to ${MAX_PAGE_SIZE} and refuses more, zero or nonsense with 400 { message }`, async () => {
    expect((await get(handler, join(path, `limit=${MAX_PAGE_SIZE}`))).body).toHaveLength(ids.length);
    for (const limit of [String(MAX_PAGE_SIZE + 1), "0", "-3", "abc", "1e3"]) {
      const refused = await get(handler, join(path, `limit=${limit}`));
      expect(refused.status, limit).toBe(400);
      expect(refused.body.message).toBe(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
    }
  });

  it("refuses a cursor it did not hand out with 400", async () => {
    const foreign = Buffer.from(JSON.stringify(["x", "y", "z"])).toString("base64url");
    for (const cursor of ["garbage!", "bm90IGpzb24", foreign]) {
      const refused = await get(handler, join(path, `cursor=${cursor}`));
      expect(refused.status, cursor).toBe(400);
      expect(refused.body.message).toMatch(/cursor is not valid/);
    }
  });
});

describe("GET /api/appointments's window", () => {
  const timeZone = "Europe/London";
  const today = todayInZone(timeZone);
  const at = (offsetDays: number) => zonedToUtc(addDays(today, offsetDays), "10:00", timeZone).toISOString();
  const listIds = async (query: string) =>
    (await get(appointmentsApi.loader, `/api/appointments?${query}`)).body.map(
      (row: { id: number }) => row.id,
    ) as number[];

  it("defaults to 7 days back to the booking advance limit (30 days) ahead", async () => {
    const [tooOld, , , weekAgo, , , inFortnight, , , lastDay, , , tooFar] = await insertAppointments([
      at(-8),
      at(-7),
      at(14),
      at(30),
      at(31),
    ]);
    const seen = await listIds("limit=200");
    expect(seen).toEqual(expect.arrayContaining([weekAgo, inFortnight, lastDay]));
    expect(seen).not.toContain(tooOld);
    expect(seen).not.toContain(tooFar);
  });

  it("reaches 92 days from one bound given alone", async () => {
    const [near, , , far, , , beyond] = await insertAppointments([at(200), at(200 + 91), at(200 + 93)]);
    const seen = await listIds(`from=${addDays(today, 200)}&limit=200`);
    expect(seen).toEqual(expect.arrayContaining([near, far]));
    expect(seen).not.toContain(beyond);
  });

  it("takes 92 days and refuses 93, or a reversed range, with 400 { message }", async () => {
    expect((await get(appointmentsApi.loader, "/api/appointments?from=2027-01-01&to=2027-04-02")).status).toBe(200);
    expect(
      (await get(appointmentsApi.loader, "/api/appointments?from=2027-03-01T00:00:00Z&to=2027-06-01T00:00:00Z")).status,
    ).toBe(200);
    for (const query of [
      "from=2027-01-01&to=2027-04-03",
      "from=2027-03-01T00:00:00Z&to=2027-06-01T01:00:01Z",
      "from=2020-01-01&to=2027-01-01",
    ]) {
      const refused = await get(appointmentsApi.loader, `/api/appointments?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.message).toMatch(/at most 92 days/);
    }
    const reversed = await get(appointmentsApi.loader, "/api/appointments?from=2027-01-05&to=2027-01-04");
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe("'to' must be after 'from'.");
  });

  it("pages a stylist's own column only", async () => {
    const chair = chairs[0]!;
    const seen = (
      await walk(appointmentsApi.loader, "/api/appointments?from=2027-02-01&to=2027-03-01&limit=4", chair.token)
    ).flat();
    const own = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.stylistId, chair.stylistId),
          gte(appointments.startTime, "2027-02-01"),
          lt(appointments.startTime, "2027-03-02"),
        ),
      );
    expect(seen.length).toBeGreaterThan(4);
    expect(seen.sort((a, b) => a - b)).toEqual(own.map((row) => row.id).sort((a, b) => a - b));
  });
});

describe("GET /api/clients", () => {
  it("refuses the old offset parameter rather than repeat the first page", async () => {
    const refused = await get(clientsApi.loader, "/api/clients?offset=50");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/offset is no longer supported/);
  });
});

describe("the shopping list", () => {
  it(`shows at most ${MAX_PENDING_ITEMS} pending items, the oldest, and counts them all`, async () => {
    await db.insert(shoppingItems).values(
      Array.from({ length: MAX_PENDING_ITEMS + 3 }, (_, i) => ({
        customName: `Flood ${i}`,
        createdAt: `2026-01-01T00:00:${String(i % 60).padStart(2, "0")}.000Z`,
      })),
    );
    const api = await get(shoppingApi.loader, "/api/shopping-list");
    expect(api.status).toBe(200);
    expect(api.body).toHaveLength(MAX_PENDING_ITEMS);
    const screen = (await call(
      shoppingPage.loader,
      makeRequest("GET", "/shopping-list", { cookie: admin.cookie }),
    )) as { pending: unknown[]; pendingCount: number };
    expect(screen.pending).toHaveLength(MAX_PENDING_ITEMS);
    expect(screen.pendingCount).toBe(MAX_PENDING_ITEMS + 3);
  });
});

describe("pages", () => {
  it("'View All Appointments' shows 50 a page with Next page and First page links, each appointment once", async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000);
    const starts = Array.from({ length: 25 }, (_, i) =>
      new Date(soon.getTime() + Math.floor(i / 2) * 3_600_000).toISOString(),
    );
    await insertAppointments(starts); // 75, with ties
    type Upcoming = { upcoming: { id: number }[]; firstHref: string | null; nextHref: string | null };
    const load = async (path: string) =>
      (await call(upcomingPage.loader, makeRequest("GET", path, { cookie: admin.cookie }))) as Upcoming;
    const seen: number[] = [];
    let path: string | null = "/calendar/upcoming?view=day&date=2026-11-23";
    let first = true;
    while (path) {
      const page: Upcoming = await load(path);
      expect(page.upcoming.length).toBeLessThanOrEqual(50);
      expect(page.firstHref).toBe(first ? null : "/calendar/upcoming?view=day&date=2026-11-23");
      seen.push(...page.upcoming.map((item) => item.id));
      path = page.nextHref;
      first = false;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(75);
    const bad = await call(
      upcomingPage.loader,
      makeRequest("GET", "/calendar/upcoming?cursor=nonsense", { cookie: admin.cookie }),
    );
    expect((bad as { init?: { status?: number } }).init?.status).toBe(400);
  });

  it("the GDPR tabs page with the same links, keeping the tab", async () => {
    const gdprAdmin = await signedIn("admin");
    type Gdpr = {
      audit: { id: number }[];
      clients: { id: number }[];
      nextHref: string | null;
      firstHref: string | null;
    };
    const page = (await call(
      gdprPage.loader,
      makeRequest("GET", "/gdpr?tab=exports&limit=3", { cookie: gdprAdmin.cookie }),
    )) as Gdpr;
    expect(page.audit).toHaveLength(3);
    expect(page.nextHref).toMatch(/^\/gdpr\?tab=exports&limit=3&cursor=/);
    const second = (await call(
      gdprPage.loader,
      makeRequest("GET", page.nextHref!, { cookie: gdprAdmin.cookie }),
    )) as Gdpr;
    expect(second.firstHref).toBe("/gdpr?tab=exports&limit=3");
    expect(second.audit.map((row) => row.id).every((id) => id < page.audit.at(-1)!.id)).toBe(true);
  });

  it("a stylist is refused the GDPR lists however they are paged", async () => {
    const stylist = chairs[1]!;
    for (const [handler, path] of [
      [erasureRequests.loader, "/api/gdpr/erasure-requests"],
      [forDeletion.loader, "/api/gdpr/clients-for-deletion"],
      [auditApi.loader, "/api/gdpr/audit-log"],
    ] as const) {
      expect((await get(handler, `${path}?limit=1`, stylist.token)).status, path).toBe(403);
    }
  });
});
