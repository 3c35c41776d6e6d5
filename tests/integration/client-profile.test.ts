// The client profile (decisions 0083, 0084): its figures (total spent at booked prices, visits,
// no-shows, cancellations, last visit, usual service and stylist) for an admin and for a
// stylist (their own appointments only, decision 0083), the two paged lists, 'Book again'
// prefilling the booking dialog, `GET /api/clients/{id}`, and display accounts refused.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, todayInZone, zonedToUtc, type CalendarDate } from "~/lib/salon-time";
import * as profilePage from "~/routes/_app.clients_.$clientId";
import * as newDialog from "~/routes/_app.calendar.appointments.new";
import * as clientById from "~/routes/api.clients.$id._index";
import { call, json, makeRequest, payloadOf, statusOf } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";
import { book } from "../reports-factories";
import { useTestClock } from "../clock";

// Counts from today: the tests' clock (tests/clock.ts) fixes the day, or CI's second run moves it.
useTestClock();

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let display: Session;
let cut: Awaited<ReturnType<typeof createService>>;
let colour: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;
let lastVisitStart: string;
const ZONE = "Europe/London";
const at = (date: CalendarDate, time: string) => zonedToUtc(date, time, ZONE).toISOString();
const daysFromToday = (days: number) => addDays(todayInZone(ZONE), days);

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  display = await stylistSession("display");
  cut = await createService({ name: "Profile Cut", price: 4500, duration: 45 });
  colour = await createService({ name: "Profile Colour", price: 7000, duration: 90 });
  client = await createClient({ name: "Paula Profile", notes: "Prefers mornings", email: "paula@example.test" });
  const visit = (
    stylistId: number,
    serviceId: number,
    status: "completed" | "cancelled" | "no_show" | "scheduled",
    days: number,
    price: number,
  ) =>
    book({
      stylistId,
      clientId: client.id,
      serviceId,
      status,
      price,
      start: at(daysFromToday(days), "10:00"),
      minutes: 60,
    });
  // Sam: two completed cuts (£40 then £45: booked prices, whatever the price is now) and a no-show.
  await visit(sam.stylistId, cut.id, "completed", -60, 4000);
  await visit(sam.stylistId, cut.id, "completed", -30, 4500);
  await visit(sam.stylistId, cut.id, "no_show", -20, 4500);
  // Kim: the latest visit, a colour, and a cancellation.
  lastVisitStart = (await visit(kim.stylistId, colour.id, "completed", -10, 7000)).startTime;
  await visit(kim.stylistId, colour.id, "cancelled", -5, 7000);
  // Twelve upcoming with Sam: more than a page of ten.
  for (let week = 1; week <= 12; week += 1) await visit(sam.stylistId, cut.id, "scheduled", week * 7, 4500);
  // Somebody else's visit counts nowhere here.
  const other = await createClient({ name: "Olly Other" });
  await book({
    stylistId: sam.stylistId,
    clientId: other.id,
    serviceId: colour.id,
    status: "completed",
    price: 9900,
    start: at(daysFromToday(-3), "10:00"),
    minutes: 60,
  });
});

const profile = (cookie: string, query = "") =>
  call(profilePage.loader, makeRequest("GET", `/clients/${client.id}${query}`, { cookie }), {
    clientId: String(client.id),
  });

describe("the profile's figures", () => {
  it("gives an admin every appointment's figures: spent at booked prices, visits, no-shows, cancellations, last visit, usual service and stylist", async () => {
    const data = payloadOf(await profile(admin.cookie));
    expect(data.client).toMatchObject({
      name: "Paula Profile",
      notes: "Prefers mornings",
      email: "paula@example.test",
    });
    expect(data.figures).toEqual({
      totalSpent: 4000 + 4500 + 7000,
      visits: 3,
      noShows: 1,
      cancellations: 1,
      lastVisit: daysFromToday(-10),
      usualService: { id: cut.id, name: "Profile Cut" },
      usualStylist: { id: sam.stylistId, name: expect.any(String) },
    });
  });

  it("gives a stylist only their own appointments with the client, in the figures and the lists", async () => {
    const data = payloadOf(await profile(kim.cookie));
    expect(data.figures).toMatchObject({
      totalSpent: 7000,
      visits: 1,
      noShows: 0,
      cancellations: 1,
      lastVisit: daysFromToday(-10),
      usualService: { id: colour.id },
    });
    expect(data.figures.usualStylist.id).toBe(kim.stylistId);
    expect(data.upcoming.items).toEqual([]);
    expect(data.past.items.map((item: { status: string }) => item.status)).toEqual(["cancelled", "completed"]);
    expect(data.client.phone).toBe(client.phone);
  });

  it("answers the same figures in GET /api/clients/{id}, money in pence, for admins and stylists", async () => {
    const { status, body } = await json(
      await call(clientById.loader, makeRequest("GET", `/api/clients/${client.id}`, { token: admin.token }), {
        id: String(client.id),
      }),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: client.id,
      name: "Paula Profile",
      figures: { totalSpent: 15500, visits: 3, noShows: 1, cancellations: 1, lastVisit: lastVisitStart },
    });
    const own = await json(
      await call(clientById.loader, makeRequest("GET", `/api/clients/${client.id}`, { token: sam.token }), {
        id: String(client.id),
      }),
    );
    expect(own.body.figures).toMatchObject({
      totalSpent: 8500,
      visits: 2,
      noShows: 1,
      cancellations: 0,
      usualStylist: { id: sam.stylistId },
    });
  });
});

describe("the profile's lists", () => {
  it("pages the upcoming appointments soonest first and the past ones latest first, each with its own cursor", async () => {
    const first = payloadOf(await profile(admin.cookie));
    expect(first.upcoming.items).toHaveLength(10);
    expect(first.upcoming.items[0].date).toBe(daysFromToday(7));
    expect(first.upcoming.firstHref).toBeNull();
    expect(first.upcoming.nextHref).toMatch(new RegExp(`^/clients/${client.id}\\?upcoming=`));
    expect(first.past.items.map((item: { date: string }) => item.date)).toEqual(
      [-5, -10, -20, -30, -60].map(daysFromToday),
    );
    expect(first.past.items.map((item: { status: string }) => item.status)).toEqual([
      "cancelled",
      "completed",
      "no_show",
      "completed",
      "completed",
    ]);
    expect(first.past.nextHref).toBeNull();

    const second = payloadOf(
      await profile(admin.cookie, first.upcoming.nextHref.slice(`/clients/${client.id}`.length)),
    );
    expect(second.upcoming.items.map((item: { date: string }) => item.date)).toEqual([
      daysFromToday(77),
      daysFromToday(84),
    ]);
    expect(second.upcoming.nextHref).toBeNull();
    expect(second.upcoming.firstHref).toBe(`/clients/${client.id}`);
    expect(second.past.items).toHaveLength(5);
  });

  it("refuses a cursor it did not write (400)", async () => {
    expect(statusOf(await profile(admin.cookie, "?past=not-a-cursor"))).toBe(400);
  });
});

describe("Book again", () => {
  it("links to the booking dialog with the client and the last visit's service and stylist, which the dialog preselects", async () => {
    const data = payloadOf(await profile(admin.cookie));
    const href = new URL(data.bookAgainHref, "http://local");
    expect(href.pathname).toBe("/calendar/appointments/new");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      clientId: String(client.id),
      serviceId: String(colour.id),
      stylistId: String(kim.stylistId),
    });
    const dialog = payloadOf(
      await call(newDialog.loader, makeRequest("GET", `${href.pathname}${href.search}`, { cookie: admin.cookie })),
    );
    expect(dialog.defaults).toMatchObject({
      clientId: client.id,
      clientName: "Paula Profile",
      clientPhone: client.phone,
      serviceId: colour.id,
      stylistId: kim.stylistId,
      duration: 90,
    });
  });

  it("leaves out a client or service that does not exist instead of refusing the dialog", async () => {
    const dialog = payloadOf(
      await call(
        newDialog.loader,
        makeRequest("GET", "/calendar/appointments/new?clientId=999999&serviceId=999999", { cookie: admin.cookie }),
      ),
    );
    expect(dialog.defaults).toMatchObject({ clientId: null, clientName: "", serviceId: null, duration: null });
  });
});

describe("who may open a profile", () => {
  it("refuses display accounts (403) and gives their /api answer no figures", async () => {
    expect(statusOf(await profile(display.cookie))).toBe(403);
    const { status, body } = await json(
      await call(clientById.loader, makeRequest("GET", `/api/clients/${client.id}`, { token: display.token }), {
        id: String(client.id),
      }),
    );
    expect(status).toBe(200);
    expect(body.figures).toBeUndefined();
    expect(body.phone).toBeUndefined();
  });

  it("answers 404 for a malformed or unknown client id", async () => {
    expect(
      statusOf(
        await call(profilePage.loader, makeRequest("GET", "/clients/abc", { cookie: admin.cookie }), {
          clientId: "abc",
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        await call(profilePage.loader, makeRequest("GET", "/clients/999999", { cookie: admin.cookie }), {
          clientId: "999999",
        }),
      ),
    ).toBe(404);
  });
});
