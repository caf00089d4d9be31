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

/**
 * The rows to render before anything is measured: as many as the viewport can show from the
 * list's top — all a paint needs when the list starts in view, as on a screen just opened.
 */
export function firstWindow(rowHeight: number, viewportHeight: number): RowWindow {
  if (!(rowHeight > 0)) return { start: 0, end: 0 };
  return { start: 0, end: Math.ceil(Math.max(0, viewportHeight) / rowHeight) };
}

/**
 * Whether `current` holds every row in view and `spare` more each way (as far as the list
 * goes); with none to spare, the least a paint needs.
 */
export function holdsView(current: RowWindow, input: WindowInput, spare = 0): boolean {
  const inView = visibleWindow({ ...input, overscan: 0 });
  return (
    current.start <= Math.max(0, inView.start - spare) &&
    Math.min(current.end, input.count) >= Math.min(input.count, inView.end + spare)
  );
}

/** Whether two windows hold the same rows (a scroll inside one row changes nothing). */
export function sameWindow(a: RowWindow, b: RowWindow): boolean {
  return a.start === b.start && a.end === b.end;
}

/**
 * The window to render after a scroll or a resize: `current` itself while it still holds every
 * row in view with at least half the overscan to spare each way, and at most one overscan more
 * rows than needed; else `visibleWindow`'s. Moving the edges a row at a time re-rendered the
 * list for rows nobody sees yet (on a slow phone the first measure re-rendered the whole list
 * for one row below the screen); now a scroll re-renders it every half overscan.
 */
export function nextWindow(current: RowWindow, input: WindowInput): RowWindow {
  const wanted = visibleWindow(input);
  if (sameWindow(current, wanted)) return current;
  const overscan = Math.max(0, Math.floor(input.overscan));
  const notOversized = current.end - current.start <= wanted.end - wanted.start + overscan;
  return notOversized && holdsView(current, input, Math.ceil(overscan / 2)) ? current : wanted;
}
