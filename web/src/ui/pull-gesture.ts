/** The arithmetic of the pull-to-refresh gesture, apart from the DOM so it can be tested. */

/** How far the indicator must be pulled for a release to refresh (this project's choice). */
export const PULL_THRESHOLD_PX = 64;
/** The indicator stops following the finger here. */
export const PULL_MAX_PX = 96;
/** The indicator moves this much of the finger's way: the pull feels heavy, as on native lists. */
const RESISTANCE = 0.5;
/**
 * docs/product.md#constants: the refresh indicator closes 500 ms after the refresh has finished.
 */
export const REFRESH_CLOSE_MS = 500;

/** What the indicator says. */
export type PullPhase = 'idle' | 'pulling' | 'armed' | 'refreshing' | 'done';

/** How far the indicator is pulled after the finger moved `drag` px down (up counts as 0). */
export function pullDistance(drag: number): number {
  if (!(drag > 0)) return 0;
  return Math.min(PULL_MAX_PX, drag * RESISTANCE);
}

/** The phase of a pull at `distance` px, while the finger is still down. */
export function phaseAt(distance: number): 'idle' | 'pulling' | 'armed' {
  if (distance <= 0) return 'idle';
  return distance >= PULL_THRESHOLD_PX ? 'armed' : 'pulling';
}

/** Whether letting go at `distance` px starts a refresh. */
export function releaseRefreshes(distance: number): boolean {
  return phaseAt(distance) === 'armed';
}
