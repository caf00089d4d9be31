/**
 * The window math of a list with fixed-height rows scrolled by the page: which rows to render
 * so that everything in the viewport, plus a margin of `overscan` rows each way, is there.
 */

export interface WindowInput {
  /** Rows in the list. */
  readonly count: number;
  /** Height of every row, in CSS pixels (> 0). */
  readonly rowHeight: number;
  /**
   * How far the viewport's top is past the list's top, in CSS pixels: negative while the list
   * starts below the viewport's top.
   */
  readonly scrollOffset: number;
  /** Height of the viewport, in CSS pixels. */
  readonly viewportHeight: number;
  /** Rows rendered beyond each edge of the viewport, so a fast scroll shows no gap. */
  readonly overscan: number;
}

/** Rows `start` (inclusive) to `end` (exclusive). */
export interface RowWindow {
  readonly start: number;
  readonly end: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The rows to render. A list wholly below the viewport still renders its first `overscan`
 * rows, and one wholly above it its last `overscan` rows, so the rows nearest the viewport are
 * always ready.
 */
export function visibleWindow({
  count,
  rowHeight,
  scrollOffset,
  viewportHeight,
  overscan,
}: WindowInput): RowWindow {
  if (count <= 0 || !(rowHeight > 0)) return { start: 0, end: 0 };
  const first = clamp(Math.floor(scrollOffset / rowHeight), 0, count);
  const last = clamp(Math.ceil((scrollOffset + Math.max(0, viewportHeight)) / rowHeight), 0, count);
  const margin = Math.max(0, Math.floor(overscan));
  return {
    start: Math.max(0, first - margin),
    end: Math.min(count, last + margin),
  };
}

/** Whether two windows hold the same rows (a scroll inside one row changes nothing). */
export function sameWindow(a: RowWindow, b: RowWindow): boolean {
  return a.start === b.start && a.end === b.end;
}
