import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  BLOCKED_CLASS,
  BLOCKED_CLASSES,
  serviceColorClass,
  blockHeight,
  GRID_ROWS,
  minutesToTop,
  rangeLabel,
  SERVICE_COLORS,
  SERVICE_PALETTE,
  serviceColor,
  defaultServiceColorKey,
  shortStylistName,
  SLOT_TIMES,
  slotAt,
  stepDate,
  viewRange,
} from "./calendar";

describe("calendar geometry", () => {
  it("has 64 rows of 15 minutes from 07:00 to 22:45, 28 px each", () => {
    expect(GRID_ROWS).toBe(64);
    expect(SLOT_TIMES[0]).toBe("07:00");
    expect(SLOT_TIMES.at(-1)).toBe("22:45");
    expect(minutesToTop(7 * 60)).toBe(0);
    expect(minutesToTop(9 * 60 + 30)).toBe(10 * 28);
    expect(blockHeight(600, 660)).toBe(112);
    expect(blockHeight(600, 605)).toBe(28);
    expect(slotAt(29)).toBe(7 * 60 + 15);
    expect(slotAt(99999)).toBe(22 * 60 + 45);
  });

  it("steps 1 day, 7 days or 1 month and covers whole weeks", () => {
    expect(stepDate("day", "2026-11-22", 1)).toBe("2026-11-23");
    expect(stepDate("week", "2026-11-22", -1)).toBe("2026-11-15");
    expect(stepDate("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(viewRange("week", "2026-11-22")).toEqual({ first: "2026-11-16", last: "2026-11-22" });
    expect(viewRange("month", "2026-11-22")).toEqual({ first: "2026-10-26", last: "2026-12-06" });
  });

  it("labels the range", () => {
    expect(rangeLabel("day", "2026-11-22")).toBe("Sunday, November 22, 2026");
    expect(rangeLabel("week", "2026-11-22")).toBe("Nov 16 – Nov 22, 2026");
    expect(rangeLabel("week", "2026-12-30")).toBe("Dec 28, 2026 – Jan 3, 2027");
    expect(rangeLabel("month", "2026-11-22")).toBe("November 2026");
  });

  it("colours a service the same way every time, from 30 classes", () => {
    expect(SERVICE_PALETTE).toHaveLength(30);
    expect(new Set(SERVICE_PALETTE).size).toBe(30);
    expect(serviceColor("Cut & Finish")).toBe(serviceColor("Cut & Finish"));
    expect(SERVICE_PALETTE).toContain(serviceColor("Balayage"));
  });

  it("keeps the palette's colours apart: one light and one deep shade per hue, and Cut & Style is no near twin of Full Colour", () => {
    const backgrounds = SERVICE_PALETTE.map((classes) => classes.split(" ")[0]!);
    expect(new Set(backgrounds).size).toBe(30);
    const hue = (classes: string) => classes.split(" ")[0]!.split("-")[1];
    const perHue = new Map<string, number>();
    for (const classes of SERVICE_PALETTE) perHue.set(hue(classes)!, (perHue.get(hue(classes)!) ?? 0) + 1);
    expect([...perHue.values()].every((count) => count === 2)).toBe(true);
    // The old palette had rose, pink and fuchsia in two shades each: six pinks.
    expect(backgrounds.filter((background) => /rose|pink|fuchsia/.test(background))).toHaveLength(4);
    expect(hue(serviceColor("Cut & Style"))).not.toBe(hue(serviceColor("Full Colour")));
  });

  it("uses an admin's chosen colour over the name's, ignoring an unknown key", () => {
    expect(serviceColor("Balayage", "deep-teal")).toBe(SERVICE_COLORS["deep-teal"]);
    expect(serviceColor("Balayage", "#ff00ff")).toBe(serviceColor("Balayage"));
    expect(serviceColor("Balayage", null)).toBe(SERVICE_COLORS[defaultServiceColorKey("Balayage")]);
  });

  it("shortens stylist names", () => {
    expect(shortStylistName("Sam Shears")).toBe("Sam S.");
    expect(shortStylistName("Cher")).toBe("Cher");
  });
});

describe("serviceColorClass (one class per colour on the Day view's blocks)", () => {
  const css = readFileSync(new URL("../tailwind.css", import.meta.url), "utf8");
  const utility = (name: string) => new RegExp(`@utility ${name} \\{\\s*@apply ([^;]+);`).exec(css)?.[1];
  const generated = /@source inline\("sc-\{blocked,\{,deep-\}\{([^}]+)\}\}"\)/.exec(css)?.[1]?.split(",") ?? [];

  it("applies the same utilities as SERVICE_COLORS, and is generated, for every colour", () => {
    for (const [key, classes] of Object.entries(SERVICE_COLORS)) {
      expect(utility(`sc-${key}`), key).toBe(classes);
      expect(generated, key).toContain(key.replace(/^deep-/, ""));
    }
    expect(utility(BLOCKED_CLASS)).toBe(BLOCKED_CLASSES);
  });

  it("names the chosen colour, or the one the name hashes to", () => {
    expect(serviceColorClass("Cut", "deep-teal")).toBe("sc-deep-teal");
    expect(serviceColorClass("Cut", null)).toBe(`sc-${defaultServiceColorKey("Cut")}`);
    expect(serviceColorClass("Cut", "no-such")).toBe(`sc-${defaultServiceColorKey("Cut")}`);
  });
});
