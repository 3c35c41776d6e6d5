// What the calendar asks of availability: each stylist's day, and why a span cannot be booked.
import { describe, expect, it } from "vitest";
import { db } from "#db/client.server";
import { availabilityConflict, stylistSchedulesForDate } from "~/domain/availability.server";
import { zonedToUtc } from "~/lib/salon-time";
import { createStylist, createTimeOff, setDay, setScheduleMode } from "../services-factories";

const LONDON = "Europe/London";
/** A span on the salon's wall clock. */
const at = (date: string, from: string, to: string, toDate = date) =>
  [zonedToUtc(date, from, LONDON), zonedToUtc(toDate, to, LONDON)] as const;
const conflict = (stylistId: number, [start, end]: readonly [Date, Date]) =>
  availabilityConflict(db, stylistId, start, end, LONDON, "24h");
const named = (name: string) => createStylist({ firstName: name, lastName: "Rota" });

// Dates used below (rotaWeek counts Monday-based weeks from 1970-01-05, even weeks are Week 1):
// 2026-06-01 Monday, Week 2; 2026-06-08 Monday, Week 1; 2026-06-07 Sunday.
// London's clocks go forward on 2026-03-29 and back on 2026-10-25 (both Sundays, 01:00 UTC).

describe("availabilityConflict: working hours", () => {
  it("accepts a span inside the day's hours, edges included, and refuses one that starts early or ends late", async () => {
    const stylist = await named("Ava");
    expect(await conflict(stylist.id, at("2026-06-08", "09:00", "10:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-08", "16:00", "17:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-08", "08:30", "09:30"))).toBe(
      "Ava Rota works 9:00-17:00 on Monday, June 8, 2026, so 8:30-9:30 is outside their working hours.",
    );
    expect(await conflict(stylist.id, at("2026-06-08", "16:30", "17:15"))).toBe(
      "Ava Rota works 9:00-17:00 on Monday, June 8, 2026, so 16:30-17:15 is outside their working hours.",
    );
  });

  it("uses the saved hours of the day instead of the default", async () => {
    const stylist = await named("Ben");
    await setDay(stylist.id, 1, { startTime: "12:00", endTime: "20:00" });
    expect(await conflict(stylist.id, at("2026-06-08", "19:00", "20:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-08", "10:00", "11:00"))).toMatch(
      /^Ben Rota works 12:00-20:00 on Monday, June 8, 2026/,
    );
  });
});

describe("availabilityConflict: days off", () => {
  it("refuses a default day off (day 7) and a day saved as not working", async () => {
    const stylist = await named("Cleo");
    expect(await conflict(stylist.id, at("2026-06-07", "10:00", "11:00"))).toBe(
      "Cleo Rota is not working on Sunday, June 7, 2026.",
    );
    await setDay(stylist.id, 3, { isWorking: false });
    expect(await conflict(stylist.id, at("2026-06-10", "10:00", "11:00"))).toBe(
      "Cleo Rota is not working on Wednesday, June 10, 2026.",
    );
    await setDay(stylist.id, 7, { isWorking: true, startTime: "10:00", endTime: "16:00" });
    expect(await conflict(stylist.id, at("2026-06-07", "10:00", "11:00"))).toBeNull();
  });
});

describe("availabilityConflict: bi-weekly rota", () => {
  it("reads days 8-14 in Week 2 and days 1-7 in Week 1; a weekly stylist uses days 1-7 every week", async () => {
    const stylist = await named("Dee");
    await setScheduleMode(stylist.id, "biweekly");
    await setDay(stylist.id, 8, { startTime: "10:00", endTime: "18:00" });
    // Week 2 Monday: day 8's hours.
    expect(await conflict(stylist.id, at("2026-06-01", "17:00", "18:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-01", "09:00", "10:00"))).toBe(
      "Dee Rota works 10:00-18:00 on Monday, June 1, 2026, so 9:00-10:00 is outside their working hours.",
    );
    // Week 1 Monday: day 1, the default 09:00-17:00.
    expect(await conflict(stylist.id, at("2026-06-08", "09:00", "10:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-08", "17:00", "18:00"))).toMatch(/works 9:00-17:00/);
    // Week 2 Tuesday (day 9) was never saved: off by default.
    expect(await conflict(stylist.id, at("2026-06-02", "10:00", "11:00"))).toBe(
      "Dee Rota is not working on Tuesday, June 2, 2026.",
    );

    const weekly = await named("Eve");
    await setDay(weekly.id, 8, { isWorking: false });
    expect(await conflict(weekly.id, at("2026-06-02", "10:00", "11:00"))).toBeNull();
  });
});

describe("availabilityConflict: time off", () => {
  it("refuses every day of a period, start and end inclusive, naming the reason when there is one", async () => {
    const stylist = await named("Finn");
    await createTimeOff(stylist.id, "2026-06-09", "2026-06-10", "Annual leave");
    await createTimeOff(stylist.id, "2026-06-12", "2026-06-12");
    expect(await conflict(stylist.id, at("2026-06-08", "16:00", "17:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-09", "09:00", "10:00"))).toBe(
      "Finn Rota is on time off on Tuesday, June 9, 2026 (Annual leave).",
    );
    expect(await conflict(stylist.id, at("2026-06-10", "16:00", "17:00"))).toBe(
      "Finn Rota is on time off on Wednesday, June 10, 2026 (Annual leave).",
    );
    expect(await conflict(stylist.id, at("2026-06-11", "09:00", "10:00"))).toBeNull();
    expect(await conflict(stylist.id, at("2026-06-12", "09:00", "10:00"))).toBe(
      "Finn Rota is on time off on Friday, June 12, 2026.",
    );
    // The booking code asks inside its own transaction.
    const [start, end] = at("2026-06-09", "11:00", "12:00");
    expect(await db.transaction((tx) => availabilityConflict(tx, stylist.id, start, end, LONDON, "24h"))).toMatch(
      /^Finn Rota is on time off/,
    );
  });
});

describe("availabilityConflict: spans across days and clock changes (Europe/London)", () => {
  it("judges the day the clocks go forward by its own wall clock", async () => {
    const stylist = await named("Gus");
    await setDay(stylist.id, 7, { startTime: "09:00", endTime: "17:00" });
    // 09:00-10:00 BST is 08:00-09:00 UTC.
    expect(await conflict(stylist.id, [new Date("2026-03-29T08:00:00Z"), new Date("2026-03-29T09:00:00Z")])).toBeNull();
    // 16:30-17:00 UTC is 17:30-18:00 BST: after hours, although it looks inside them in UTC.
    expect(await conflict(stylist.id, [new Date("2026-03-29T16:30:00Z"), new Date("2026-03-29T17:00:00Z")])).toBe(
      "Gus Rota works 9:00-17:00 on Sunday, March 29, 2026, so 17:30-18:00 is outside their working hours.",
    );
  });

  it("reports a night span across the change with the times the clocks showed", async () => {
    const stylist = await named("Hal");
    await setDay(stylist.id, 6, { startTime: "07:00", endTime: "22:00" });
    await setDay(stylist.id, 7, { startTime: "07:00", endTime: "22:00" });
    // 00:30 GMT to 03:30 BST is two real hours across the jump from 01:00 to 02:00.
    expect(await conflict(stylist.id, at("2026-03-29", "00:30", "03:30"))).toBe(
      "Hal Rota works 7:00-22:00 on Sunday, March 29, 2026, so 0:30-3:30 is outside their working hours.",
    );
    // Saturday evening into Sunday morning: Saturday is judged first, up to midnight.
    expect(await conflict(stylist.id, at("2026-03-28", "21:00", "08:00", "2026-03-29"))).toBe(
      "Hal Rota works 7:00-22:00 on Saturday, March 28, 2026, so 21:00-24:00 is outside their working hours.",
    );
    // The autumn change: 00:30 BST to 02:30 GMT is three real hours.
    expect(await conflict(stylist.id, [new Date("2026-10-24T23:30:00Z"), new Date("2026-10-25T02:30:00Z")])).toBe(
      "Hal Rota works 7:00-22:00 on Sunday, October 25, 2026, so 0:30-2:30 is outside their working hours.",
    );
  });

  it("judges a span across midnight day by day, starting with the first day", async () => {
    const stylist = await named("Ivy");
    await setDay(stylist.id, 1, { startTime: "07:00", endTime: "22:00" });
    await createTimeOff(stylist.id, "2026-06-09", "2026-06-09", "Dentist");
    // Monday 21:00 to Tuesday 08:00 fails on Monday's hours first.
    expect(await conflict(stylist.id, at("2026-06-08", "21:00", "08:00", "2026-06-09"))).toMatch(
      /^Ivy Rota works 7:00-22:00 on Monday, June 8, 2026, so 21:00-24:00/,
    );
    // A span ending exactly at Tuesday's midnight touches only Monday.
    expect(await conflict(stylist.id, at("2026-06-08", "21:00", "00:00", "2026-06-09"))).toMatch(
      /21:00-24:00 is outside/,
    );
    // On a salon's 12-hour clock (the default), the same refusal in its times: the day's end is midnight.
    const [start, end] = at("2026-06-08", "21:00", "00:00", "2026-06-09");
    expect(await availabilityConflict(db, stylist.id, start, end, LONDON, "12h")).toBe(
      "Ivy Rota works 7:00 AM-10:00 PM on Monday, June 8, 2026, so 9:00 PM-12:00 AM is outside their working hours.",
    );
  });

  it("rejects an empty or backwards span and an unknown stylist", async () => {
    const stylist = await named("Jo");
    const [start] = at("2026-06-08", "10:00", "11:00");
    await expect(availabilityConflict(db, stylist.id, start, start, LONDON, "24h")).rejects.toMatchObject({
      status: 400,
    });
    await expect(conflict(99999, at("2026-06-08", "10:00", "11:00"))).rejects.toMatchObject({
      status: 404,
      message: "Stylist not found",
    });
  });
});

describe("stylistSchedulesForDate", () => {
  it("gives each stylist's day with defaults, the bi-weekly week, saved hours and time off", async () => {
    const plain = await named("Kai");
    const rota = await named("Lou");
    const away = await named("Max");
    await setScheduleMode(rota.id, "biweekly");
    await setDay(rota.id, 8, { startTime: "11:00", endTime: "19:00" });
    await setDay(away.id, 1, { startTime: "08:00", endTime: "16:00" });
    await createTimeOff(away.id, "2026-05-30", "2026-06-02", "Holiday");

    const week2Monday = await stylistSchedulesForDate([plain.id, rota.id, away.id], "2026-06-01", LONDON);
    expect(week2Monday).toEqual({
      [plain.id]: { isWorking: true, startTime: "09:00", endTime: "17:00", timeOff: null },
      [rota.id]: { isWorking: true, startTime: "11:00", endTime: "19:00", timeOff: null },
      [away.id]: { isWorking: true, startTime: "08:00", endTime: "16:00", timeOff: { reason: "Holiday" } },
    });
    const sunday = await stylistSchedulesForDate([plain.id, away.id], "2026-06-07", LONDON);
    expect(sunday[plain.id]).toEqual({ isWorking: false, startTime: "09:00", endTime: "17:00", timeOff: null });
    expect(sunday[away.id]!.timeOff).toBeNull();
    const week1Monday = await stylistSchedulesForDate([rota.id], "2026-06-08", LONDON);
    expect(week1Monday[rota.id]).toMatchObject({ isWorking: true, startTime: "09:00", endTime: "17:00" });
    expect(await stylistSchedulesForDate([], "2026-06-08", LONDON)).toEqual({});
    await expect(stylistSchedulesForDate([plain.id], "2026-02-30", LONDON)).rejects.toMatchObject({ status: 400 });
  });
});
