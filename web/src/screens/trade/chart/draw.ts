/**
 * What the chart paints itself, in uPlot draw hooks: candles (or a line or an area through
 * their closes), bars (volume, MACD histogram), the order levels across the price pane and
 * guide lines. Each paints only the candles in view and allocates nothing per candle: this
 * runs at every tick.
 */
import type uPlot from 'uplot';

/** Share of a candle slot a body or a bar fills. */
const BODY_SHARE = 0.7;

/** The candle slot and body widths in canvas px, for a period of `slot` seconds. */
function widths(u: uPlot, slot: number) {
  const min = u.scales.x?.min ?? 0;
  const slotPx = u.valToPos(min + slot, 'x', true) - u.valToPos(min, 'x', true);
  return {
    body: Math.max(1, Math.round(slotPx * BODY_SHARE)),
    line: Math.max(1, Math.round(devicePixelRatio)),
  };
}

/** Clips drawing to the plot area; returns the restore. */
function clipToPlot(u: uPlot) {
  const { ctx, bbox } = u;
  ctx.save();
  ctx.beginPath();
  ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
  ctx.clip();
  return () => ctx.restore();
}

/** The first and last index worth drawing: candles in view, one slot either side. */
function visibleRange(u: uPlot, times: readonly number[], slot: number): [number, number] {
  const min = (u.scales.x?.min ?? 0) - slot;
  const max = (u.scales.x?.max ?? 0) + slot;
  let first = 0;
  let last = times.length - 1;
  while (first <= last && (times[first] as number) < min) first++;
  while (last >= first && (times[last] as number) > max) last--;
  return [first, last];
}

export interface CandleData {
  readonly time: readonly number[];
  readonly open: readonly number[];
  readonly high: readonly number[];
  readonly low: readonly number[];
  readonly close: readonly number[];
}

/** Candlesticks of `data`, `up` for a close at or above the open, else `down`. */
export function drawCandles(u: uPlot, data: CandleData, slot: number, up: string, down: string) {
  if (data.time.length === 0 || u.scales.x?.min == null) return;
  const { ctx } = u;
  const { body, line } = widths(u, slot);
  const restore = clipToPlot(u);
  const [first, last] = visibleRange(u, data.time, slot);
  for (let i = first; i <= last; i++) {
    const open = data.open[i] as number;
    const close = data.close[i] as number;
    const x = Math.round(u.valToPos(data.time[i] as number, 'x', true));
    const top = Math.round(u.valToPos(data.high[i] as number, 'y', true));
    const bottom = Math.round(u.valToPos(data.low[i] as number, 'y', true));
    const yOpen = Math.round(u.valToPos(open, 'y', true));
    const yClose = Math.round(u.valToPos(close, 'y', true));
    ctx.fillStyle = close >= open ? up : down;
    ctx.fillRect(x - Math.floor(line / 2), top, line, Math.max(1, bottom - top));
    ctx.fillRect(
      x - Math.floor(body / 2),
      Math.min(yOpen, yClose),
      body,
      Math.max(1, Math.abs(yClose - yOpen)),
    );
  }
  restore();
}

/** Traces a path through the closes of `data` from index `first` to `last`. */
function traceCloses(u: uPlot, data: CandleData, first: number, last: number) {
  const { ctx } = u;
  ctx.beginPath();
  for (let i = first; i <= last; i++) {
    const x = u.valToPos(data.time[i] as number, 'x', true);
    const y = u.valToPos(data.close[i] as number, 'y', true);
    if (i === first) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
}

/**
 * A line through the closes of `data` in `colour`; with `fill`, the area under it down to the
 * plot's bottom filled first.
 */
export function drawCloseLine(
  u: uPlot,
  data: CandleData,
  slot: number,
  colour: string,
  fill?: string,
) {
  if (data.time.length === 0 || u.scales.x?.min == null) return;
  const [first, last] = visibleRange(u, data.time, slot);
  if (first > last) return;
  const { ctx, bbox } = u;
  const restore = clipToPlot(u);
  if (fill) {
    const bottom = bbox.top + bbox.height;
    traceCloses(u, data, first, last);
    ctx.lineTo(u.valToPos(data.time[last] as number, 'x', true), bottom);
    ctx.lineTo(u.valToPos(data.time[first] as number, 'x', true), bottom);
    ctx.closePath();
    ctx.fillStyle = fill;
    ctx.fill();
  }
  traceCloses(u, data, first, last);
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5 * devicePixelRatio;
  ctx.lineJoin = 'round';
  ctx.stroke();
  restore();
}

/**
 * Bars from zero to each value of `values` on scale `scale`, coloured by `colourOf(i)` (volume
 * by its candle's direction, a histogram by its sign).
 */
export function drawBars(
  u: uPlot,
  times: readonly number[],
  values: readonly (number | null)[],
  slot: number,
  scale: string,
  colourOf: (index: number, value: number) => string,
) {
  if (times.length === 0 || u.scales.x?.min == null) return;
  const { ctx } = u;
  const { body } = widths(u, slot);
  const restore = clipToPlot(u);
  const zero = Math.round(u.valToPos(0, scale, true));
  const [first, last] = visibleRange(u, times, slot);
  for (let i = first; i <= last; i++) {
    const value = values[i];
    if (value == null) continue;
    const x = Math.round(u.valToPos(times[i] as number, 'x', true));
    const y = Math.round(u.valToPos(value, scale, true));
    ctx.fillStyle = colourOf(i, value);
    ctx.fillRect(
      x - Math.floor(body / 2),
      Math.min(y, zero),
      body,
      Math.max(1, Math.abs(zero - y)),
    );
  }
  restore();
}

/** A horizontal line across the plot. */
export interface ChartLevel {
  readonly price: number;
  readonly colour: string;
  /** Dash pattern in CSS px; empty for a solid line. */
  readonly dash: readonly number[];
  /** Drawn thicker: the line being dragged or focused. */
  readonly emphasis?: boolean;
}

/** Horizontal lines at `levels` on scale `scale` (those outside the plot are left out). */
export function drawLevels(u: uPlot, levels: readonly ChartLevel[], scale = 'y') {
  if (levels.length === 0) return;
  const { ctx, bbox } = u;
  const ratio = devicePixelRatio;
  const restore = clipToPlot(u);
  for (const level of levels) {
    const y = Math.round(u.valToPos(level.price, scale, true)) + 0.5;
    if (y < bbox.top || y > bbox.top + bbox.height) continue;
    ctx.strokeStyle = level.colour;
    ctx.lineWidth = (level.emphasis ? 2 : 1) * ratio;
    ctx.setLineDash(level.dash.map((part) => part * ratio));
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
  }
  ctx.setLineDash([]);
  restore();
}
