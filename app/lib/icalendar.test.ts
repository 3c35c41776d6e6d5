import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { escapeText, foldLine, formatUtc, serializeCalendar } from "./icalendar";

describe("the RFC 5545 writer", () => {
  it("escapes backslashes, semicolons, commas and line breaks in TEXT", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("writes UTC date-times", () => {
    expect(formatUtc(new Date("2027-03-28T00:59:59.999Z"))).toBe("20270328T005959Z");
  });

  it("folds lines at 75 octets without splitting a UTF-8 character, and a parser unfolds them", () => {
    const line = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");

    const summary = `Colour; cut, & ${"ü".repeat(60)}\nnext line`;
    const text = serializeCalendar({
      productId: "-//Test//EN",
      name: "Test",
      timeZone: "Europe/London",
      refreshInterval: "PT1H",
      events: [
        {
          uid: "appointment-1@example.test",
          start: new Date("2026-12-01T10:00:00Z"),
          end: new Date("2026-12-01T11:00:00Z"),
          summary,
          status: "CONFIRMED",
          transparency: "OPAQUE",
          sequence: 3,
          created: new Date("2026-11-01T10:00:00Z"),
          lastModified: new Date("2026-11-02T10:00:00Z"),
        },
      ],
    });
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent("vevent")!);
    expect(event.summary).toBe(summary);
    expect(event.sequence).toBe(3);
    expect(event.startDate.toJSDate().toISOString()).toBe("2026-12-01T10:00:00.000Z");
  });
});
