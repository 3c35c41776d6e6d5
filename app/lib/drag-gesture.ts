// The day grid's drag gesture, as pure rules the grid's pointer handlers follow (and unit
// tests read). A mouse moves a block as soon as it travels a few pixels. A finger must
// press and hold still first: a finger that moves before the hold ends is scrolling the
// grid, so the press is dropped and the browser pans. See docs/decisions/0078.

/** How long a finger holds still on a block before the block lifts. */
export const HOLD_MS = 400;
/** How far a holding finger may wander (a finger is never quite still) and still lift. */
export const HOLD_TOLERANCE_PX = 10;
/** How far a mouse travels before a press becomes a drag (a shorter press is a click). */
export const MOUSE_THRESHOLD_PX = 6;

/** pressed: down, not yet a drag; lifted: a finger held long enough; moving: the block follows. */
export type PressPhase = "pressed" | "lifted" | "moving";

/**
 * The phase after the pointer moved `distance` px from where it went down; null means the
 * press is dropped (a finger scrolling the grid).
 */
export function phaseAfterMove(phase: PressPhase, touch: boolean, distance: number): PressPhase | null {
  if (phase === "moving") return "moving";
  if (phase === "lifted") return distance > 0 ? "moving" : "lifted";
  if (touch) return distance > HOLD_TOLERANCE_PX ? null : "pressed";
  return distance >= MOUSE_THRESHOLD_PX ? "moving" : "pressed";
}

/** The phase when the hold timer ends: a finger still pressing lifts the block. */
export function phaseAfterHold(phase: PressPhase): PressPhase {
  return phase === "pressed" ? "lifted" : phase;
}

/** Width of the band along each edge of the scroller where a drag scrolls the grid. */
const EDGE_ZONE_PX = 48;
/** Fastest scroll, in px per animation frame, with the pointer at or past the edge. */
export const EDGE_MAX_SPEED = 20;

/**
 * Scroll speed along one axis for a pointer at `position` between the visible edges `low`
 * and `high`: negative towards `low`, positive towards `high`, 0 outside both bands; it
 * grows linearly from 0 at the band's inner side to the maximum at (or past) the edge.
 */
export function edgeScrollSpeed(
  position: number,
  low: number,
  high: number,
  zone = EDGE_ZONE_PX,
  max = EDGE_MAX_SPEED,
): number {
  if (high - low <= 2 * zone) zone = Math.max(0, (high - low) / 4);
  if (zone <= 0) return 0;
  if (position < low + zone) return -Math.round(max * Math.min(1, (low + zone - position) / zone));
  if (position > high - zone) return Math.round(max * Math.min(1, (position - (high - zone)) / zone));
  return 0;
}
