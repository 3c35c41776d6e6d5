// The schedule's guardrails (decisions 0062 to 0064), from the side of the forms and `/api`: time
// off over bookings asks first, the booking advance limit, late cancellations, no future
// completed appointments, blocked time without a service, and an emptied duration.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { appointments, timeOff } from "#db/schema";
import { addDays, formatLongDate, rotaDayNumber, todayInZone, zonedToUtc, type CalendarDate } from "~/lib/salon-time";
import * as calendarPage from "~/routes/_app.calendar";
import * as editDialog from "~/routes/_app.calendar.appointments.$appointmentId";
import * as newDialog from "~/routes/_app.calendar.appointments.new";
import * as addTimeOffDialog from "~/routes/_app.availability.time-off.new";
import * as appointmentById from "~/routes/api.appointments.$id";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as timeOffApi from "~/routes/api.stylist.time-off._index";
import { call, json, makeRequest, payloadOf, statusOf } from "../factories";
import { createClient, createService, setBookingRules, stylistSession } from "../calendar-factories";
import { useTestClock } from "../clock";
import { unpackItems } from "~/lib/calendar-items";
import { saveSalonSettings } from "~/domain/settings.server";

// The dates below are counted from "today": the file runs on the tests' clock (a fixed
// Wednesday, or another day on CI's second run); `workday` gives distinct days, and the
// time-off tests have stylists of their own.
useTestClock();

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let sam: Session;
let kim: Session;
let tess: Session;
let tom: Session;
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;
const ZONE = "Europe/London";
const today = () => todayInZone(ZONE);

/**
 * The `days`-th working day (Monday to Saturday by default) after today. Two counts are
 * never the same day, whatever today is (moving a Sunday to the Monday after made
 * `workday(4)` and `workday(5)` one Monday on a Wednesday, `workday(9)` and `workday(10)`
 * one Monday on a Friday).
 */
function workday(days: number): CalendarDate {
  let date = today();
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    if (rotaDayNumber(date, "weekly") !== 7) left -= 1;
  }
  return date;
}
const at = (date: CalendarDate, time: string) => zonedToUtc(date, time, ZONE).toISOString();

beforeAll(async () => {
  admin = await stylistSession("admin");
  // A stylist's own column as the SPEC has it: colleagues' calendars (decision 0113) are tested on their own.
  await saveSalonSettings(admin.user, { stylistsSeeColleagues: false });
  sam = await stylistSession("stylist");
  kim = await stylistSession("stylist");
  tess = await stylistSession("stylist");
  tom = await stylistSession("stylist");
  service = await createService({ name: "Guard Cut", price: 4000, duration: 45 });
  client = await createClient({ name: "Gina Guard" });
});
beforeEach(() => setBookingRules({ bookingAdvanceLimit: 30, cancellationNotice: 24 }));

const apiPost = (token: string, body: unknown) =>
  call(appointmentsApi.action, makeRequest("POST", "/api/appointments", { token, body })).then(json);
const apiSend = (method: string, token: string, id: number, body: unknown) =>
  call(appointmentById.action, makeRequest(method, `/api/appointments/${id}`, { token, body }), {
    id: String(id),
  }).then(json);
const book = (token: string, stylistId: number, startTime: string, extra: Record<string, unknown> = {}) =>
  apiPost(token, { clientId: client.id, stylistId, serviceId: service.id, startTime, status: "scheduled", ...extra });
const bodyOf = (
  appointment: { id: number; stylistId: number; startTime: string; endTime: string },
  extra: Record<string, unknown> = {},
) => ({
  clientId: client.id,
  stylistId: appointment.stylistId,
  serviceId: service.id,
  startTime: appointment.startTime,
  endTime: appointment.endTime,
  status: "scheduled",
  ...extra,
});
const postForm = (
  handler: unknown,
  path: string,
  cookie: string,
  form: Record<string, string>,
  params: Record<string, string> = {},
) => call(handler, makeRequest("POST", path, { cookie, form }), params);
const bookingForm = (session: Session, date: CalendarDate, extra: Record<string, string> = {}) => ({
  intent: "create",
  clientId: String(client.id),
  clientName: client.name,
  date,
  time: "10:00",
  stylistId: String(session.stylistId),
  serviceId: String(service.id),
  duration: "45",
  status: "scheduled",
  ...extra,
});

describe("time off over bookings", () => {
  it("/api answers 409 listing the scheduled bookings and saves nothing; with confirm: true it saves and the bookings stay", async () => {
    const first = workday(3);
    const last = addDays(first, 1);
    const covered = await book(admin.token, kim.stylistId, at(first, "10:00"));
    expect(covered.status).toBe(201);
    await book(admin.token, kim.stylistId, at(first, "14:00"), { status: "cancelled" });
    await apiPost(admin.token, {
      stylistId: kim.stylistId,
      startTime: at(first, "12:00"),
      endTime: at(first, "13:00"),
      status: "blocked",
      notes: "Lunch",
    });
    await book(admin.token, sam.stylistId, at(first, "10:00"));

    const body = { startDate: first, endDate: last, reason: "Course" };
    const refused = await json(
      await call(timeOffApi.action, makeRequest("POST", "/api/stylist/time-off", { token: kim.token, body })),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("has 1 booked appointment in this time off");
    expect(refused.body.conflictCount).toBe(1);
    expect(refused.body.conflicts).toEqual([
      {
        id: covered.body.id,
        startTime: covered.body.startTime,
        endTime: covered.body.endTime,
        date: first,
        time: "10:00",
        clientName: "Gina Guard",
        serviceName: "Guard Cut",
      },
    ]);
    expect(await db.select().from(timeOff).where(eq(timeOff.stylistId, kim.stylistId))).toHaveLength(0);

    const notBoolean = await json(
      await call(
        timeOffApi.action,
        makeRequest("POST", "/api/stylist/time-off", { token: kim.token, body: { ...body, confirm: "yes" } }),
      ),
    );
    expect(notBoolean.status).toBe(400);

    const saved = await json(
      await call(
        timeOffApi.action,
        makeRequest("POST", "/api/stylist/time-off", { token: kim.token, body: { ...body, confirm: true } }),
      ),
    );
    expect(saved.status).toBe(201);
    const [booking] = await db.select().from(appointments).where(eq(appointments.id, covered.body.id));
    expect(booking!.status).toBe("scheduled");

    // The calendar marks the booking; the other stylist's and the cancelled one are not marked.
    const calendar = payloadOf(
      await call(calendarPage.loader, makeRequest("GET", `/calendar?view=day&date=${first}`, { cookie: admin.cookie })),
    );
    const marked = unpackItems(calendar.items, first)
      .filter((item) => item.duringTimeOff)
      .map((item) => item.id);
    expect(marked).toEqual([covered.body.id]);
    const week = payloadOf(
      await call(calendarPage.loader, makeRequest("GET", `/calendar?view=week&date=${first}`, { cookie: kim.cookie })),
    );
    // The week is a summary per stylist and day: the stylist's day has the booking and no working time.
    const kimsDay = Object.values(
      week.summary.byStylist[first] as Record<string, { count: number; workingMinutes: number }>,
    );
    expect(kimsDay).toEqual([expect.objectContaining({ count: 1, workingMinutes: 0 })]);
  });

  it("time off over nothing booked is added at once", async () => {
    const date = workday(20);
    const result = await json(
      await call(
        timeOffApi.action,
        makeRequest("POST", "/api/stylist/time-off", { token: tess.token, body: { startDate: date, endDate: date } }),
      ),
    );
    expect(result.status).toBe(201);
  });

  it("the Add Time Off form lists the bookings first (date, time, client, service); the second submit for the same dates saves", async () => {
    const date = workday(5);
    expect((await book(admin.token, tom.stylistId, at(date, "11:00"))).status).toBe(201);
    const path = "/availability/time-off/new";
    const form = { startDate: date, endDate: date, reason: "Dentist" };
    const first = await postForm(addTimeOffDialog.action, path, tom.cookie, form);
    expect(statusOf(first)).toBe(409);
    const { confirmation } = payloadOf(first);
    expect(confirmation).toMatchObject({ confirmFor: `${date}/${date}`, conflictCount: 1, value: form });
    expect(confirmation.conflicts[0]).toMatchObject({
      date,
      time: "11:00",
      clientName: "Gina Guard",
      serviceName: "Guard Cut",
    });
    expect(await db.select().from(timeOff).where(eq(timeOff.reason, "Dentist"))).toHaveLength(0);

    // A confirmation for other dates does not carry over: the new range is checked again.
    const other = await postForm(addTimeOffDialog.action, path, tom.cookie, {
      ...form,
      endDate: addDays(date, 1),
      confirmFor: confirmation.confirmFor,
    });
    expect(statusOf(other)).toBe(409);

    const saved = await postForm(addTimeOffDialog.action, path, tom.cookie, {
      ...form,
      confirmFor: confirmation.confirmFor,
    });
    expect(statusOf(saved)).toBe(302);
    expect(await db.select().from(timeOff).where(eq(timeOff.reason, "Dentist"))).toHaveLength(1);
  });
});

describe("the booking advance limit", () => {
  it("refuses a stylist's booking past the limit with a clear message, in /api and the form; an admin is not limited", async () => {
    const beyond = workday(40);
    const last = formatLongDate(addDays(today(), 30));
    const refused = await book(sam.token, sam.stylistId, at(beyond, "10:00"));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      `Appointments can be booked at most 30 days ahead, so by ${last} at the latest. An administrator can book further ahead.`,
    );
    expect((await book(sam.token, sam.stylistId, at(workday(10), "10:00"))).status).toBe(201);
    expect((await book(admin.token, sam.stylistId, at(beyond, "10:00"))).status).toBe(201);

    const form = payloadOf(
      await postForm(newDialog.action, "/calendar/appointments/new", sam.cookie, bookingForm(sam, workday(45))),
    );
    expect(form.result.error[""]).toEqual([
      `Failed to book appointment: Appointments can be booked at most 30 days ahead, so by ${last} at the latest. An administrator can book further ahead.`,
    ]);

    // The salon's setting decides.
    await setBookingRules({ bookingAdvanceLimit: 60 });
    expect((await book(sam.token, sam.stylistId, at(workday(45), "10:00"))).status).toBe(201);
  });

  it("refuses a stylist's move past the limit, but not editing an appointment an admin booked further ahead", async () => {
    const near = await book(sam.token, sam.stylistId, at(workday(12), "13:00"));
    expect(near.status).toBe(201);
    const moved = await apiSend("PATCH", sam.token, near.body.id, { startTime: at(workday(50), "13:00") });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toContain("at most 30 days ahead");

    const far = await book(admin.token, sam.stylistId, at(workday(60), "15:00"));
    expect(far.status).toBe(201);
    const edited = await apiSend("PUT", sam.token, far.body.id, bodyOf(far.body, { notes: "Bring photos" }));
    expect(edited).toMatchObject({ status: 200, body: { notes: "Bring photos" } });
    // Blocked time is not a booking and is not limited.
    const blocked = await apiPost(sam.token, {
      stylistId: sam.stylistId,
      startTime: at(workday(70), "09:00"),
      endTime: at(workday(70), "10:00"),
      status: "blocked",
    });
    expect(blocked.status).toBe(201);
  });
});

describe("late cancellations", () => {
  it("cancelling inside the cancellation notice records a late cancellation, shown in /api, the calendar and the dialog", async () => {
    const lee = await stylistSession("stylist");
    const date = workday(3);
    // A client of her own: Gina is booked at this time with another stylist (one chair at a time).
    const lena = await createClient({ name: "Lena Late" });
    const booked = await book(admin.token, lee.stylistId, at(date, "10:00"), { clientId: lena.id });
    expect(booked).toMatchObject({ status: 201, body: { lateCancellation: false } });
    // A notice of 30 days puts an appointment three days ahead inside it.
    await setBookingRules({ cancellationNotice: 720 });
    const cancelled = await apiSend(
      "PUT",
      lee.token,
      booked.body.id,
      bodyOf(booked.body, { status: "cancelled", clientId: lena.id }),
    );
    expect(cancelled).toMatchObject({ status: 200, body: { status: "cancelled", lateCancellation: true } });
    expect(
      (
        await json(
          await call(
            appointmentById.loader,
            makeRequest("GET", `/api/appointments/${booked.body.id}`, { token: admin.token }),
            { id: String(booked.body.id) },
          ),
        )
      ).body.lateCancellation,
    ).toBe(true);
    // Editing the cancelled appointment keeps the record.
    const noted = await apiSend(
      "PUT",
      admin.token,
      booked.body.id,
      bodyOf(booked.body, { status: "cancelled", notes: "Called at 8", clientId: lena.id }),
    );
    expect(noted.body.lateCancellation).toBe(true);

    const calendar = payloadOf(
      await call(calendarPage.loader, makeRequest("GET", `/calendar?view=day&date=${date}`, { cookie: admin.cookie })),
    );
    expect(unpackItems(calendar.items, date).find((item) => item.id === booked.body.id)).toMatchObject({
      status: "cancelled",
      lateCancellation: true,
    });
    const dialog = payloadOf(
      await call(
        editDialog.loader,
        makeRequest("GET", `/calendar/appointments/${booked.body.id}`, { cookie: admin.cookie }),
        { appointmentId: String(booked.body.id) },
      ),
    );
    expect(dialog.summary.lateCancellation).toBe(true);

    // Booked again, the record goes; with the default 24 hours the same cancellation is in time.
    const rebooked = await apiSend(
      "PUT",
      admin.token,
      booked.body.id,
      bodyOf(booked.body, { status: "scheduled", clientId: lena.id }),
    );
    expect(rebooked.body.lateCancellation).toBe(false);
    await setBookingRules({ cancellationNotice: 24 });
    const inTime = await apiSend(
      "PUT",
      lee.token,
      booked.body.id,
      bodyOf(booked.body, { status: "cancelled", clientId: lena.id }),
    );
    expect(inTime).toMatchObject({ status: 200, body: { lateCancellation: false } });
  });
});

describe("a future appointment cannot be marked completed", () => {
  it("refuses it in /api (create, edit) and in the form; a past one can be completed", async () => {
    const future = at(workday(4), "15:00");
    const created = await book(admin.token, sam.stylistId, future, { status: "completed" });
    expect(created).toMatchObject({
      status: 400,
      body: { message: "An appointment cannot be marked completed before it starts." },
    });
    const booked = await book(admin.token, sam.stylistId, future);
    expect(booked.status).toBe(201);
    const edited = await apiSend("PUT", admin.token, booked.body.id, bodyOf(booked.body, { status: "completed" }));
    expect(edited).toMatchObject({
      status: 400,
      body: { errors: { status: ["An appointment cannot be marked completed before it starts."] } },
    });

    const form = payloadOf(
      await postForm(
        editDialog.action,
        `/calendar/appointments/${booked.body.id}`,
        admin.cookie,
        { ...bookingForm(sam, workday(4), { time: "15:00", status: "completed", intent: "update" }) },
        { appointmentId: String(booked.body.id) },
      ),
    );
    expect(form.result.error.status).toEqual(["An appointment cannot be marked completed before it starts."]);
    expect((await db.select().from(appointments).where(eq(appointments.id, booked.body.id)))[0]!.status).toBe(
      "scheduled",
    );

    const past = addDays(today(), -7);
    const earlier = await book(
      admin.token,
      sam.stylistId,
      at(rotaDayNumber(past, "weekly") === 7 ? addDays(past, -1) : past, "10:00"),
      { status: "completed" },
    );
    expect(earlier).toMatchObject({ status: 201, body: { status: "completed" } });
  });
});

describe("blocked time carries no service", () => {
  it("/api refuses a service on blocked time; the form drops one left chosen", async () => {
    const date = workday(8);
    const refused = await apiPost(admin.token, {
      stylistId: sam.stylistId,
      serviceId: service.id,
      startTime: at(date, "09:00"),
      endTime: at(date, "10:00"),
      status: "blocked",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { errors: { serviceId: ["Blocked time carries no service: leave the service out."] } },
    });
    const ok = await apiPost(admin.token, {
      stylistId: sam.stylistId,
      startTime: at(date, "09:00"),
      endTime: at(date, "10:00"),
      status: "blocked",
    });
    expect(ok).toMatchObject({ status: 201, body: { service: null, price: 0 } });

    const form = await postForm(
      newDialog.action,
      "/calendar/appointments/new",
      sam.cookie,
      bookingForm(sam, date, { status: "blocked", time: "11:00", duration: "30", notes: "Training" }),
    );
    expect(statusOf(form)).toBe(302);
    const [row] = await db.select().from(appointments).where(eq(appointments.notes, "Training"));
    expect(row).toMatchObject({ status: "blocked", serviceId: null, clientId: null, price: 0 });
  });
});

describe("an emptied duration", () => {
  it("is 'Duration is required' (SPEC), unless the no-JavaScript new-booking form says an empty one means the service's", async () => {
    const date = workday(9);
    const emptied = payloadOf(
      await postForm(
        newDialog.action,
        "/calendar/appointments/new",
        sam.cookie,
        bookingForm(sam, date, { duration: "" }),
      ),
    );
    expect(emptied.result.error.duration).toEqual(["Duration is required"]);
    const blocked = payloadOf(
      await postForm(
        newDialog.action,
        "/calendar/appointments/new",
        sam.cookie,
        bookingForm(sam, date, { status: "blocked", duration: "", durationFromService: "on" }),
      ),
    );
    expect(blocked.result.error.duration).toEqual(["Duration is required"]);

    const fromService = await postForm(
      newDialog.action,
      "/calendar/appointments/new",
      sam.cookie,
      bookingForm(sam, date, { duration: "", durationFromService: "on", notes: "No script" }),
    );
    expect(statusOf(fromService)).toBe(302);
    const [row] = await db.select().from(appointments).where(eq(appointments.notes, "No script"));
    expect(Date.parse(row!.endTime) - Date.parse(row!.startTime)).toBe(45 * 60_000);

    const edit = payloadOf(
      await postForm(
        editDialog.action,
        `/calendar/appointments/${row!.id}`,
        sam.cookie,
        bookingForm(sam, date, { intent: "update", duration: "" }),
        { appointmentId: String(row!.id) },
      ),
    );
    expect(edit.result.error.duration).toEqual(["Duration is required"]);
  });
});
