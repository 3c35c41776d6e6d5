// "Stylists see colleagues' calendars" (decision 0113): a salon setting, on by default. On,
// a stylist's calendar has every active stylist's column, colleagues' read-only: their
// blocks carry time, service and client's name only, a colleague's appointment opens
// read-only, and every write to it is refused by the server. Off, a stylist sees their own
// column only, as before.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments } from "#db/schema";
import type { Actor } from "~/domain/access.server";
import { colleagueAppointment, loadCalendar } from "~/domain/calendar.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { listCalendarStylists } from "~/domain/stylists.server";
import { zonedToUtc } from "~/lib/salon-time";
import * as calendarRoute from "~/routes/_app.calendar";
import * as colleagueDialog from "~/routes/_app.calendar.colleague.$appointmentId";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as salonSettingsApi from "~/routes/api.salon-settings._index";
import { pinClock } from "../clock";
import { call, createTestUser, json, makeRequest, payloadOf, statusOf } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";
import { ADMIN, ALL, describePermissionMatrix, type MatrixActor } from "../permission-matrix";

const TZ = "Europe/London";
const DAY = "2026-12-09";
pinClock("2026-12-01T08:00:00.000Z");

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Actor;
let me: Session;
let colleague: Session;
let mine: number;
let theirs: number;
let theirBlock: number;

async function book(stylistId: number, time: string, extra: Partial<typeof appointments.$inferInsert> = {}) {
  const start = zonedToUtc(DAY, time, TZ);
  const [row] = await db
    .insert(appointments)
    .values({
      stylistId,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
      status: "scheduled",
      ...extra,
    })
    .returning({ id: appointments.id });
  return row!.id;
}

const setColleagues = (on: boolean) => saveSalonSettings(admin, { stylistsSeeColleagues: on });

beforeAll(async () => {
  admin = await createTestUser("admin");
  await saveSalonSettings(admin, { timeZone: TZ });
  me = await stylistSession("stylist");
  colleague = await stylistSession("stylist");
  const service = await createService({ name: "Colour" });
  const client = await createClient({
    name: "Cora Client",
    phone: "07400 123456",
    email: "cora@client.test",
    notes: "Allergic to ammonia",
  });
  mine = await book(me.stylistId, "10:00", { clientId: client.id, serviceId: service.id, notes: "My own note" });
  theirs = await book(colleague.stylistId, "11:00", {
    clientId: client.id,
    serviceId: service.id,
    notes: "Private note",
  });
  theirBlock = await book(colleague.stylistId, "14:00", { status: "blocked", notes: "Hospital appointment" });
});
afterEach(() => setColleagues(true));

const actorOf = (session: Session): Actor => session.user as Actor;

describe("the setting", () => {
  it("is on by default, read and changed through /api/salon-settings by an admin", async () => {
    const adminSession = await stylistSession("admin");
    const read = await json(
      await call(salonSettingsApi.loader, makeRequest("GET", "/api/salon-settings", { token: adminSession.token })),
    );
    expect(read.body.stylistsSeeColleagues).toBe(true);
    const off = await json(
      await call(
        salonSettingsApi.action,
        makeRequest("POST", "/api/salon-settings", {
          token: adminSession.token,
          body: { stylistsSeeColleagues: false },
        }),
      ),
    );
    expect(off.status).toBe(200);
    expect(off.body.stylistsSeeColleagues).toBe(false);
    const wrong = await json(
      await call(
        salonSettingsApi.action,
        makeRequest("POST", "/api/salon-settings", { token: adminSession.token, body: { stylistsSeeColleagues: "x" } }),
      ),
    );
    expect(wrong.status).toBe(400);
  });
});

describe("a stylist's calendar", () => {
  it("on: every active stylist's column, colleagues' read-only, their blocks without notes", async () => {
    const calendar = await loadCalendar(actorOf(me), { view: "day", date: DAY });
    const columns = Object.fromEntries(calendar.stylists.map((stylist) => [stylist.id, stylist.readOnly ?? false]));
    expect(columns[me.stylistId]).toBe(false);
    expect(columns[colleague.stylistId]).toBe(true);
    const byId = new Map(calendar.items.map((item) => [item.id, item]));
    expect(byId.get(mine)).toMatchObject({ clientName: "Cora Client", notes: null });
    expect(byId.get(theirs)).toMatchObject({ clientName: "Cora Client", serviceName: "Colour", notes: null });
    expect(byId.get(theirBlock)).toMatchObject({ status: "blocked", notes: null });
    // Nothing of the client's contact details is in what the page carries.
    const page = JSON.stringify(
      payloadOf(await call(calendarRoute.loader, makeRequest("GET", `/calendar?date=${DAY}`, { cookie: me.cookie }))),
    );
    expect(page).not.toContain("07400");
    expect(page).not.toContain("cora@client.test");
    expect(page).not.toContain("Allergic");
    expect(page).not.toContain("Hospital appointment");
    expect(page).not.toContain("Private note");
    // The Week view reads the same columns.
    const week = await loadCalendar(actorOf(me), { view: "week", date: DAY });
    expect(week.stylists.map((stylist) => stylist.id)).toEqual(calendar.stylists.map((stylist) => stylist.id));
  });

  it("an admin's blocked time keeps its notes, and admins see no read-only column", async () => {
    const calendar = await loadCalendar(admin, { view: "day", date: DAY });
    expect(calendar.stylists.every((stylist) => !stylist.readOnly)).toBe(true);
    expect(calendar.items.find((item) => item.id === theirBlock)?.notes).toBe("Hospital appointment");
  });

  it("off: the stylist's own column only, and a colleague's appointment is not found", async () => {
    await setColleagues(false);
    const calendar = await loadCalendar(actorOf(me), { view: "day", date: DAY });
    expect(calendar.stylists.map((stylist) => stylist.id)).toEqual([me.stylistId]);
    expect(calendar.items.map((item) => item.id)).toEqual([mine]);
    expect((await listCalendarStylists(actorOf(me))).map((stylist) => stylist.id)).toEqual([me.stylistId]);
    await expect(colleagueAppointment(actorOf(me), theirs)).rejects.toThrow("Appointment not found.");
    const dialog = await call(
      colleagueDialog.loader,
      makeRequest("GET", `/calendar/colleague/${theirs}`, { cookie: me.cookie }),
      { appointmentId: String(theirs) },
    );
    expect(statusOf(dialog)).toBe(404);
  });
});

describe("a colleague's appointment", () => {
  it("opens read-only with time, service and client's name only", async () => {
    const seen = await colleagueAppointment(actorOf(me), theirs);
    expect(seen).toEqual({
      id: theirs,
      stylistName: expect.any(String),
      date: DAY,
      startTime: "11:00",
      endTime: "12:00",
      status: "scheduled",
      serviceName: "Colour",
      clientName: "Cora Client",
    });
    const blocked = await colleagueAppointment(actorOf(me), theirBlock);
    expect(blocked).toMatchObject({ status: "blocked", serviceName: null, clientName: null });
    const dialog = payloadOf(
      await call(colleagueDialog.loader, makeRequest("GET", `/calendar/colleague/${theirs}`, { cookie: me.cookie }), {
        appointmentId: String(theirs),
      }),
    );
    const text = JSON.stringify(dialog);
    expect(text).toContain("Cora Client");
    expect(text).not.toContain("07400");
    expect(text).not.toContain("cora@client.test");
    expect(text).not.toContain("Private note");
    expect(text).not.toContain("Allergic");
  });

  it("is refused to every write by the stylist, whatever the setting", async () => {
    const id = String(theirs);
    const patch = await json(
      await call(
        appointmentById.action,
        makeRequest("PATCH", `/api/appointments/${id}`, {
          token: me.token,
          body: { startTime: zonedToUtc(DAY, "15:00", TZ).toISOString() },
        }),
        { id },
      ),
    );
    expect([403, 404]).toContain(patch.status);
    const remove = await json(
      await call(appointmentById.action, makeRequest("DELETE", `/api/appointments/${id}`, { token: me.token }), { id }),
    );
    expect([403, 404]).toContain(remove.status);
    const move = await call(
      calendarRoute.action,
      makeRequest("POST", "/calendar", {
        cookie: me.cookie,
        form: { intent: "move", id, stylistId: String(colleague.stylistId), date: DAY, time: "15:00" },
      }),
    );
    expect([403, 404]).toContain(statusOf(move));
    const [row] = await db.select().from(appointments).where(eq(appointments.id, theirs));
    expect(row).toMatchObject({ notes: "Private note", status: "scheduled" });
  });
});

// The permission matrix: everyone who sees a column opens its appointments read-only (a
// stylist a colleague's while the setting is on, tested off above); only admins change the setting.
describePermissionMatrix("permission matrix: colleagues' calendars", [
  {
    name: "GET /calendar/colleague/{id} (a colleague's appointment, read-only)",
    kind: "page",
    handler: colleagueDialog.loader,
    method: "GET",
    setup: async () => ({ id: await book(colleague.stylistId, "16:00") }),
    path: (_actor: MatrixActor, context: { id: number }) => `/calendar/colleague/${context.id}`,
    params: (_actor: MatrixActor, context: { id: number }) => ({ appointmentId: String(context.id) }),
    allowed: ALL,
  },
  {
    name: "POST /api/salon-settings (stylistsSeeColleagues)",
    kind: "api",
    handler: salonSettingsApi.action,
    method: "POST",
    path: () => "/api/salon-settings",
    body: () => ({ stylistsSeeColleagues: true }),
    allowed: ADMIN,
  },
]);
