/**
 * The forming candle's slot, painted on a narrow layer of its own over each plot. A tick moves
 * only the latest candle and the indicators' latest values; while they stay inside the range
 * the plot last drew, repainting that slot costs a sliver of uPlot's redraw of every series,
 * axis and grid line, so a tick fits a phone's frame. Each plot paints in two parts:
 *
 * - uPlot's canvas: axes and grid, the candles and bars before the last two, the indicator
 *   lines up to the candle before the forming one, and the levels and drawings left of the slot;
 * - the slot layer, from the left edge of the candle before the forming one to the plot's right
 *   edge: the indicator lines' last segment, the last two candles or bars, then the levels and
 *   drawings there — in the order uPlot's canvas paints them, so the two read as one picture.
 *
 * A full redraw repaints both; a tick inside the drawn range repaints the layer alone.
 */
import type uPlot from 'uplot';

/** A column of a plot's canvas, in canvas px: `left` inclusive, `right` exclusive. */
export interface SlotColumn {
  readonly left: number;
  readonly right: number;
}

/** The first candle the layer paints: the one before the forming candle. */
export function layeredFrom(count: number): number {
  return Math.max(0, count - 2);
}

/**
 * The slot's column on `u`'s canvas for candles at `times`, `slot` seconds long: from the left
 * edge of the layer's first candle to the plot's right edge; `null` when that is off the plot.
 */
export function slotColumn(u: uPlot, times: readonly number[], slot: number): SlotColumn | null {
  const first = times[layeredFrom(times.length)];
  const min = u.scales.x?.min;
  if (first === undefined || min == null) return null;
  const slotPx = u.valToPos(min + slot, 'x', true) - u.valToPos(min, 'x', true);
  const right = Math.ceil(u.bbox.left + u.bbox.width);
  const left = Math.max(
    Math.floor(u.bbox.left),
    Math.floor(u.valToPos(first, 'x', true) - slotPx / 2),
  );
  return left < right ? { left, right } : null;
}

/**
 * Runs `draw` on `u`'s canvas clipped to the plot left of `column`: what the layer paints over
 * the slot must not be on the canvas under it as well (a line drawn twice darkens its edges).
 */
export function leftOfColumn(u: uPlot, column: SlotColumn | null, draw: () => void) {
  if (!column) {
    draw();
    return;
  }
  const { ctx, bbox } = u;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, column.left - bbox.left, bbox.height);
  ctx.clip();
  draw();
  ctx.restore();
}

/** The raw extent a scale was last ranged over (before its padding). */
export interface DrawnRange {
  readonly min: number;
  readonly max: number;
}

/** Whether every finite value of `values` lies within `range`: the scale would not move. */
export function withinRange(
  range: DrawnRange | undefined,
  values: Iterable<number | null | undefined>,
): boolean {
  if (!range) return false;
  for (const value of values) {
    if (value == null || !Number.isFinite(value)) continue;
    if (value < range.min || value > range.max) return false;
  }
  return true;
}

/** A plot's slot layer. */
export interface SlotLayer {
  /**
   * Places the layer over `column` of the plot's canvas, clears it and runs `paint` with a view
   * of the plot that draws on the layer in the canvas's own coordinates; hides it for `null`.
   */
  paint(column: SlotColumn | null, paint: (onLayer: uPlot) => void): void;
}

/** A slot layer over `u`'s canvas, inside uPlot's own wrapper so it pans and sizes with it. */
export function createSlotLayer(u: uPlot): SlotLayer {
  const base = u.ctx.canvas;
  const canvas = document.createElement('canvas');
  canvas.className = 'chart-slot';
  base.after(canvas);
  const ctx = canvas.getContext('2d');
  // The plot seen through the layer: uPlot's methods are the instance's own closures, so every
  // scale and position reads the same; only the context drawn on differs.
  const onLayer = Object.create(u, { ctx: { value: ctx } }) as uPlot;
  return {
    paint(column, paint) {
      if (!ctx || !column) {
        canvas.hidden = true;
        return;
      }
      const width = column.right - column.left;
      if (canvas.width !== width || canvas.height !== base.height) {
        canvas.width = width;
        canvas.height = base.height;
        canvas.style.width = `${width / devicePixelRatio}px`;
        canvas.style.height = `${base.height / devicePixelRatio}px`;
      }
      const left = `${column.left / devicePixelRatio}px`;
      if (canvas.style.left !== left) canvas.style.left = left;
      canvas.hidden = false;
      ctx.setTransform(1, 0, 0, 1, -column.left, 0);
      ctx.clearRect(column.left, 0, width, base.height);
      paint(onLayer);
    },
  };
}
