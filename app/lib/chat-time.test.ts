import { describe, expect, it } from "vitest";
import { chatDay, chatTimeLabel } from "./chat-time";

const LONDON = "Europe/London";
const at = (iso: string) => new Date(iso);

describe("chatTimeLabel (SPEC §2, §9)", () => {
  it("shows the clock time on the same salon day, 'Yesterday' a day back, the weekday under a week, else the month and day", () => {
    const now = at("2026-11-23T15:00:00Z"); // Monday
    expect(chatTimeLabel("2026-11-23T09:05:00Z", now, LONDON, "12h")).toBe("9:05 AM");
    expect(chatTimeLabel("2026-11-23T14:59:00Z", now, LONDON, "12h")).toBe("2:59 PM");
    expect(chatTimeLabel("2026-11-22T23:59:00Z", now, LONDON, "12h")).toBe("Yesterday");
    expect(chatTimeLabel("2026-11-21T10:00:00Z", now, LONDON, "12h")).toBe("Saturday");
    expect(chatTimeLabel("2026-11-17T10:00:00Z", now, LONDON, "12h")).toBe("Tuesday");
    expect(chatTimeLabel("2026-11-16T10:00:00Z", now, LONDON, "12h")).toBe("Nov 16");
    expect(chatTimeLabel("2025-12-25T10:00:00Z", now, LONDON, "12h")).toBe("Dec 25");
  });

  it("shows the time on the salon's 24-hour clock when that is the setting", () => {
    const now = at("2026-11-23T15:00:00Z");
    expect(chatTimeLabel("2026-11-23T14:59:00Z", now, LONDON, "24h")).toBe("14:59");
    expect(chatTimeLabel("2026-11-23T09:05:00Z", now, LONDON, "24h")).toBe("9:05");
  });

  it("turns over at the salon's midnight, not UTC's", () => {
    // New York is 5 hours behind UTC in November: 03:30 UTC on the 23rd is 22:30 on the 22nd.
    const now = at("2026-11-23T15:00:00Z");
    expect(chatTimeLabel("2026-11-23T03:30:00Z", now, "America/New_York", "12h")).toBe("Yesterday");
    expect(chatTimeLabel("2026-11-23T05:30:00Z", now, "America/New_York", "12h")).toBe("12:30 AM");
    // One minute either side of London's midnight.
    const justAfterMidnight = at("2026-11-23T00:01:00Z");
    expect(chatTimeLabel("2026-11-22T23:59:00Z", justAfterMidnight, LONDON, "12h")).toBe("Yesterday");
    expect(chatTimeLabel("2026-11-23T00:00:00Z", justAfterMidnight, LONDON, "12h")).toBe("12:00 AM");
    expect(chatDay("2026-11-22T23:59:59Z", LONDON)).toBe("2026-11-22");
    expect(chatDay("2026-11-23T00:00:00Z", LONDON)).toBe("2026-11-23");
  });

  it("counts calendar days across a clock change (23- and 25-hour days)", () => {
    // Clocks go forward on Sunday 29 March 2026 in London (a 23-hour day).
    const mondayMorning = at("2026-03-30T00:30:00+01:00");
    expect(chatTimeLabel("2026-03-29T00:30:00Z", mondayMorning, LONDON, "12h")).toBe("Yesterday");
    expect(chatTimeLabel("2026-03-29T23:30:00Z", mondayMorning, LONDON, "12h")).toBe("12:30 AM");
    // In summer time the clock label is BST: 13:00 UTC is 2:00 PM.
    expect(chatTimeLabel("2026-03-30T13:00:00Z", at("2026-03-30T20:00:00Z"), LONDON, "12h")).toBe("2:00 PM");
    // Clocks go back on Sunday 25 October 2026 (a 25-hour day): 00:30 and 01:30 BST and 01:30 GMT are all the 25th.
    const sundayNight = at("2026-10-25T23:00:00Z");
    expect(chatTimeLabel("2026-10-24T23:30:00Z", sundayNight, LONDON, "12h")).toBe("12:30 AM");
    expect(chatTimeLabel("2026-10-25T00:30:00Z", sundayNight, LONDON, "12h")).toBe("1:30 AM");
    expect(chatTimeLabel("2026-10-25T01:30:00Z", sundayNight, LONDON, "12h")).toBe("1:30 AM");
    expect(chatTimeLabel("2026-10-24T22:59:00Z", sundayNight, LONDON, "12h")).toBe("Yesterday");
    // Six calendar days back across the change is still a weekday name, seven is a date.
    expect(chatTimeLabel("2026-10-20T12:00:00Z", at("2026-10-26T12:00:00Z"), LONDON, "12h")).toBe("Tuesday");
    expect(chatTimeLabel("2026-10-19T12:00:00Z", at("2026-10-26T12:00:00Z"), LONDON, "12h")).toBe("Oct 19");
  });
});
