/**
 * The time window the chart shows, and how panning, zooming and new candles move it. Pure:
 * windows in, windows out, all in the x unit of the chart (UTC seconds).
 */

/** The visible time range. */
export interface Viewport {
  readonly min: number;
  readonly max: number;
}

/** What the window is kept within: the first and last candle times and one candle's length. */
export interface ViewBounds {
  readonly first: number;
  readonly last: number;
  /** Seconds per candle. */
  readonly period: number;
}

/** Candles shown at first (this project's choice: readable bodies on a 360 px screen). */
export const DEFAULT_VISIBLE = 60;
/** The closest zoom: this many candles across. */
export const MIN_VISIBLE = 10;
/** Empty candle slots kept after the latest one, so it never sits on the axis. */
export const RIGHT_MARGIN = 2;
/** Empty slots allowed before the first candle. */
const LEFT_MARGIN = 1;

function leftLimit(bounds: ViewBounds) {
  return bounds.first - LEFT_MARGIN * bounds.period;
}

function rightLimit(bounds: ViewBounds) {
  return bounds.last + RIGHT_MARGIN * bounds.period;
}

function spanLimits(bounds: ViewBounds): [number, number] {
  const least = MIN_VISIBLE * bounds.period;
  return [least, Math.max(least, rightLimit(bounds) - leftLimit(bounds))];
}

/**
 * `view` made to fit `bounds`: its span within the zoom limits, and slid back inside the data
 * (a window wider than the data is pinned to the latest candle).
 */
export function clampViewport(view: Viewport, bounds: ViewBounds): Viewport {
  const [least, most] = spanLimits(bounds);
  const span = Math.min(most, Math.max(least, view.max - view.min));
  const centre = (view.min + view.max) / 2;
  let min = centre - span / 2;
  let max = min + span;
  if (max > rightLimit(bounds)) {
    max = rightLimit(bounds);
    min = max - span;
  }
  if (min < leftLimit(bounds)) {
    min = leftLimit(bounds);
    max = min + span;
  }
  if (max > rightLimit(bounds)) {
    max = rightLimit(bounds);
    min = max - span;
  }
  return { min, max };
}

/** The first window: the latest `visible` candles, with the right margin after them. */
export function initialViewport(bounds: ViewBounds, visible = DEFAULT_VISIBLE): Viewport {
  const max = rightLimit(bounds);
  return clampViewport({ min: max - (visible + RIGHT_MARGIN) * bounds.period, max }, bounds);
}

/**
 * The window after a drag of `deltaPx` over a plot `widthPx` wide: dragging right (positive)
 * brings earlier candles in.
 */
export function panViewport(
  view: Viewport,
  deltaPx: number,
  widthPx: number,
  bounds: ViewBounds,
): Viewport {
  if (!(widthPx > 0)) return view;
  const shift = (deltaPx / widthPx) * (view.max - view.min);
  return clampViewport({ min: view.min - shift, max: view.max - shift }, bounds);
}

/**
 * The window scaled by `factor` around the time `anchor` (which stays where it is on screen):
 * above 1 zooms out, below 1 zooms in.
 */
export function zoomViewport(
  view: Viewport,
  factor: number,
  anchor: number,
  bounds: ViewBounds,
): Viewport {
  if (!(factor > 0) || !Number.isFinite(factor)) return view;
  const [least, most] = spanLimits(bounds);
  const span = view.max - view.min;
  const next = Math.min(most, Math.max(least, span * factor));
  const share = span > 0 ? (anchor - view.min) / span : 1;
  const min = anchor - share * next;
  return clampViewport({ min, max: min + next }, bounds);
}

/**
 * The window after the data grew from `previousLast` to `bounds.last`: a window that showed the
 * latest candle moves along with it; one the user panned back into history stays.
 */
export function followLatest(view: Viewport, previousLast: number, bounds: ViewBounds): Viewport {
  if (view.max < previousLast) return clampViewport(view, bounds);
  const shift = bounds.last - previousLast;
  return clampViewport({ min: view.min + shift, max: view.max + shift }, bounds);
}

/** The zoom factor of a wheel turn: smooth for trackpads, one notch (~100) about 16 %. */
export function wheelFactor(deltaY: number): number {
  return Math.exp(Math.max(-300, Math.min(300, deltaY)) * 0.0015);
}

/** The zoom factor of a pinch from `startDistance` to `distance` px between the fingers. */
export function pinchFactor(startDistance: number, distance: number): number {
  if (!(startDistance > 0) || !(distance > 0)) return 1;
  return startDistance / distance;
}
