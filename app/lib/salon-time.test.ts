import { fromZonedTime } from "date-fns-tz";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  dateInZone,
  dayBounds,
  formatClockTime,
  formatLongDate,
  isCalendarDate,
  isoDayOfWeek,
  minutesInZone,
  parseTwelveHourTime,
  rotaDayNumber,
  rotaWeek,
  wallClock,
  weekStart,
  zonedToUtc,
} from "./salon-time";

const LONDON = "Europe/London";

describe("salon time", () => {
  it("converts wall-clock times to UTC on both sides of the clock changes", () => {
    expect(zonedToUtc("2026-07-01", "09:00", LONDON).toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(zonedToUtc("2026-12-01", "09:00", LONDON).toISOString()).toBe("2026-12-01T09:00:00.000Z");
  });

  it("knows a spring-forward day is 23 hours and an autumn day 25", () => {
    const spring = dayBounds("2026-03-29", LONDON);
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = dayBounds("2026-10-25", LONDON);
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
    expect(minutesInZone("2026-03-29T08:00:00.000Z", LONDON)).toBe(9 * 60);
  });

  it("gives the salon's date of an instant near midnight", () => {
    expect(dateInZone("2026-06-30T23:30:00.000Z", LONDON)).toBe("2026-07-01");
    expect(dateInZone("2026-12-31T23:30:00.000Z", LONDON)).toBe("2026-12-31");
  });

  it("does date arithmetic without time zones", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(isoDayOfWeek("2026-11-22")).toBe(7);
    expect(weekStart("2026-11-22")).toBe("2026-11-16");
    expect(isCalendarDate("2026-02-30")).toBe(false);
    expect(isCalendarDate("2026-02-28")).toBe(true);
  });

  it("alternates rota weeks from a fixed Monday", () => {
    expect(rotaWeek("1970-01-05")).toBe(1);
    expect(rotaWeek("1970-01-12")).toBe(2);
    const monday = weekStart("2026-11-22");
    const other = addDays(monday, 7);
    expect(rotaWeek(monday)).not.toBe(rotaWeek(other));
    expect(rotaWeek(monday)).toBe(rotaWeek(addDays(monday, 6)));
    expect(rotaDayNumber("2026-11-22", "weekly")).toBe(7);
    expect([7, 14]).toContain(rotaDayNumber("2026-11-22", "biweekly"));
  });

  it("formats and parses SPEC's date and time texts", () => {
    expect(formatLongDate("2026-11-22")).toBe("Sunday, November 22, 2026");
    expect(formatClockTime("09:05")).toBe("9:05 AM");
    expect(formatClockTime("12:00")).toBe("12:00 PM");
    expect(formatClockTime("24:00")).toBe("12:00 AM");
    // The salon's 24-hour setting (decision 0075): no suffix, no leading zero, as SPEC lists hours.
    expect(formatClockTime("09:05", "24h")).toBe("9:05");
    expect(formatClockTime("13:30", "24h")).toBe("13:30");
    expect(formatClockTime("00:15", "24h")).toBe("0:15");
    expect(formatClockTime("13:30", "12h")).toBe("1:30 PM");
    expect(formatClockTime("00:30")).toBe("12:30 AM");
    expect(parseTwelveHourTime("2:30 PM")).toBe("14:30");
    expect(parseTwelveHourTime("12:15 am")).toBe("00:15");
    expect(parseTwelveHourTime("13:00 PM")).toBeNull();
  });
});

describe("wall clock", () => {
  it("agrees with Intl across a whole year of quarter hours in several zones", () => {
    for (const zone of ["Europe/London", "America/New_York", "Australia/Adelaide", "Asia/Kathmandu"]) {
      const format = new Intl.DateTimeFormat("en-GB", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      });
      for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 60_000 * 13) {
        const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((part) => [part.type, part.value]));
        const { date, minutes } = wallClock(new Date(ms), zone);
        expect(date).toBe(`${parts.year}-${parts.month}-${parts.day}`);
        expect(minutes).toBe(Number(parts.hour) * 60 + Number(parts.minute));
      }
    }
  });
});

describe("zonedToUtc", () => {
  // Both 2026 clock changes of each zone (Lord Howe moves by 30 minutes), plus days without one.
  const DAYS: [zone: string, dates: string[], hoursLong: number[]][] = [
    ["Europe/London", ["2026-03-29", "2026-10-25"], [23, 25]],
    ["America/New_York", ["2026-03-08", "2026-11-01"], [23, 25]],
    ["Australia/Lord_Howe", ["2026-04-05", "2026-10-04"], [24.5, 23.5]],
    ["Asia/Kathmandu", ["2026-03-29", "2026-11-01"], [24, 24]],
    ["Australia/Adelaide", ["2026-04-05", "2026-10-04"], [25, 23]],
  ];
  const quarterHours = Array.from(
    { length: 96 },
    (_, i) => `${String(Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
  );

  it("returns what fromZonedTime returns for every quarter hour of the clock-change days, gaps and overlaps included", () => {
    for (const [zone, dates, hoursLong] of DAYS) {
      dates.forEach((date, index) => {
        const { start, end } = dayBounds(date, zone);
        expect((end.getTime() - start.getTime()) / 3_600_000, `${zone} ${date}`).toBe(hoursLong[index]);
        for (const time of quarterHours) {
          const expected = fromZonedTime(`${date}T${time}:00`, zone).getTime();
          // The first call computes, the second is answered from the cache: both must agree.
          expect(zonedToUtc(date, time, zone).getTime(), `${zone} ${date} ${time}`).toBe(expected);
          expect(zonedToUtc(date, time, zone).getTime(), `${zone} ${date} ${time} (cached)`).toBe(expected);
        }
      });
    }
  });

  it("hands out a new Date each time, so a caller changing one does not change the next answer", () => {
    const first = zonedToUtc("2026-07-01", "09:00", LONDON);
    first.setUTCHours(0);
    const second = zonedToUtc("2026-07-01", "09:00", LONDON);
    expect(second).not.toBe(first);
    expect(second.toISOString()).toBe("2026-07-01T08:00:00.000Z");
  });
});
