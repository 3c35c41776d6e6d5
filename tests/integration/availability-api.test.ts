import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { events, timeOff } from "#db/schema";
import * as availability from "~/routes/api.stylist.availability";
import * as timeOffById from "~/routes/api.stylist.time-off.$id";
import * as timeOffList from "~/routes/api.stylist.time-off._index";
import * as stylists from "~/routes/api.stylists";
import { call, json, makeRequest, signedIn } from "../factories";
import { createStylist, createTimeOff, signedInStylist } from "../services-factories";

type Actor = Awaited<ReturnType<typeof signedIn>>;
let admin: Actor;

beforeAll(async () => {
  admin = await signedIn("admin");
});

const getDays = async (token: string, query = "") =>
  json(await call(availability.loader, makeRequest("GET", `/api/stylist/availability${query}`, { token })));
const put = async (token: string, body: unknown) =>
  json(await call(availability.action, makeRequest("PUT", "/api/stylist/availability", { token, body })));
const listOff = async (token: string, query = "") =>
  json(await call(timeOffList.loader, makeRequest("GET", `/api/stylist/time-off${query}`, { token })));
const addOff = async (token: string, body: unknown) =>
  json(await call(timeOffList.action, makeRequest("POST", "/api/stylist/time-off", { token, body })));
const deleteOff = async (token: string, id: number | string) =>
  json(
    await call(timeOffById.action, makeRequest("DELETE", `/api/stylist/time-off/${id}`, { token }), { id: String(id) }),
  );

describe("GET /api/stylist/availability", () => {
  it("gives a stylist their own days 1-7 with SPEC's defaults: 09:00-17:00, day 7 off", async () => {
    const me = await signedInStylist();
    const answer = await getDays(me.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(7);
    expect(answer.body[0]).toEqual({
      id: null,
      stylistId: me.stylist.id,
      dayOfWeek: 1,
      isWorking: true,
      startTime: "09:00",
      endTime: "17:00",
      createdAt: null,
      updatedAt: null,
    });
    expect(answer.body.map((day: { isWorking: boolean }) => day.isWorking)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });

  it("lets an admin read any stylist with ?stylistId=, and asks them to choose one otherwise", async () => {
    const stylist = await createStylist();
    expect((await getDays(admin.token, `?stylistId=${stylist.id}`)).body).toHaveLength(7);
    const unchosen = await getDays(admin.token);
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.message).toMatch(/^Choose a stylist/);
    expect(await getDays(admin.token, "?stylistId=99999")).toEqual({
      status: 404,
      body: { message: "Stylist not found" },
    });
  });

  it("refuses another stylist's hours (403), display accounts (403) and signed-out callers (401)", async () => {
    const me = await signedInStylist();
    const other = await createStylist();
    expect((await getDays(me.token, `?stylistId=${other.id}`)).status).toBe(403);
    expect((await getDays(me.token, `?stylistId=${me.stylist.id}`)).status).toBe(200);
    expect((await getDays((await signedIn("display")).token)).status).toBe(403);
    expect((await getDays("")).status).toBe(401);
  });
});

describe("PUT /api/stylist/availability", () => {
  it("saves a day, keeps the fields it does not name, and publishes an availability change", async () => {
    const me = await signedInStylist();
    const saved = await put(me.token, { dayOfWeek: 2, isWorking: true, startTime: "10:00", endTime: "18:00" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      stylistId: me.stylist.id,
      dayOfWeek: 2,
      isWorking: true,
      startTime: "10:00",
      endTime: "18:00",
    });
    expect(saved.body.id).toEqual(expect.any(Number));
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: "availability", entityId: me.stylist.id });

    const off = await put(me.token, { dayOfWeek: 2, isWorking: false });
    expect(off.body).toMatchObject({ id: saved.body.id, isWorking: false, startTime: "10:00", endTime: "18:00" });
    const sunday = await put(me.token, { dayOfWeek: 7, isWorking: true });
    expect(sunday.body).toMatchObject({ dayOfWeek: 7, isWorking: true, startTime: "09:00", endTime: "17:00" });

    const days = (await getDays(me.token)).body;
    expect(days[1]).toMatchObject({ dayOfWeek: 2, isWorking: false, startTime: "10:00" });
    expect(days[6]).toMatchObject({ dayOfWeek: 7, isWorking: true });
  });

  it("answers 400 with field messages: end after start, hourly bounds, day 1-14", async () => {
    const me = await signedInStylist();
    const backwards = await put(me.token, { dayOfWeek: 1, startTime: "15:00", endTime: "09:00" });
    expect(backwards).toEqual({
      status: 400,
      body: {
        message: "End time must be after start time",
        errors: { endTime: ["End time must be after start time"] },
      },
    });
    const sameTime = await put(me.token, { dayOfWeek: 1, startTime: "17:00" });
    expect(sameTime.body.errors).toEqual({ endTime: ["End time must be after start time"] });
    const early = await put(me.token, { dayOfWeek: 1, startTime: "06:00", endTime: "23:00" });
    expect(early.body.errors).toEqual({
      startTime: ["Start time must be between 07:00 and 21:00"],
      endTime: ["End time must be between 08:00 and 22:00"],
    });
    expect((await put(me.token, { dayOfWeek: 15 })).body.errors).toEqual({
      dayOfWeek: ["Day must be a number from 1 to 14"],
    });
    expect((await put(me.token, { startTime: "09:00" })).body.errors).toEqual({ dayOfWeek: ["Day is required"] });
    expect((await put(me.token, { dayOfWeek: 1, startTime: "9am" })).body.errors).toEqual({
      startTime: ["Use the 24-hour HH:MM format"],
    });
    expect((await getDays(me.token)).body[0]).toMatchObject({ id: null, startTime: "09:00", endTime: "17:00" });
  });

  it("starts a bi-weekly rota with Week 2 as a copy of Week 1's saved days, and keeps Week 2 when switched again", async () => {
    const me = await signedInStylist();
    await put(me.token, { dayOfWeek: 1, startTime: "10:00", endTime: "18:00" });
    await put(me.token, { dayOfWeek: 7, isWorking: true, startTime: "11:00", endTime: "15:00" });
    expect((await put(me.token, { scheduleMode: "biweekly" })).status).toBe(200);
    const days = (await getDays(me.token)).body as {
      dayOfWeek: number;
      isWorking: boolean;
      startTime: string;
      endTime: string;
    }[];
    const day = (n: number) => days.find((entry) => entry.dayOfWeek === n);
    expect(day(8)).toMatchObject({ isWorking: true, startTime: "10:00", endTime: "18:00" });
    expect(day(14)).toMatchObject({ isWorking: true, startTime: "11:00", endTime: "15:00" });
    // Tuesday of Week 1 was never saved: Week 2's Tuesday keeps SPEC's default (off).
    expect(day(9)).toMatchObject({ isWorking: false });

    await put(me.token, { dayOfWeek: 8, startTime: "12:00", endTime: "20:00" });
    await put(me.token, { scheduleMode: "weekly" });
    await put(me.token, { scheduleMode: "biweekly" });
    const again = (await getDays(me.token)).body as { dayOfWeek: number; startTime: string; endTime: string }[];
    expect(again.find((entry) => entry.dayOfWeek === 8)).toMatchObject({ startTime: "12:00", endTime: "20:00" });
  });

  it("switches the schedule mode on the server: bi-weekly lists days 1-14, 8-14 off by default", async () => {
    const me = await signedInStylist();
    const mode = await put(me.token, { scheduleMode: "biweekly" });
    expect(mode).toEqual({ status: 200, body: { stylistId: me.stylist.id, scheduleMode: "biweekly" } });
    const days = (await getDays(me.token)).body;
    expect(days).toHaveLength(14);
    expect(days.slice(7).map((day: { isWorking: boolean }) => day.isWorking)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    const listed = await json(await call(stylists.loader, makeRequest("GET", "/api/stylists", { token: me.token })));
    expect(listed.body).toEqual([expect.objectContaining({ id: me.stylist.id, scheduleMode: "biweekly" })]);

    expect(
      (await put(me.token, { dayOfWeek: 8, isWorking: true, startTime: "12:00", endTime: "20:00" })).body,
    ).toMatchObject({ dayOfWeek: 8, isWorking: true });
    expect((await put(me.token, { scheduleMode: "weekly" })).body.scheduleMode).toBe("weekly");
    expect((await getDays(me.token)).body).toHaveLength(7);

    expect((await put(me.token, { scheduleMode: "monthly" })).body.errors).toEqual({
      scheduleMode: ["scheduleMode must be weekly or biweekly"],
    });
    expect((await put(me.token, { scheduleMode: "weekly", dayOfWeek: 1 })).status).toBe(400);
  });

  it("lets an admin change any stylist's hours and mode; stylists only their own; display nothing", async () => {
    const target = await createStylist();
    expect((await put(admin.token, { stylistId: target.id, dayOfWeek: 3, isWorking: false })).body).toMatchObject({
      stylistId: target.id,
      dayOfWeek: 3,
      isWorking: false,
    });
    expect((await put(admin.token, { stylistId: target.id, scheduleMode: "biweekly" })).body).toEqual({
      stylistId: target.id,
      scheduleMode: "biweekly",
    });
    expect((await put(admin.token, { dayOfWeek: 3, isWorking: false })).status).toBe(400);
    expect((await put(admin.token, { stylistId: 99999, dayOfWeek: 3 })).status).toBe(404);

    const me = await signedInStylist();
    expect((await put(me.token, { stylistId: target.id, dayOfWeek: 3, isWorking: true })).status).toBe(403);
    expect((await put(me.token, { stylistId: target.id, scheduleMode: "weekly" })).status).toBe(403);
    const display = await signedIn("display");
    expect((await put(display.token, { dayOfWeek: 1, isWorking: false })).status).toBe(403);
    const targetDays = (await getDays(admin.token, `?stylistId=${target.id}`)).body;
    expect(targetDays).toHaveLength(14);
    expect(targetDays[2]).toMatchObject({ isWorking: false });
  });
});

describe("/api/stylist/time-off", () => {
  it("adds whole days off (reason optional), lists them earliest first, and publishes a change", async () => {
    const me = await signedInStylist();
    const later = await addOff(me.token, { startDate: "2026-08-10", endDate: "2026-08-14", reason: " Annual leave " });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({
      stylistId: me.stylist.id,
      startDate: "2026-08-10",
      endDate: "2026-08-14",
      reason: "Annual leave",
    });
    const [event] = await db.select().from(events).orderBy(desc(events.id)).limit(1);
    expect(event).toMatchObject({ topic: "availability", entityId: me.stylist.id });
    const sooner = await addOff(me.token, { startDate: "2026-07-01", endDate: "2026-07-01", reason: "" });
    expect(sooner.body.reason).toBeNull();
    const listed = await listOff(me.token);
    expect(listed.body.map((period: { id: number }) => period.id)).toEqual([sooner.body.id, later.body.id]);
  });

  it("answers 400 with clear messages for missing, impossible or reversed dates", async () => {
    const me = await signedInStylist();
    expect((await addOff(me.token, {})).body.errors).toEqual({
      startDate: ["Start date is required"],
      endDate: ["End date is required"],
    });
    expect((await addOff(me.token, { startDate: "2026-02-30", endDate: "tomorrow" })).body.errors).toEqual({
      startDate: ["Enter a date as YYYY-MM-DD"],
      endDate: ["Enter a date as YYYY-MM-DD"],
    });
    const reversed = await addOff(me.token, { startDate: "2026-05-10", endDate: "2026-05-09" });
    expect(reversed).toEqual({
      status: 400,
      body: {
        message: "End date cannot be before the start date",
        errors: { endDate: ["End date cannot be before the start date"] },
      },
    });
    expect(
      (await addOff(me.token, { startDate: "2026-05-10", endDate: "2026-05-10", reason: "x".repeat(201) })).body.errors,
    ).toEqual({ reason: ["Reason must be at most 200 characters"] });
    expect((await listOff(me.token)).body).toEqual([]);
  });

  it("lets the owner or an admin delete (404 once gone); another stylist and display accounts are refused", async () => {
    const owner = await signedInStylist();
    const other = await signedInStylist();
    const period = await createTimeOff(owner.stylist.id, "2026-09-01", "2026-09-02", "Wedding");
    const second = await createTimeOff(owner.stylist.id, "2026-10-01", "2026-10-02");

    const refused = await deleteOff(other.token, period.id);
    expect(refused.status).toBe(403);
    expect((await deleteOff((await signedIn("display")).token, period.id)).status).toBe(403);
    expect(await db.select().from(timeOff).where(eq(timeOff.id, period.id))).toHaveLength(1);

    expect(await deleteOff(owner.token, period.id)).toEqual({ status: 200, body: { message: "Time off deleted" } });
    expect(await deleteOff(owner.token, period.id)).toEqual({ status: 404, body: { message: "Time off not found" } });
    expect((await deleteOff(admin.token, second.id)).status).toBe(200);
    expect((await listOff(owner.token)).body).toEqual([]);
    expect((await deleteOff(admin.token, "x")).status).toBe(404);
  });

  it("lets an admin add and read any stylist's time off; a stylist cannot add to someone else's", async () => {
    const target = await createStylist();
    const added = await addOff(admin.token, {
      stylistId: target.id,
      startDate: "2026-12-24",
      endDate: "2026-12-26",
      reason: "Christmas",
    });
    expect(added.body).toMatchObject({ stylistId: target.id, reason: "Christmas" });
    expect((await listOff(admin.token, `?stylistId=${target.id}`)).body).toHaveLength(1);
    expect((await listOff(admin.token)).status).toBe(400);
    const me = await signedInStylist();
    expect(
      (await addOff(me.token, { stylistId: target.id, startDate: "2026-12-27", endDate: "2026-12-27" })).status,
    ).toBe(403);
    expect((await listOff(me.token, `?stylistId=${target.id}`)).status).toBe(403);
    expect((await listOff("")).status).toBe(401);
  });
});
