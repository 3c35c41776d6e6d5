import { describe, expect, it } from "vitest";
import { bookHref, formatDuration, isoInstant, parseBookStep } from "./book-steps";

describe("the booking page's steps in the URL", () => {
  it("reads every step and writes it back", () => {
    const step = parseBookStep(
      new URLSearchParams("serviceId=3&stylistId=any&from=2026-12-01&date=2026-12-02&start=2026-12-02T10:00:00Z"),
    );
    expect(step).toEqual({
      serviceId: 3,
      stylistId: "any",
      from: "2026-12-01",
      date: "2026-12-02",
      start: "2026-12-02T10:00:00.000Z",
    });
    expect(bookHref(step)).toBe(
      "/book?serviceId=3&stylistId=any&from=2026-12-01&date=2026-12-02&start=2026-12-02T10%3A00%3A00.000Z",
    );
    expect(bookHref({})).toBe("/book");
  });

  it("drops a malformed value as if it were not there", () => {
    expect(parseBookStep(new URLSearchParams("serviceId=0x10&stylistId=-1&from=2026-13-01&start=tomorrow"))).toEqual({
      serviceId: undefined,
      stylistId: undefined,
      from: undefined,
      date: undefined,
      start: undefined,
    });
    expect(isoInstant("2026-12-02T10:00:00+01:00")).toBeUndefined();
    expect(isoInstant("2026-02-30T10:00:00Z")).toBeUndefined();
  });

  it("names durations", () => {
    expect([45, 60, 90].map(formatDuration)).toEqual(["45 min", "1 hr", "1 hr 30 min"]);
  });
});
