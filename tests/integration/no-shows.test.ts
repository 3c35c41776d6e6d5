// No-shows (decision 0082): who may mark one and when (only once the appointment has
// started; a stylist in their own column; display never), the no-show rate in Reports, the
// CSV and /api (not in revenue, not in the cancellation rate), the Week view's count and the
// client card's badge.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments } from "#db/schema";
import { loadCalendar } from "~/domain/calendar.server";
import { parseCsv } from "~/lib/csv";
import { addDays, todayInZone, zonedToUtc, type CalendarDate } from "~/lib/salon-time";
import * as clientsPage from "~/routes/_app.clients";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as reportsApi from "~/routes/api.reports._index";
import * as exportApi from "~/routes/api.reports.export";
import { call, json, makeRequest, payloadOf } from "../factories";
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
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;
const ZONE = "Europe/London";
const FUTURE_NO_SHOW = "An appointment cannot be marked a no-show before it starts.";
const at = (date: CalendarDate, time: string) => zonedToUtc(date, time, ZONE).toISOString();

beforeAll(async () => {
  admin = await stylistSession("admin");
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  display = await stylistSession("display");
  service = await createService({ name: "Missed Cut", price: 4000, duration: 60 });
  client = await createClient({ name: "Nora Noshow" });
});

const put = (
  token: string,
  row: { id: number; stylistId: number; startTime: string; endTime: string },
  status: string,
) =>
  call(
    appointmentById.action,
    makeRequest("PUT", `/api/appointments/${row.id}`, {
      token,
      body: {
        clientId: client.id,
        stylistId: row.stylistId,
        serviceId: service.id,
        startTime: row.startTime,
        endTime: row.endTime,
        status,
      },
    }),
    { id: String(row.id) },
  ).then(json);
const statusOf = async (id: number) =>
  (await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id)))[0]!.status;
const pastBooking = (stylistId: number, daysAgo: number) =>
  book({
    stylistId,
    clientId: client.id,
    serviceId: service.id,
    status: "scheduled",
    price: 4000,
    start: at(addDays(todayInZone(ZONE), -daysAgo), "10:00"),
    minutes: 60,
  });

describe("marking a no-show", () => {
  it("is allowed once the appointment has started, in /api and in the edit form", async () => {
    const row = await pastBooking(sam.stylistId, 3);
    const marked = await put(admin.token, row, "no_show");
    expect(marked).toMatchObject({ status: 200, body: { id: row.id, status: "no_show" } });
    expect(await statusOf(row.id)).toBe("no_show");

    const other = await pastBooking(sam.stylistId, 4);
    const date = addDays(todayInZone(ZONE), -4);
    const form = {
      intent: "update",
      clientId: String(client.id),
      clientName: client.name,
      date,
      time: "10:00",
      stylistId: String(sam.stylistId),
      serviceId: String(service.id),
      duration: "60",
      status: "no_show",
    };
    const saved = await call(
      editDialog.action,
      makeRequest("POST", `/calendar/appointments/${other.id}`, { cookie: sam.cookie, form }),
      { appointmentId: String(other.id) },
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).status).toBe(302);
    expect(await statusOf(other.id)).toBe("no_show");
  });

  it("is refused before the appointment starts (create and edit), and the booking stays scheduled", async () => {
    const start = at(addDays(todayInZone(ZONE), 3), "15:00");
    const created = await call(
      appointmentsApi.action,
      makeRequest("POST", "/api/appointments", {
        token: admin.token,
        body: {
          clientId: client.id,
          stylistId: kim.stylistId,
          serviceId: service.id,
          startTime: start,
          status: "no_show",
        },
      }),
    ).then(json);
    expect(created).toMatchObject({ status: 400, body: { message: FUTURE_NO_SHOW } });
    const future = await book({
      stylistId: kim.stylistId,
      clientId: client.id,
      serviceId: service.id,
      status: "scheduled",
      price: 4000,
      start,
      minutes: 60,
    });
    const edited = await put(admin.token, future, "no_show");
    expect(edited).toMatchObject({ status: 400, body: { errors: { status: [FUTURE_NO_SHOW] } } });
    expect(await statusOf(future.id)).toBe("scheduled");
  });

  it("is refused for another stylist's appointment (404, as a missing one) and for display accounts (403)", async () => {
    const kims = await pastBooking(kim.stylistId, 5);
    expect(await put(sam.token, kims, "no_show")).toMatchObject({ status: 404 });
    expect(await put(display.token, kims, "no_show")).toMatchObject({ status: 403 });
    expect(await statusOf(kims.id)).toBe("scheduled");
    expect(await put(kim.token, kims, "no_show")).toMatchObject({ status: 200, body: { status: "no_show" } });
  });
});

describe("no-shows in Reports", () => {
  // A week of its own (Mon 7 - Sun 13 September 2026): 2 completed (£30 + £50), 1 cancelled,
  // 2 no-shows (£40 each, never revenue), 1 blocked (nowhere).
  const WEEK = { from: "2026-09-07", to: "2026-09-13" };
  beforeAll(async () => {
    const a = sam.stylistId;
    const b = kim.stylistId;
    const day = (date: string) => ({
      serviceId: service.id,
      clientId: client.id,
      minutes: 60,
      start: at(date, "11:00"),
    });
    await book({ ...day("2026-09-07"), stylistId: a, status: "completed", price: 3000 });
    await book({ ...day("2026-09-08"), stylistId: b, status: "completed", price: 5000 });
    await book({ ...day("2026-09-09"), stylistId: a, status: "cancelled", price: 4000 });
    await book({ ...day("2026-09-10"), stylistId: a, status: "no_show", price: 4000 });
    await book({ ...day("2026-09-11"), stylistId: b, status: "no_show", price: 4000 });
    await book({ ...day("2026-09-12"), stylistId: a, clientId: null, serviceId: null, status: "blocked", price: 0 });
  });

  it("gives a no-show rate of no-shows / client appointments, with no-shows in neither revenue nor the cancellation rate", async () => {
    const { status, body } = await json(
      await call(
        reportsApi.loader,
        makeRequest("GET", `/api/reports?from=${WEEK.from}&to=${WEEK.to}`, { token: admin.token }),
      ),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      appointments: 5,
      completedCount: 2,
      totalRevenue: 8000,
      cancelledCount: 1,
      noShowCount: 2,
    });
    expect(body.noShowRate).toBeCloseTo(2 / 5, 10);
    expect(body.cancellationRate).toBeCloseTo(1 / 5, 10);
    const bySam = body.stylists.find((stylist: { stylistId: number }) => stylist.stylistId === sam.stylistId);
    expect(bySam).toMatchObject({ appointments: 3, completed: 1, cancelled: 1, noShows: 1, revenue: 3000 });
  });

  it("gives a stylist their own no-show rate", async () => {
    const { body } = await json(
      await call(
        reportsApi.loader,
        makeRequest("GET", `/api/reports?from=${WEEK.from}&to=${WEEK.to}`, { token: kim.token }),
      ),
    );
    expect(body).toMatchObject({ scope: "own", appointments: 2, noShowCount: 1, totalRevenue: 5000 });
    expect(body.noShowRate).toBeCloseTo(1 / 2, 10);
  });

  it("puts the No-show Rate and each stylist's no-shows in the CSV export", async () => {
    const response = (await call(
      exportApi.loader,
      makeRequest("GET", `/api/reports/export?period=custom&from=${WEEK.from}&to=${WEEK.to}`, { token: admin.token }),
    )) as Response;
    expect(response.status).toBe(200);
    const rows = parseCsv(await response.text());
    expect(rows.find((row) => row[0] === "No-show Rate")?.[1]).toBe("40.0%");
    expect(rows.find((row) => row[0] === "Cancellation Rate")?.[1]).toBe("20.0%");
    const header = rows.find((row) => row[0] === "Stylist")!;
    const samRow = rows.find((row) => row[0] === sam.user.firstName + " " + sam.user.lastName)!;
    expect(samRow[header.indexOf("No-shows")]).toBe("1");
  });

  it("shows the day's no-shows in the Week view's summary, apart from the appointments count", async () => {
    const week = await loadCalendar(admin.user, { view: "week", date: "2026-09-10" });
    expect(week.summary!.days["2026-09-10"]).toMatchObject({ count: 0, noShows: 1, bookedMinutes: 60 });
    expect(week.summary!.byStylist!["2026-09-11"]![kim.stylistId]).toMatchObject({ count: 0, noShows: 1 });
  });
});

describe("the client card", () => {
  it("counts the client's no-shows for those who see contact details, not for display screens", async () => {
    const noShows = (await db.select().from(appointments).where(eq(appointments.clientId, client.id))).filter(
      (row) => row.status === "no_show",
    ).length;
    const list = payloadOf(
      await call(
        clientsPage.loader,
        makeRequest("GET", `/clients?q=${encodeURIComponent("Nora Noshow")}`, { cookie: admin.cookie }),
      ),
    );
    expect(list.clients[0]).toMatchObject({ name: "Nora Noshow", noShowCount: noShows });
    expect(noShows).toBeGreaterThanOrEqual(2);
    const screen = payloadOf(
      await call(
        clientsPage.loader,
        makeRequest("GET", `/clients?q=${encodeURIComponent("Nora Noshow")}`, { cookie: display.cookie }),
      ),
    );
    expect(screen.clients[0].noShowCount).toBeUndefined();
  });
});
