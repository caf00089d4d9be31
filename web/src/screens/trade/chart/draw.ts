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

/** Candle indexes `from` to `to`, both inclusive. */
export interface IndexSpan {
  readonly from?: number;
  readonly to?: number;
}

/**
 * The first and last index worth drawing: candles in view, one slot either side, within
 * `span` (the part of the chart a canvas paints, see forming-slot.ts).
 */
function visibleRange(
  u: uPlot,
  times: readonly number[],
  slot: number,
  span: IndexSpan = {},
): [number, number] {
  const min = (u.scales.x?.min ?? 0) - slot;
  const max = (u.scales.x?.max ?? 0) + slot;
  let first = Math.max(0, span.from ?? 0);
  let last = Math.min(times.length - 1, span.to ?? times.length);
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

/** Candlesticks of `data` in `span`, `up` for a close at or above the open, else `down`. */
export function drawCandles(
  u: uPlot,
  data: CandleData,
  slot: number,
  up: string,
  down: string,
  span?: IndexSpan,
) {
  if (data.time.length === 0 || u.scales.x?.min == null) return;
  const { ctx } = u;
  const { body, line } = widths(u, slot);
  const restore = clipToPlot(u);
  const [first, last] = visibleRange(u, data.time, slot, span);
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
 * A line through the closes of `data` in `span` in `colour`; with `fill`, the area under it
 * down to the plot's bottom filled first. The area's ends stand on whole pixels, so two areas
 * that meet there (the canvas's and the slot layer's) leave no seam.
 */
export function drawCloseLine(
  u: uPlot,
  data: CandleData,
  slot: number,
  colour: string,
  fill?: string,
  span?: IndexSpan,
) {
  if (data.time.length === 0 || u.scales.x?.min == null) return;
  const [first, last] = visibleRange(u, data.time, slot, span);
  if (first > last) return;
  const { ctx, bbox } = u;
  const restore = clipToPlot(u);
  if (fill) {
    const bottom = bbox.top + bbox.height;
    const edge = (i: number) => Math.round(u.valToPos(data.time[i] as number, 'x', true));
    traceCloses(u, data, first, last);
    ctx.lineTo(edge(last), u.valToPos(data.close[last] as number, 'y', true));
    ctx.lineTo(edge(last), bottom);
    ctx.lineTo(edge(first), bottom);
    ctx.lineTo(edge(first), u.valToPos(data.close[first] as number, 'y', true));
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
  span?: IndexSpan,
) {
  if (times.length === 0 || u.scales.x?.min == null) return;
  const { ctx } = u;
  const { body } = widths(u, slot);
  const restore = clipToPlot(u);
  const zero = Math.round(u.valToPos(0, scale, true));
  const [first, last] = visibleRange(u, times, slot, span);
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

/** How an indicator line is stroked: uPlot's series options for it. */
export interface LineStroke {
  readonly colour: string;
  /** CSS px. */
  readonly width: number;
  /** Canvas px, as uPlot takes a series' dash. */
  readonly dash?: readonly number[];
}

/** An indicator line's values and how it is stroked. */
export interface StrokedLine {
  readonly values: readonly (number | null)[];
  readonly stroke: LineStroke;
}

/**
 * The segment of each of `lines` on scale `scale` from candle `from` to the next, stroked as
 * uPlot strokes a series (whole pixels, round joins); a line without both values is skipped.
 */
export function drawSegments(
  u: uPlot,
  times: readonly number[],
  from: number,
  scale: string,
  lines: readonly StrokedLine[],
) {
  const start = times[from];
  const end = times[from + 1];
  if (start === undefined || end === undefined || u.scales.x?.min == null) return;
  const { ctx } = u;
  const x0 = Math.round(u.valToPos(start, 'x', true));
  const x1 = Math.round(u.valToPos(end, 'x', true));
  const restore = clipToPlot(u);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  for (const { values, stroke } of lines) {
    const a = values[from];
    const b = values[from + 1];
    if (a == null || b == null) continue;
    const width = stroke.width * devicePixelRatio;
    // uPlot shifts an odd-width line by half a pixel, so it covers whole pixels.
    const offset = (width % 2) / 2;
    ctx.strokeStyle = stroke.colour;
    ctx.lineWidth = width;
    ctx.setLineDash(stroke.dash ? [...stroke.dash] : []);
    ctx.beginPath();
    ctx.moveTo(x0 + offset, Math.round(u.valToPos(a, scale, true)) + offset);
    ctx.lineTo(x1 + offset, Math.round(u.valToPos(b, scale, true)) + offset);
    ctx.stroke();
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
