import { describe, expect, test } from "vitest";
import {
  EDGE_MAX_SPEED,
  edgeScrollSpeed,
  HOLD_TOLERANCE_PX,
  MOUSE_THRESHOLD_PX,
  phaseAfterHold,
  phaseAfterMove,
} from "./drag-gesture";

describe("a mouse press", () => {
  test("stays a press (a click) below the threshold and becomes a move at it", () => {
    expect(phaseAfterMove("pressed", false, MOUSE_THRESHOLD_PX - 1)).toBe("pressed");
    expect(phaseAfterMove("pressed", false, MOUSE_THRESHOLD_PX)).toBe("moving");
  });
});

describe("a finger press", () => {
  test("moving before the hold ends drops the press (the grid scrolls); a little wobble does not", () => {
    expect(phaseAfterMove("pressed", true, HOLD_TOLERANCE_PX)).toBe("pressed");
    expect(phaseAfterMove("pressed", true, HOLD_TOLERANCE_PX + 1)).toBeNull();
    expect(phaseAfterMove("pressed", true, 200)).toBeNull();
  });

  test("held still, it lifts; once lifted any movement moves the block, and moving stays moving", () => {
    expect(phaseAfterHold("pressed")).toBe("lifted");
    expect(phaseAfterMove("lifted", true, 0)).toBe("lifted");
    expect(phaseAfterMove("lifted", true, 1)).toBe("moving");
    expect(phaseAfterMove("moving", true, 0)).toBe("moving");
    expect(phaseAfterHold("moving")).toBe("moving");
  });
});

describe("edge scrolling", () => {
  test("is still in the middle and grows towards each edge, up to the maximum past it", () => {
    expect(edgeScrollSpeed(500, 0, 1000)).toBe(0);
    expect(edgeScrollSpeed(48, 0, 1000)).toBe(0);
    expect(edgeScrollSpeed(952, 0, 1000)).toBe(0);
    const near = edgeScrollSpeed(10, 0, 1000);
    const nearer = edgeScrollSpeed(2, 0, 1000);
    expect(near).toBeLessThan(0);
    expect(nearer).toBeLessThan(near);
    expect(edgeScrollSpeed(0, 0, 1000)).toBe(-EDGE_MAX_SPEED);
    expect(edgeScrollSpeed(-30, 0, 1000)).toBe(-EDGE_MAX_SPEED);
    expect(edgeScrollSpeed(990, 0, 1000)).toBeGreaterThan(edgeScrollSpeed(960, 0, 1000));
    expect(edgeScrollSpeed(1200, 0, 1000)).toBe(EDGE_MAX_SPEED);
  });

  test("measures from the visible edges it is given (clear of sticky headers)", () => {
    expect(edgeScrollSpeed(100, 120, 700)).toBe(-EDGE_MAX_SPEED);
    expect(edgeScrollSpeed(130, 120, 700)).toBeLessThan(0);
    expect(edgeScrollSpeed(400, 120, 700)).toBe(0);
  });

  test("a small scroller gets narrower bands, so its middle never scrolls", () => {
    expect(edgeScrollSpeed(50, 0, 100)).toBe(0);
    expect(edgeScrollSpeed(5, 0, 100)).toBeLessThan(0);
  });
});
