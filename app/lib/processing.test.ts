// Processing time's pure parts (decision 0111): the free window inside a booking, the parts
// its stylist works through, the Day view's lanes and the packed blocks carrying the window;
// and the blocks a revalidation leaves as they were (decision 0132).
import { describe, expect, it } from "vitest";
import type { CalendarItem } from "~/domain/calendar.server";
import { keepUnchanged, laneLayout, packItems, unpackItems } from "./calendar-items";
import { activeParts, processingWindow } from "./service-limits";

const MIN = 60_000;

describe("processingWindow and activeParts", () => {
  it("gives the free window only when it lies inside the booking with work after it", () => {
    expect(processingWindow({ afterMinutes: 30, minutes: 45 }, 120)).toEqual({ from: 30, to: 75 });
    expect(processingWindow({ afterMinutes: 30, minutes: 90 }, 120)).toBeNull();
    expect(processingWindow({ afterMinutes: 0, minutes: 0 }, 120)).toBeNull();
    expect(processingWindow({ afterMinutes: null, minutes: null }, 60)).toBeNull();
  });

  it("splits a booking around its processing; without processing it is worked through whole", () => {
    expect(activeParts(0, 120 * MIN, { processingAfterMinutes: 30, processingMinutes: 45 })).toEqual([
      { start: 0, end: 30 * MIN },
      { start: 75 * MIN, end: 120 * MIN },
    ]);
    expect(activeParts(0, 60 * MIN, { processingAfterMinutes: 0, processingMinutes: 30 })).toEqual([
      { start: 30 * MIN, end: 60 * MIN },
    ]);
    expect(activeParts(0, 60 * MIN, { processingAfterMinutes: null, processingMinutes: null })).toEqual([
      { start: 0, end: 60 * MIN },
    ]);
  });
});

const item = (
  id: number,
  startMinutes: number,
  endMinutes: number,
  extra: Partial<CalendarItem> = {},
): CalendarItem => ({
  id,
  stylistId: 1,
  date: "2030-09-17",
  startMinutes,
  endMinutes,
  status: "scheduled",
  clientName: `Client ${id}`,
  serviceName: null,
  serviceColor: null,
  notes: null,
  duringTimeOff: false,
  lateCancellation: false,
  inSeries: false,
  online: false,
  inVisit: false,
  paid: false,
  patchTest: null,
  processing: null,
  ...extra,
});

describe("the Day view's lanes", () => {
  it("puts overlapping blocks side by side, earliest left, and leaves lone blocks full width", () => {
    const colour = item(1, 600, 720, { processing: [30, 75] });
    const gap = item(2, 630, 660);
    const later = item(3, 700, 730);
    const alone = item(4, 780, 840);
    const layout = laneLayout([gap, colour, later, alone]);
    expect(layout.get(1)).toEqual({ lane: 0, lanes: 2 });
    expect(layout.get(2)).toEqual({ lane: 1, lanes: 2 });
    // The gap's lane is free again by 11:40.
    expect(layout.get(3)).toEqual({ lane: 1, lanes: 2 });
    expect(layout.has(4)).toBe(false);
  });

  it("lays out each stylist's column on its own: the same time in two columns takes no lanes", () => {
    const sofia = item(1, 540, 600);
    const theo = item(2, 540, 555, { stylistId: 2 });
    expect(laneLayout([sofia, theo]).size).toBe(0);
  });

  it("packs and unpacks the processing window with the block", () => {
    const items = [item(1, 600, 720, { processing: [30, 75] }), item(2, 630, 660)];
    expect(unpackItems(packItems(items, "2030-09-17"), "2030-09-17")).toEqual(items);
  });

  it("packs every field of the Day view's blocks, services once each, and only the view's date", () => {
    const items = [
      item(7, 540, 600, {
        serviceName: "Cut, wash; finish",
        serviceColor: "deep-teal",
        status: "completed",
        paid: true,
      }),
      item(8, 600, 645, { serviceName: "Cut, wash; finish", serviceColor: "deep-teal", online: true, inSeries: true }),
      item(9, 600, 645, { serviceName: "Cut, wash; finish", serviceColor: null, patchTest: "expired", inVisit: true }),
      item(10, 660, 720, { status: "blocked", clientName: null, notes: "Training; room 2, upstairs" }),
      item(11, 700, 760, { stylistId: 3, status: "cancelled", lateCancellation: true, duringTimeOff: true }),
      item(12, 700, 760, { status: "requested", clientName: 'Ann "Nan" O\'Neil', processing: [15, 45] }),
      item(13, 540, 600, { date: "2030-09-18" }),
    ];
    const packed = packItems(items, "2030-09-17");
    expect(packed.s).toEqual([
      ["Cut, wash; finish", "deep-teal"],
      ["Cut, wash; finish", null],
    ]);
    expect(unpackItems(packed, "2030-09-17")).toEqual(items.slice(0, 6));
    expect(unpackItems(packItems([], "2030-09-17"), "2030-09-17")).toEqual([]);
    expect(unpackItems([], "2030-09-17")).toEqual([]);
  });
});

describe("blocks kept across revalidations", () => {
  it("keeps the earlier object of every block that did not change, and takes the changed and new ones", () => {
    const before = [item(1, 600, 660), item(2, 660, 720, { processing: [15, 30] }), item(3, 720, 780)];
    const after = [
      item(1, 600, 660),
      item(2, 660, 720, { processing: [15, 45] }),
      item(3, 740, 800),
      item(4, 800, 860),
    ];
    const kept = keepUnchanged(before, after);
    expect(kept).toEqual(after);
    expect(kept[0]).toBe(before[0]);
    expect(kept[1]).toBe(after[1]);
    expect(kept[2]).toBe(after[2]);
    expect(kept[3]).toBe(after[3]);
  });

  it("takes a block whose status or marks changed, and a block of the same id on another day", () => {
    const before = [item(1, 600, 660), item(2, 660, 720)];
    const after = [item(1, 600, 660, { status: "completed", paid: true }), item(2, 660, 720, { date: "2030-09-18" })];
    const kept = keepUnchanged(before, after);
    expect(kept[0]).toBe(after[0]);
    expect(kept[1]).toBe(after[1]);
  });
});
