// Part-day time off (decision 0112): a start and end time on one day. It refuses bookings
// inside those hours as whole-day time off does, asks for confirmation over existing
// bookings, shades and marks only those hours in the Day view, removes the online slots
// it covers and takes its hours out of the working time reports divide by.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { salonSettings } from "#db/schema";
import type { Actor } from "~/domain/access.server";
import { stylistSchedulesForDate, workingMinutesForRanges } from "~/domain/availability.server";
import { loadCalendar } from "~/domain/calendar.server";
import { findSlots } from "~/domain/online-slots.server";
import { saveSalonSettings } from "~/domain/settings.server";
import { dateInZone, timeInZone } from "~/lib/salon-time";
import * as appointmentsApi from "~/routes/api.appointments._index";
import * as timeOffList from "~/routes/api.stylist.time-off._index";
import { pinClock } from "../clock";
import { call, createTestUser, json, makeRequest } from "../factories";
import { createClient, createService, stylistSession } from "../calendar-factories";

const TZ = "Europe/London";
// Tuesday, December 1, 2026, 08:00 in London (GMT, so UTC reads as the wall clock).
const NOW = new Date("2026-12-01T08:00:00.000Z");
pinClock(NOW);

type Session = Awaited<ReturnType<typeof stylistSession>>;
let admin: Session;
let adminActor: Actor;
let service: Awaited<ReturnType<typeof createService>>;
let client: Awaited<ReturnType<typeof createClient>>;

beforeAll(async () => {
  admin = await stylistSession("admin");
  adminActor = await createTestUser("admin");
  await saveSalonSettings(adminActor, { timeZone: TZ, bookingAdvanceLimit: 120 });
  service = await createService({ name: "Cut & Finish", price: 4500, duration: 60 });
  client = await createClient({ name: "Jane Doe" });
});

const addOff = async (token: string, body: unknown) =>
  json(await call(timeOffList.action, makeRequest("POST", "/api/stylist/time-off", { token, body })));
const book = (token: string, stylistId: number, startTime: string) =>
  call(
    appointmentsApi.action,
    makeRequest("POST", "/api/appointments", {
      token,
      body: { clientId: client.id, stylistId, serviceId: service.id, startTime, status: "scheduled" },
    }),
  ).then(json);

describe("POST /api/stylist/time-off with startTime and endTime", () => {
  it("adds those hours of one day and lists them with their times; whole days keep null times", async () => {
    const me = await stylistSession("stylist");
    const part = await addOff(me.token, {
      startDate: "2026-12-15",
      endDate: "2026-12-15",
      startTime: "14:00",
      endTime: "16:00",
      reason: "Dentist",
    });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({
      stylistId: me.stylistId,
      startDate: "2026-12-15",
      endDate: "2026-12-15",
      startTime: "14:00",
      endTime: "16:00",
      reason: "Dentist",
    });
    const whole = await addOff(me.token, { startDate: "2026-12-20", endDate: "2026-12-21", startTime: "" });
    expect(whole.status).toBe(201);
    expect(whole.body).toMatchObject({ startTime: null, endTime: null });
    const listed = await json(
      await call(timeOffList.loader, makeRequest("GET", "/api/stylist/time-off", { token: me.token })),
    );
    expect(listed.body.map((period: { startTime: string | null }) => period.startTime)).toEqual(["14:00", null]);
  });

  it("answers 400 for one time without the other, times over several days, a reversed or malformed time", async () => {
    const me = await stylistSession("stylist");
    const day = { startDate: "2026-12-15", endDate: "2026-12-15" };
    expect((await addOff(me.token, { ...day, startTime: "14:00" })).body.errors).toEqual({
      endTime: ["Give both a start and an end time, or neither for whole days"],
    });
    expect((await addOff(me.token, { ...day, endTime: "14:00" })).body.errors).toEqual({
      startTime: ["Give both a start and an end time, or neither for whole days"],
    });
    expect(
      (await addOff(me.token, { startDate: "2026-12-15", endDate: "2026-12-16", startTime: "14:00", endTime: "16:00" }))
        .body.errors,
    ).toEqual({ endDate: ["Part-day time off is on one day: make the end date the start date"] });
    expect((await addOff(me.token, { ...day, startTime: "14:00", endTime: "14:00" })).body.errors).toEqual({
      endTime: ["End time must be after start time"],
    });
    const malformed = await addOff(me.token, { ...day, startTime: "2pm", endTime: "25:00" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual({
      startTime: ["Use the 24-hour HH:MM format"],
      endTime: ["Use the 24-hour HH:MM format"],
    });
  });
});

describe("bookings and part-day time off", () => {
  it("refuses a booking that overlaps the hours, naming them, and takes one that ends or starts at their edge", async () => {
    const kim = await stylistSession("stylist");
    expect(
      (
        await addOff(kim.token, {
          startDate: "2026-12-15",
          endDate: "2026-12-15",
          startTime: "14:00",
          endTime: "16:00",
          reason: "Dentist",
        })
      ).status,
    ).toBe(201);
    const inside = await book(admin.token, kim.stylistId, "2026-12-15T14:30:00.000Z");
    expect(inside.status).toBe(409);
    expect(inside.body.message).toContain("is on time off 2:00 PM-4:00 PM on Tuesday, December 15, 2026 (Dentist).");
    const across = await book(admin.token, kim.stylistId, "2026-12-15T13:30:00.000Z");
    expect(across.status).toBe(409);
    expect(across.body.message).toContain("is on time off 2:00 PM-4:00 PM");
    expect((await book(admin.token, kim.stylistId, "2026-12-15T13:00:00.000Z")).status).toBe(201);
    expect((await book(admin.token, kim.stylistId, "2026-12-15T16:00:00.000Z")).status).toBe(201);
    // The same hours another day are free.
    expect((await book(admin.token, kim.stylistId, "2026-12-16T14:30:00.000Z")).status).toBe(201);
  });

  it("over existing bookings asks for confirmation listing only those its hours cover, then keeps them", async () => {
    const sam = await stylistSession("stylist");
    const covered = await book(admin.token, sam.stylistId, "2026-12-17T10:00:00.000Z");
    const before = await book(admin.token, sam.stylistId, "2026-12-17T09:00:00.000Z");
    expect([covered.status, before.status]).toEqual([201, 201]);
    const hours = { startDate: "2026-12-17", endDate: "2026-12-17", startTime: "10:30", endTime: "12:00" };
    const asked = await addOff(sam.token, hours);
    expect(asked.status).toBe(409);
    expect(asked.body.message).toMatch(/has 1 booked appointment in this time off/);
    expect(asked.body.conflictCount).toBe(1);
    expect(asked.body.conflicts).toEqual([
      expect.objectContaining({ id: covered.body.id, date: "2026-12-17", time: "10:00", clientName: "Jane Doe" }),
    ]);
    // Hours that begin when the 10:00 booking ends cover nothing.
    expect(
      (
        await addOff(sam.token, {
          startDate: "2026-12-17",
          endDate: "2026-12-17",
          startTime: "11:00",
          endTime: "11:30",
        })
      ).status,
    ).toBe(201);
    expect((await addOff(sam.token, { ...hours, confirm: true })).status).toBe(201);

    // The Day view: only the covered booking is marked, and the schedule carries the hours.
    const calendar = await loadCalendar(adminActor, { view: "day", date: "2026-12-17" });
    expect(calendar.schedules?.[sam.stylistId]).toMatchObject({
      timeOff: null,
      hoursOff: [
        { startTime: "10:30", endTime: "12:00", reason: null },
        { startTime: "11:00", endTime: "11:30", reason: null },
      ],
    });
    const marks = calendar.items
      .filter((item) => item.stylistId === sam.stylistId)
      .map((item) => [item.id, item.duringTimeOff]);
    expect(marks).toEqual([
      [before.body.id, false],
      [covered.body.id, true],
    ]);
  });
});

describe("what reads availability", () => {
  it("online slots leave out the starts whose service would overlap the hours", async () => {
    await db
      .update(salonSettings)
      .set({ onlineBookingEnabled: true, onlineLeadTimeHours: 2, onlinePolicyText: "" })
      .where(eq(salonSettings.id, 1));
    await saveSalonSettings(adminActor, { timeZone: TZ, bookingAdvanceLimit: 120 });
    const ann = await stylistSession("stylist");
    const hour = await createService({ name: "Hour", duration: 60 });
    expect(
      (
        await addOff(ann.token, {
          startDate: "2026-12-08",
          endDate: "2026-12-08",
          startTime: "12:00",
          endTime: "14:00",
        })
      ).status,
    ).toBe(201);
    const slots = await findSlots(db, {
      serviceId: hour.id,
      stylistId: ann.stylistId,
      from: "2026-12-08",
      to: "2026-12-09",
      now: NOW,
    });
    const startsOn = (date: string) =>
      slots.filter((slot) => dateInZone(slot.start, TZ) === date).map((slot) => timeInZone(slot.start, TZ));
    const tuesday = startsOn("2026-12-08");
    expect(tuesday).toContain("11:00");
    expect(tuesday).toContain("14:00");
    for (const taken of ["11:15", "11:45", "12:00", "13:00", "13:45"]) expect(tuesday).not.toContain(taken);
    expect(startsOn("2026-12-09")).toContain("12:00");
  });

  it("the schedule of the day carries the hours, and working minutes lose only the hours inside the working day", async () => {
    const lee = await stylistSession("stylist");
    await addOff(lee.token, { startDate: "2026-12-10", endDate: "2026-12-10", startTime: "08:00", endTime: "10:00" });
    const schedules = await stylistSchedulesForDate([lee.stylistId], "2026-12-10", TZ);
    expect(schedules[lee.stylistId]).toEqual({
      isWorking: true,
      startTime: "09:00",
      endTime: "17:00",
      timeOff: null,
      hoursOff: [{ startTime: "08:00", endTime: "10:00", reason: null }],
    });
    const [minutes] = await workingMinutesForRanges([lee.stylistId], [{ from: "2026-12-10", to: "2026-12-10" }]);
    expect(minutes!.get(lee.stylistId)).toBe(8 * 60 - 60);
  });
});
