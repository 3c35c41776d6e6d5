// The iCalendar feed per stylist (decision 0076): the link's life (create, reset, turn
// off) through /api and its permissions, and the feed itself read with a real iCalendar
// parser (ical.js): the window, stable UIDs, SEQUENCE on a move, cancelled and blocked
// time, privacy, a clock change, conditional requests and the rate limit.
import ICAL from "ical.js";
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, auditLog, calendarFeeds, stylists } from "#db/schema";
import { calendarFeedFor, FEED_REQUESTS_PER_WINDOW, issueCalendarFeed } from "~/domain/calendar-feed.server";
import { syncStylistRecord } from "~/domain/stylists.server";
import { sha256 } from "~/lib/secret-token.server";
import { timeInZone } from "~/lib/salon-time";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as feedApi from "~/routes/api.stylists.$id.calendar-feed";
import * as feedRoute from "~/routes/feeds.$file";
import * as accountSettings from "~/routes/_app.settings._index";
import { call, createTestUser, json, makeRequest, ORIGIN, statusOf } from "../factories";
import { ADMIN, describePermissionMatrix, type MatrixRow } from "../permission-matrix";
import { createClient, createService, stylistSession } from "../calendar-factories";

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let display: Session;

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  display = await stylistSession("display");
});

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const feedPost = (token: string, stylistId: number | string) =>
  call(feedApi.action, makeRequest("POST", `/api/stylists/${stylistId}/calendar-feed`, { token }), {
    id: String(stylistId),
  }).then(json);
const feedDelete = (token: string, stylistId: number | string) =>
  call(feedApi.action, makeRequest("DELETE", `/api/stylists/${stylistId}/calendar-feed`, { token }), {
    id: String(stylistId),
  }).then(json);
const feedStatus = (token: string, stylistId: number | string) =>
  call(feedApi.loader, makeRequest("GET", `/api/stylists/${stylistId}/calendar-feed`, { token }), {
    id: String(stylistId),
  }).then(json);

/** Fetches a feed URL (or path) as a calendar app would. */
async function fetchFeed(url: string, headers: Record<string, string> = {}): Promise<Response> {
  const path = new URL(url, ORIGIN).pathname;
  return (await call(feedRoute.loader, makeRequest("GET", path, { headers }), {
    file: path.replace(/^\/feeds\//, ""),
  })) as Response;
}

const tokenOf = (url: string) => new URL(url).pathname.replace(/^\/feeds\//, "").replace(/\.ics$/, "");

type ParsedEvent = {
  uid: string;
  summary: string;
  start: Date;
  end: Date;
  sequence: number;
  status: string | null;
  transp: string | null;
  lastModified: Date;
};

function parse(text: string): { name: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    const lastModified = component.getFirstPropertyValue("last-modified") as ICAL.Time;
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      sequence: event.sequence,
      status: component.getFirstPropertyValue("status") as string | null,
      transp: component.getFirstPropertyValue("transp") as string | null,
      lastModified: lastModified.toJSDate(),
    };
  });
  return { name: String(calendar.getFirstPropertyValue("x-wr-calname")), events };
}

async function insertAppointment(
  stylistId: number,
  start: Date,
  values: Partial<typeof appointments.$inferInsert> = {},
) {
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + HOUR).toISOString(),
      ...values,
    })
    .returning();
  return row!;
}

async function feedAt(token: string, now: Date) {
  const text = await calendarFeedFor(token, { uidDomain: "localhost", now });
  if (text === null) throw new Error("no feed for this token");
  return { text, ...parse(text) };
}

/** Another stylist: someone else's link for every role in the matrix. */
async function otherStylist() {
  const user = await createTestUser("stylist");
  const [row] = await db.select({ id: stylists.id }).from(stylists).where(eq(stylists.userId, user.id));
  return { id: row!.id };
}
type Target = { id: number };
const apiRow = (method: string, handler: unknown): MatrixRow<Target> => ({
  name: `${method} /api/stylists/{another stylist}/calendar-feed`,
  kind: "api",
  handler,
  method,
  setup: otherStylist,
  path: (_, t) => `/api/stylists/${t.id}/calendar-feed`,
  params: (_, t) => ({ id: String(t.id) }),
  allowed: ADMIN,
});
describePermissionMatrix("permission matrix: calendar feed links", [
  apiRow("GET", feedApi.loader),
  apiRow("POST", feedApi.action),
  apiRow("DELETE", feedApi.action),
  {
    name: "POST /settings (another stylist's calendar link)",
    kind: "page",
    handler: accountSettings.action,
    method: "POST",
    setup: otherStylist,
    path: () => "/settings",
    body: (_, t: Target) => ({ intent: "feed-issue", stylistId: t.id }),
    allowed: ADMIN,
  },
]);

describe("POST and DELETE /api/stylists/{id}/calendar-feed", () => {
  it("creates a link on this server's origin, keeps only its hash, resets it (the old link stops at once) and turns it off", async () => {
    const created = await feedPost(admin.token, sam.stylistId);
    expect(created.status).toBe(201);
    expect(created.body.url).toMatch(new RegExp(`^${ORIGIN}/feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    const first = tokenOf(created.body.url);
    const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.stylistId, sam.stylistId));
    expect(row!.tokenHash).toBe(await sha256(first));
    expect(JSON.stringify(row)).not.toContain(first);
    expect((await fetchFeed(created.body.url)).status).toBe(200);
    expect((await feedStatus(sam.token, sam.stylistId)).body).toEqual({ active: true, createdAt: row!.createdAt });

    const reset = await feedPost(sam.token, sam.stylistId);
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(created.body.url);
    expect((await fetchFeed(created.body.url)).status).toBe(404);
    expect((await fetchFeed(reset.body.url)).status).toBe(200);

    expect(await feedDelete(sam.token, sam.stylistId)).toEqual({
      status: 200,
      body: { message: "Calendar feed turned off" },
    });
    expect((await fetchFeed(reset.body.url)).status).toBe(404);
    expect((await feedStatus(admin.token, sam.stylistId)).body).toEqual({ active: false, createdAt: null });
    expect((await feedDelete(sam.token, sam.stylistId)).body).toEqual({ message: "Calendar feed was already off" });

    const audited = await db
      .select({ action: auditLog.action, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(eq(auditLog.entityId, sam.stylistId))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(audited.reverse()).toEqual([
      { action: "calendar_feed.create", actor: admin.user.id },
      { action: "calendar_feed.reset", actor: sam.user.id },
      { action: "calendar_feed.turn_off", actor: sam.user.id },
    ]);
  });

  it("refuses a stylist another stylist's link, display accounts any, and the signed out; 404 for unknown or malformed ids", async () => {
    const refused = await feedPost(sam.token, kim.stylistId);
    expect(refused).toEqual({ status: 403, body: { message: "You can only manage your own stylist profile." } });
    expect((await feedDelete(sam.token, kim.stylistId)).status).toBe(403);
    expect((await feedStatus(sam.token, kim.stylistId)).status).toBe(403);
    expect((await feedPost(display.token, kim.stylistId)).status).toBe(403);
    expect((await feedDelete(display.token, kim.stylistId)).status).toBe(403);
    expect((await feedPost("", kim.stylistId)).status).toBe(401);
    expect(await feedPost(admin.token, 999999)).toEqual({ status: 404, body: { message: "Stylist not found" } });
    expect((await feedPost(admin.token, "1e3")).status).toBe(404);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.stylistId, kim.stylistId))).toEqual([]);
    const wrongMethod = await call(
      feedApi.action,
      makeRequest("PUT", `/api/stylists/${kim.stylistId}/calendar-feed`, { token: admin.token }),
      { id: String(kim.stylistId) },
    );
    expect((wrongMethod as Response).status).toBe(405);
  });
});

describe("Settings → Account", () => {
  const post = (session: Session, form: Record<string, string>, search = "") =>
    call(accountSettings.action, makeRequest("POST", `/settings${search}`, { cookie: session.cookie, form }));
  const load = async (session: Session, search = "") =>
    (await call(accountSettings.loader, makeRequest("GET", `/settings${search}`, { cookie: session.cookie }))) as {
      feed: unknown;
    };

  it("shows a stylist their own link only, an admin any stylist's; answers a new link once, in the reply", async () => {
    const own = await load(sam, `?feedStylist=${kim.stylistId}`);
    expect(own.feed).toMatchObject({ chooser: false, stylists: [], selected: { id: sam.stylistId } });
    const chosen = await load(admin, `?feedStylist=${kim.stylistId}`);
    expect(chosen.feed).toMatchObject({
      chooser: true,
      selected: { id: kim.stylistId },
      status: { active: expect.any(Boolean) },
    });
    expect((chosen.feed as { stylists: { id: number }[] }).stylists.map((stylist) => stylist.id)).toEqual(
      expect.arrayContaining([sam.stylistId, kim.stylistId]),
    );

    const issued = (await post(sam, { intent: "feed-issue", stylistId: String(sam.stylistId) })) as {
      url: string;
      stylistId: number;
    };
    expect(issued).toMatchObject({
      intent: "feed-issue",
      stylistId: sam.stylistId,
      url: expect.stringMatching(/^http:\/\/localhost:3000\/feeds\/.{43}\.ics$/),
    });
    expect((await fetchFeed(issued.url)).status).toBe(200);
    const off = await post(sam, { intent: "feed-off", stylistId: String(sam.stylistId) });
    expect(statusOf(off)).toBe(302);
    expect((await fetchFeed(issued.url)).status).toBe(404);
  });

  it("refuses a stylist another stylist's link and a display account the screen; a bad id is a form error", async () => {
    const before = await db.select().from(calendarFeeds).where(eq(calendarFeeds.stylistId, kim.stylistId));
    expect(statusOf(await post(sam, { intent: "feed-issue", stylistId: String(kim.stylistId) }))).toBe(403);
    expect(statusOf(await post(sam, { intent: "feed-off", stylistId: String(kim.stylistId) }))).toBe(403);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.stylistId, kim.stylistId))).toEqual(before);
    expect(statusOf(await post(display, { intent: "feed-issue", stylistId: String(kim.stylistId) }))).toBe(403);
    expect(
      statusOf(await call(accountSettings.loader, makeRequest("GET", "/settings", { cookie: display.cookie }))),
    ).toBe(403);
    expect(statusOf(await post(admin, { intent: "feed-issue", stylistId: "0x1" }))).toBe(400);
  });
});

describe("a retired stylist", () => {
  it("loses the link for good: deactivating or changing the role deletes it", async () => {
    const stylist = await stylistSession("stylist");
    const { url } = (await feedPost(stylist.token, stylist.stylistId)).body;
    await syncStylistRecord(db, { ...stylist.user, isActive: false });
    expect((await fetchFeed(url)).status).toBe(404);
    await syncStylistRecord(db, stylist.user);
    expect((await fetchFeed(url)).status).toBe(404);
    expect(await db.select().from(calendarFeeds).where(eq(calendarFeeds.stylistId, stylist.stylistId))).toEqual([]);
  });
});

describe("the feed's content", () => {
  const now = new Date("2026-11-23T12:00:00.000Z");

  it("holds the stylist's appointments from 30 days back to 90 ahead, with the service and the client's first name only", async () => {
    const stylist = await stylistSession("stylist");
    const service = await createService({ name: "Cut, Colour; Finish" });
    const client = await createClient({ name: "Jane Q Doe", phone: "07400 900123", email: "jane.doe@example.test" });
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    const inside = [
      await insertAppointment(stylist.stylistId, at(-29), {
        clientId: client.id,
        serviceId: service.id,
        notes: "Allergic to ammonia",
      }),
      await insertAppointment(stylist.stylistId, at(1), { clientId: client.id, serviceId: service.id }),
      await insertAppointment(stylist.stylistId, at(89), { serviceId: service.id }),
    ];
    await insertAppointment(stylist.stylistId, at(-31), { clientId: client.id, serviceId: service.id });
    await insertAppointment(stylist.stylistId, at(91), { clientId: client.id, serviceId: service.id });
    await insertAppointment(kim.stylistId, at(2), { clientId: client.id, serviceId: service.id });
    const { token } = await issueCalendarFeed(admin.user, stylist.stylistId);

    const feed = await feedAt(token, now);
    expect(feed.name).toContain(`: ${stylist.user.firstName} ${stylist.user.lastName}`);
    expect(feed.events.map((event) => event.uid)).toEqual(inside.map((row) => `appointment-${row.id}@localhost`));
    expect(feed.events[0]).toMatchObject({
      summary: "Cut, Colour; Finish – Jane",
      start: new Date(inside[0]!.startTime),
      end: new Date(inside[0]!.endTime),
      status: "CONFIRMED",
      transp: "OPAQUE",
      sequence: 0,
    });
    expect(feed.events[2]!.summary).toBe("Cut, Colour; Finish");
    for (const secret of ["Doe", "07400", "900123", "jane.doe", "Allergic"]) expect(feed.text).not.toContain(secret);
    // RFC 5545: CRLF line ends, content lines of at most 75 octets, TEXT escaped.
    expect(feed.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(feed.text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of feed.text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(feed.text).toContain("SUMMARY:Cut\\, Colour\\; Finish – Jane");
  });

  it("shows cancelled appointments as CANCELLED and blocked time as busy without its notes", async () => {
    const stylist = await stylistSession("stylist");
    const cancelled = await insertAppointment(stylist.stylistId, new Date(now.getTime() + DAY), {
      status: "cancelled",
      serviceId: (await createService({ name: "Trim" })).id,
    });
    const blocked = await insertAppointment(stylist.stylistId, new Date(now.getTime() + 2 * DAY), {
      status: "blocked",
      notes: "Dentist appointment",
    });
    const { token } = await issueCalendarFeed(admin.user, stylist.stylistId);
    const feed = await feedAt(token, now);
    expect(feed.events).toEqual([
      expect.objectContaining({
        uid: `appointment-${cancelled.id}@localhost`,
        summary: "Trim",
        status: "CANCELLED",
        transp: "TRANSPARENT",
      }),
      expect.objectContaining({
        uid: `appointment-${blocked.id}@localhost`,
        summary: "Unavailable",
        status: "CONFIRMED",
        transp: "OPAQUE",
      }),
    ]);
    expect(feed.text).not.toContain("Dentist");
  });

  it("keeps UIDs across fetches and resets; SEQUENCE and LAST-MODIFIED rise when an appointment moves, whichever way it is written", async () => {
    const service = await createService({ name: "Blow-dry", duration: 60 });
    const client = await createClient({ name: "Ola Nordmann" });
    const booked = await json(
      await call(
        (await import("~/routes/api.appointments._index")).action,
        makeRequest("POST", "/api/appointments", {
          token: admin.token,
          body: {
            clientId: client.id,
            stylistId: sam.stylistId,
            serviceId: service.id,
            startTime: "2026-12-01T10:00:00.000Z",
            status: "scheduled",
          },
        }),
      ),
    );
    expect(booked.status).toBe(201);
    const id = booked.body.id as number;
    const first = await issueCalendarFeed(sam.user, sam.stylistId);
    const eventOf = async (token: string) =>
      (await feedAt(token, now)).events.find((event) => event.uid === `appointment-${id}@localhost`)!;
    const before = await eventOf(first.token);
    expect(before.sequence).toBe(0);

    const moved = await call(
      appointmentById.action,
      makeRequest("PATCH", `/api/appointments/${id}`, {
        token: admin.token,
        body: { startTime: "2026-12-01T11:00:00.000Z" },
      }),
      { id: String(id) },
    );
    expect((moved as Response).status).toBe(200);
    const second = await issueCalendarFeed(sam.user, sam.stylistId);
    const after = await eventOf(second.token);
    expect(after).toMatchObject({ uid: before.uid, sequence: 1, start: new Date("2026-12-01T11:00:00.000Z") });
    expect(after.lastModified.getTime()).toBeGreaterThanOrEqual(before.lastModified.getTime());

    // A write that forgets both columns (a script, a future code path) still counts.
    const [stored] = await db
      .select({ updatedAt: appointments.updatedAt })
      .from(appointments)
      .where(eq(appointments.id, id));
    await new Promise((resolve) => setTimeout(resolve, 5));
    await db
      .update(appointments)
      .set({ startTime: "2026-12-01T12:00:00.000Z", endTime: "2026-12-01T13:00:00.000Z" })
      .where(eq(appointments.id, id));
    const last = await eventOf(second.token);
    expect(last.sequence).toBe(2);
    expect(last.lastModified.getTime()).toBeGreaterThan(Date.parse(stored!.updatedAt) - 1000);
    const [row] = await db
      .select({ updatedAt: appointments.updatedAt, revision: appointments.revision })
      .from(appointments)
      .where(eq(appointments.id, id));
    expect(row!.revision).toBe(2);
    expect(row!.updatedAt > stored!.updatedAt).toBe(true);
  });

  it("puts 10:00 in London at the right instant on both sides of each clock change", async () => {
    const stylist = await stylistSession("stylist");
    // The clocks go back at 02:00 BST on Sunday 25 October 2026.
    const summer = await insertAppointment(stylist.stylistId, new Date("2026-10-24T09:00:00.000Z"));
    const winter = await insertAppointment(stylist.stylistId, new Date("2026-10-26T10:00:00.000Z"));
    const { token } = await issueCalendarFeed(admin.user, stylist.stylistId);
    const feed = await feedAt(token, new Date("2026-11-01T12:00:00.000Z"));
    const byUid = (id: number) => feed.events.find((event) => event.uid === `appointment-${id}@localhost`)!;
    expect(byUid(summer.id).start.toISOString()).toBe("2026-10-24T09:00:00.000Z");
    expect(byUid(winter.id).start.toISOString()).toBe("2026-10-26T10:00:00.000Z");
    expect(timeInZone(byUid(summer.id).start, "Europe/London")).toBe("10:00");
    expect(timeInZone(byUid(winter.id).start, "Europe/London")).toBe("10:00");
    expect(timeInZone(byUid(winter.id).end, "Europe/London")).toBe("11:00");
    expect(feed.text).toContain("DTSTART:20261024T090000Z");

    // And when they go forward, at 01:00 GMT on Sunday 28 March 2027.
    const before = await insertAppointment(stylist.stylistId, new Date("2027-03-27T10:00:00.000Z"));
    const after = await insertAppointment(stylist.stylistId, new Date("2027-03-29T09:00:00.000Z"));
    const spring = await feedAt(token, new Date("2027-03-20T12:00:00.000Z"));
    for (const row of [before, after]) {
      const event = spring.events.find((candidate) => candidate.uid === `appointment-${row.id}@localhost`)!;
      expect(event.start.toISOString()).toBe(row.startTime);
      expect(timeInZone(event.start, "Europe/London")).toBe("10:00");
    }
  });
});

describe("GET /feeds/{token}.ics", () => {
  it("answers text/calendar with an ETag, 304 to If-None-Match, and a new ETag after a change", async () => {
    const stylist = await stylistSession("stylist");
    await insertAppointment(stylist.stylistId, new Date(Date.now() + DAY));
    const { url } = (await feedPost(stylist.token, stylist.stylistId)).body;
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(parse(await response.text()).events).toHaveLength(1);

    const again = await fetchFeed(url, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ETag")).toBe(etag);
    expect((await fetchFeed(url, { "If-None-Match": `"other", W/${etag}` })).status).toBe(304);

    await insertAppointment(stylist.stylistId, new Date(Date.now() + 2 * DAY));
    const changed = await fetchFeed(url, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
  });

  it("answers the same 404 for an unknown token, a malformed one and a missing .ics", async () => {
    const unknown = await fetchFeed(`/feeds/${"A".repeat(43)}.ics`);
    const malformed = await fetchFeed("/feeds/not-a-token.ics");
    const { url } = (await feedPost(admin.token, kim.stylistId)).body;
    const noSuffix = await fetchFeed(url.replace(/\.ics$/, ""));
    for (const response of [unknown, malformed, noSuffix]) {
      expect(response.status).toBe(404);
      expect(await response.text()).toBe("Not found");
    }
  });

  it("limits each link's fetches: 429 with Retry-After, other links unaffected, a reset starts afresh", async () => {
    const stylist = await stylistSession("stylist");
    const { url } = (await feedPost(stylist.token, stylist.stylistId)).body;
    const other = (await feedPost(admin.token, (await stylistSession("stylist")).stylistId)).body.url;
    for (let i = 0; i < FEED_REQUESTS_PER_WINDOW; i += 1) expect((await fetchFeed(url)).status).toBe(200);
    const limited = await fetchFeed(url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toBe("Too many requests for this calendar feed. Try again later.");
    expect((await fetchFeed(other)).status).toBe(200);
    const fresh = (await feedPost(stylist.token, stylist.stylistId)).body.url;
    expect((await fetchFeed(fresh)).status).toBe(200);
  });
});
