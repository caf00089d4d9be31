/**
 * The arithmetic of swipe-to-reveal rows (a row slides toward its start to uncover an action at
 * its end), apart from the DOM so it can be tested. Distances are in CSS pixels; "reveal" is how
 * much of the action area shows, from 0 (closed) to its full width (open).
 */

/** The finger must move this far before the gesture picks an axis (this project's choice). */
export const SWIPE_SLOP_PX = 8;
/** A release faster than this (px/ms) toward either side settles that way, however far it got. */
export const FLICK_SPEED = 0.3;

/** What a drag turned out to be: undecided yet, a horizontal swipe, or a vertical scroll. */
export type SwipeAxis = 'none' | 'x' | 'y';

/**
 * The axis of a drag that moved `dx`, `dy` px from where it started: `'none'` inside the slop,
 * then `'x'` when it went more sideways than up or down, else `'y'` (a scroll the row leaves to
 * the page).
 */
export function axisOf(dx: number, dy: number): SwipeAxis {
  if (Math.hypot(dx, dy) < SWIPE_SLOP_PX) return 'none';
  return Math.abs(dx) > Math.abs(dy) ? 'x' : 'y';
}

/**
 * The reveal after the finger moved `dx` px sideways from a drag that began at `startReveal`,
 * kept within `[0, width]`. The row slides toward its start: left in a left-to-right layout,
 * right in a right-to-left one (`rtl`).
 */
export function revealAt(startReveal: number, dx: number, width: number, rtl: boolean): number {
  const towardStart = rtl ? dx : -dx;
  return Math.min(width, Math.max(0, startReveal + towardStart));
}

/**
 * Whether a row let go at `reveal` settles open. A flick (`velocity` in px/ms of the finger,
 * positive to the right) decides by its direction; a slow release by whether more than half
 * the action shows.
 */
export function settlesOpen(
  reveal: number,
  width: number,
  velocity: number,
  rtl: boolean,
): boolean {
  const towardStart = rtl ? velocity : -velocity;
  if (towardStart >= FLICK_SPEED) return true;
  if (towardStart <= -FLICK_SPEED) return false;
  return width > 0 && reveal > width / 2;
}

/** The row's horizontal offset (`translateX`, px) for a reveal: it moves toward its start. */
export function offsetOf(reveal: number, rtl: boolean): number {
  if (reveal === 0) return 0;
  return rtl ? reveal : -reveal;
}

/**
 * The finger's speed in px/ms from two samples (`x` at time `t`), 0 when they are at the same
 * moment.
 */
export function velocityOf(
  from: { readonly x: number; readonly t: number },
  to: { readonly x: number; readonly t: number },
): number {
  const dt = to.t - from.t;
  return dt > 0 ? (to.x - from.x) / dt : 0;
}
