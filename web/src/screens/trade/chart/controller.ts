// Over 400 lines: one uPlot instance whose draw hooks share its scales, candles and levels.
/**
 * The candlestick chart on uPlot, driven from outside: `load` a history, `live` each candle
 * from the socket, `prepend` older ones, `applyIndicators` as the live worker computes them,
 * `setLevels` for the trader's order lines, `resize` with the container. uPlot draws the axes,
 * grid, crosshair and indicator lines; candles, bars and order levels are drawn by draw hooks;
 * the time window is this module's (see viewport.ts), so live candles never undo a pan or zoom.
 * Each sub-pane (volume, MACD, RSI) is a uPlot of its own under the candles, sharing the time
 * window and the crosshair.
 *
 * uPlot is imported here only, inside the trade route's chunk.
 */
import {
  type Candle,
  type CandleColumns,
  CHART_PERIOD_SECONDS,
  type ChartPeriod,
  candleAt,
  copyColumns,
  emptyColumns,
  formatPrice,
  type IndicatorLine,
  type MergeResult,
  mergeCandle,
  type Pane,
  prependOlder,
  type Series,
  toColumns,
} from '@pipstream/protocol';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { IndicatorUpdate } from '../../../worker/contract.js';
import { labelsInside } from './axis-labels.js';
import type { ChartType } from './chart-type.js';
import {
  type ChartLevel,
  drawBars,
  drawCandles,
  drawCloseLine,
  drawLevels,
  drawSegments,
  type IndexSpan,
  type LineStroke,
} from './draw.js';
import { type PaintedDrawing, paintDrawings } from './drawings/paint.js';
import {
  createSlotLayer,
  type DrawnRange,
  layeredFrom,
  leftOfColumn,
  type SlotLayer,
  slotColumn,
  withinRange,
} from './forming-slot.js';
import { bindGestures } from './gestures.js';
import {
  applyIndicatorUpdate,
  emptyIndicatorColumns,
  followMerge,
  followPrepend,
} from './indicator-columns.js';
import { axisTimeFormat } from './time-format.js';
import {
  followLatest,
  initialViewport,
  panViewport,
  type ViewBounds,
  type Viewport,
  zoomViewport,
} from './viewport.js';

export type { ChartLevel } from './draw.js';

/** Colours from the theme's variables (read when the chart is made and at each theme change). */
export interface ChartColours {
  up: string;
  down: string;
  text: string;
  grid: string;
  /** One colour per MA/EMA line, in period order; Bollinger's middle band takes the first. */
  lines: string[];
  /** Bollinger's outer bands, the MACD signal line, RSI's guide lines. */
  muted: string;
  /** Pending orders' lines. */
  accent: string;
  /** The area chart's fill under its line (the line is `lines[1]`). */
  area: string;
}

export interface ChartSetup {
  /** BCP 47 tag for the time labels. */
  locale: string;
  /** Writes a price (an exact decimal text) the way the viewer's language does. */
  localize: (text: string) => string;
  colours: ChartColours;
  /** How the price pane draws the candles at first (`setType` changes it). */
  type?: ChartType;
  /** The candle under the crosshair moved: its index, or `null` without a crosshair. */
  onCursor: (index: number | null) => void;
  /** The window reached the oldest candle held: a page of older history would help. */
  onNeedOlder?: () => void;
  /** The price pane was drawn (levels may have moved on screen). */
  onDrawn?: () => void;
}

/** What the chart draws: the candle period and the instrument's price decimals. */
export interface ChartTerms {
  period: ChartPeriod;
  precision: number;
}

export interface ChartController {
  /** Replaces every candle (a history load) and shows the latest ones. */
  load(candles: readonly Candle[], terms: ChartTerms): void;
  /** Joins a live candle: the current one is updated, the next one appended. */
  live(candle: Candle): MergeResult;
  /** Puts older candles in front, keeping the window where it is; returns how many went in. */
  prepend(older: readonly Candle[]): number;
  /** The indicator lines to draw (from the settings), and the sub-panes they need. */
  setIndicators(lines: readonly IndicatorLine[], panes: readonly Pane[]): void;
  /** Values from the live worker for the chart of `topic`. */
  applyIndicators(update: IndicatorUpdate, topic: string): void;
  /** The trader's order lines across the price pane. */
  setLevels(levels: readonly ChartLevel[]): void;
  /** The trader's drawings on the price pane. */
  setDrawings(drawings: readonly PaintedDrawing[]): void;
  /** Draws everything again in another theme's colours; candles and window stay as they are. */
  recolour(colours: ChartColours): void;
  /** Draws the price pane as candlesticks, a line or an area. */
  setType(type: ChartType): void;
  /** The container's new size in CSS pixels; zero sizes (a hidden screen) are ignored. */
  resize(width: number, height: number): void;
  /** How many candles the chart holds. */
  count(): number;
  /** A copy of the candle columns (for the live worker). */
  columns(): CandleColumns;
  /** The candle at `index` (the latest for `null`). */
  candleAt(index: number | null): Candle | undefined;
  /** Every indicator line's value at candle `index` (the latest for `null`). */
  valuesAt(index: number | null): Record<string, number | null>;
  /** Where `price` is on the price pane, CSS px from its top; `null` before it draws. */
  yOf(price: number): number | null;
  /** The price at `y` CSS px from the price pane's top. */
  priceAt(y: number): number | null;
  /** Where moment `time` (UTC seconds) is on the price pane, CSS px from its left. */
  xOf(time: number): number | null;
  /** The moment (UTC seconds) at `x` CSS px from the price pane's left. */
  timeAt(x: number): number | null;
  /** The price pane's plot area (its position on screen, for the order lines over it). */
  plotArea(): HTMLElement | null;
  /** The price pane's plot area in CSS px from the chart's top left; `null` before it draws. */
  plotBox(): { left: number; top: number; width: number; height: number } | null;
  destroy(): void;
}

/** The plot areas' left margin, CSS px. */
const PLOT_LEFT_PX = 8;
/** Height of one sub-pane, CSS px. */
export const SUB_PANE_PX = 72;
/** The window is this close to the oldest candle (in candles) when older ones are asked for. */
const OLDER_MARGIN = 10;

/**
 * The colour of indicator `line` among `lines`: MA and EMA lines one each in period order,
 * Bollinger's outer bands and the MACD signal muted, any other line the first colour. The
 * legend writes each line's value in it, so a value is matched to its line at a glance.
 */
export function indicatorColour(
  line: IndicatorLine,
  lines: readonly IndicatorLine[],
  colours: ChartColours,
): string {
  if (line.part === 'average') {
    const peers = lines.filter((other) => other.indicator === line.indicator);
    const at = peers.findIndex((other) => other.key === line.key);
    return colours.lines[Math.max(0, at) % colours.lines.length] ?? colours.text;
  }
  if (line.part === 'upper' || line.part === 'lower' || line.part === 'signal') {
    return colours.muted;
  }
  return colours.lines[0] ?? colours.text;
}

/** The theme's chart colours on `element` (its CSS variables). */
export function themeColours(element: Element): ChartColours {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    up: read('--up'),
    down: read('--down'),
    text: read('--text-muted'),
    grid: read('--border'),
    lines: [1, 2, 3, 4].map((n) => read(`--chart-line-${n}`)),
    muted: read('--chart-line-muted'),
    accent: read('--accent'),
    area: read('--chart-area'),
  };
}

/** Each plot: its uPlot, its container and the lines it draws. */
interface Plot {
  readonly pane: 'main' | Pane;
  readonly uplot: uPlot;
  readonly root: HTMLElement;
  readonly lines: readonly IndicatorLine[];
  readonly unbind: () => void;
}

/** uPlot's own straight-line paths, which the indicator series cut short of the forming slot. */
const linear = uPlot.paths.linear?.();

/** Makes the chart inside `host`; it draws once it has both a size and candles. */
export function createChartController(host: HTMLElement, setup: ChartSetup): ChartController {
  let columns: CandleColumns = emptyColumns();
  let terms: ChartTerms = { period: '1min', precision: 2 };
  let type: ChartType = setup.type ?? 'candles';
  let view: Viewport | null = null;
  let width = 0;
  let height = 0;
  let plots: Plot[] = [];
  let frame = 0;
  let lines: readonly IndicatorLine[] = [];
  let panes: readonly Pane[] = [];
  let levels: readonly ChartLevel[] = [];
  let drawings: readonly PaintedDrawing[] = [];
  let colours = setup.colours;
  const indicators = emptyIndicatorColumns();
  const syncKey = `chart-${Math.random().toString(36).slice(2)}`;
  let nulls: Series = [];
  /** Measures the time labels' widths (a canvas of its own: uPlot's caches its font). */
  let measure: CanvasRenderingContext2D | null = null;
  /** Each plot's forming-slot layer (see forming-slot.ts), made at its first draw. */
  const layers = new WeakMap<uPlot, SlotLayer>();
  /** What each value scale was last ranged over: a tick inside it needs no full redraw. */
  const drawnRanges: Record<string, DrawnRange> = {};
  /** Something other than the forming candle's values changed since the last render. */
  let redrawAll = true;

  const seconds = () => CHART_PERIOD_SECONDS[terms.period];
  const bounds = (): ViewBounds | null => {
    const first = columns.time[0];
    const last = columns.time.at(-1);
    return first === undefined || last === undefined ? null : { first, last, period: seconds() };
  };
  const main = () => plots[0]?.uplot ?? null;
  const price = (value: number) => setup.localize(formatPrice(value, terms.precision));
  /** One width for every y axis, so the panes' plot areas line up. */
  let axisSize = 60;

  function lineValues(key: string): Series {
    const values = indicators.lines[key];
    if (values && values.length === columns.time.length) return values;
    if (nulls.length !== columns.time.length) nulls = new Array(columns.time.length).fill(null);
    return nulls;
  }

  function dataOf(plot: Pick<Plot, 'pane' | 'lines'>): uPlot.AlignedData {
    const own = plot.lines.map((line) => lineValues(line.key));
    return plot.pane === 'main'
      ? [columns.time, columns.open, columns.high, columns.low, columns.close, ...own]
      : [columns.time, ...own];
  }

  const lineColour = (line: IndicatorLine) => indicatorColour(line, lines, colours);

  const drawnAsBars = (line: IndicatorLine) => line.part === 'volume' || line.part === 'histogram';

  function strokeOf(line: IndicatorLine): LineStroke {
    return {
      colour: lineColour(line),
      width: 1,
      ...(line.indicator === 'ema' && { dash: [4, 3] }),
    };
  }

  /** uPlot's paths for a line, up to the layer's first candle (the layer draws on from it). */
  const uptoSlot: uPlot.Series.PathBuilder = (u, seriesIdx, idx0, idx1) => {
    const last = Math.min(idx1, layeredFrom(columns.time.length));
    return linear && last > idx0 ? linear(u, seriesIdx, idx0, last) : null;
  };

  function seriesOf(line: IndicatorLine): uPlot.Series {
    const stroke = strokeOf(line);
    return {
      stroke: stroke.colour,
      width: stroke.width,
      ...(stroke.dash && { dash: [...stroke.dash] }),
      points: { show: false },
      scale: scaleOf(line.pane === 'price' ? 'main' : line.pane),
      paths: drawnAsBars(line) ? () => null : uptoSlot,
    };
  }

  function showCursor(index: number | null | undefined) {
    setup.onCursor(index ?? null);
  }

  function axes(pane: Plot['pane']): uPlot.Axis[] {
    const axis = {
      stroke: colours.text,
      grid: { stroke: colours.grid, width: 1 },
      ticks: { stroke: colours.grid, width: 1, size: 4 },
    };
    const axisTime = axisTimeFormat(setup.locale, terms.period);
    const scale = scaleOf(pane);
    const values: uPlot.Axis['values'] =
      pane === 'main'
        ? (_u, splits) => splits.map(price)
        : (_u, splits) => splits.map((value) => setup.localize(compact(value)));
    return [
      pane === 'main'
        ? {
            ...axis,
            space: 64,
            size: 32,
            gap: 4,
            values: (u, splits) => timeLabels(u, splits, splits.map(axisTime)),
          }
        : { show: false, size: 0 },
      {
        ...axis,
        scale,
        side: 1,
        size: () => axisSize,
        values,
        ...(pane !== 'main' && subAxis(pane)),
      },
    ];
  }

  /** The time labels of `splits` that fit inside the chart (see axis-labels.ts). */
  function timeLabels(u: uPlot, splits: readonly number[], texts: readonly string[]) {
    measure ??= document.createElement('canvas').getContext('2d');
    const context = measure;
    // uPlot keeps the axis font scaled to the device's pixels, with its CSS size third.
    const [font, size, cssSize] = (u.axes[0]?.font ?? []) as unknown as [string, number, number];
    if (!context || !font) return [...texts];
    context.font = font;
    const scale = cssSize / size || 1;
    return labelsInside(
      texts.map((text, at) => ({
        text,
        x: PLOT_LEFT_PX + u.valToPos(splits[at] as number, 'x'),
        width: context.measureText(text).width * scale,
      })),
      u.width,
    );
  }

  /**
   * A sub-pane's axis: a label or two at fixed places and no grid (the pane draws its own guide
   * lines), so a redraw at every tick spends little on it.
   */
  function subAxis(pane: Pane): Partial<uPlot.Axis> {
    const splits: uPlot.Axis['splits'] =
      pane === 'rsi'
        ? () => [30, 70]
        : pane === 'macd'
          ? () => [0]
          : (u) => [((u.scales.volume?.max ?? 0) / 1.1) * 0.999];
    return { splits, grid: { show: false }, ticks: { show: false } };
  }

  /** The range of `pane`'s value scale for the values from `min` to `max`. */
  function valueRange(pane: Plot['pane'], min: number, max: number): uPlot.Range.MinMax {
    if (pane === 'main') {
      const pad = (max - min) * 0.08 || Math.abs(max) * 0.001 || 1;
      return [min - pad, max + pad];
    }
    if (pane === 'rsi') return [0, 100];
    if (pane === 'volume') return [0, max * 1.1 || 1];
    const edge = Math.max(Math.abs(min), Math.abs(max)) * 1.1 || 1;
    return [-edge, edge];
  }

  function scales(pane: Plot['pane']): uPlot.Scales {
    const x: uPlot.Scale = {
      time: true,
      range: (_u, min, max) => (view ? [view.min, view.max] : [min, max]),
    };
    const key = scaleOf(pane);
    const range: uPlot.Scale.Range = (_u, min, max) => {
      drawnRanges[key] = { min, max };
      return valueRange(pane, min, max);
    };
    return { x, [key]: { range } };
  }

  /** Whether the forming candle's values on `plot` lie within the range it last drew. */
  function formingFits(plot: Plot): boolean {
    const at = columns.time.length - 1;
    const values = plot.lines.map((line) => lineValues(line.key)[at]);
    if (plot.pane === 'main') values.push(columns.high[at], columns.low[at]);
    return withinRange(drawnRanges[scaleOf(plot.pane)], values);
  }

  /** A sub-pane's guide lines. */
  function guides(pane: Plot['pane']): ChartLevel[] {
    if (pane === 'macd') return [{ price: 0, colour: colours.grid, dash: [] }];
    if (pane === 'rsi') {
      return [70, 30].map((level) => ({ price: level, colour: colours.muted, dash: [2, 3] }));
    }
    return [];
  }

  /**
   * What the chart paints over uPlot's series on `u`, the candles in `span`: the candles (or
   * the close line) and bars, then the levels and drawings, which `overlay` runs clipped to the
   * part of the plot it covers.
   */
  function paintPane(
    u: uPlot,
    pane: Plot['pane'],
    span: IndexSpan,
    overlay: (draw: () => void) => void,
  ) {
    const slot = seconds();
    if (pane === 'main') {
      if (type === 'candles') drawCandles(u, columns, slot, colours.up, colours.down, span);
      else {
        const line = colours.lines[1] ?? colours.text;
        drawCloseLine(u, columns, slot, line, type === 'area' ? colours.area : undefined, span);
      }
      overlay(() => {
        drawLevels(u, levels);
        paintDrawings(u, drawings);
      });
    } else if (pane === 'volume') {
      drawBars(
        u,
        columns.time,
        lineValues('volume'),
        slot,
        'volume',
        (i) =>
          (columns.close[i] as number) >= (columns.open[i] as number) ? colours.up : colours.down,
        span,
      );
    } else {
      overlay(() => drawLevels(u, guides(pane), pane));
      if (pane === 'macd') {
        drawBars(
          u,
          columns.time,
          lineValues('macd.histogram'),
          slot,
          'macd',
          (_i, value) => (value >= 0 ? colours.up : colours.down),
          span,
        );
      }
    }
  }

  /** The forming slot of `u` on its layer: the lines' last segments, then the pane's paint. */
  function paintSlot(u: uPlot, pane: Plot['pane'], own: readonly IndicatorLine[]) {
    let layer = layers.get(u);
    if (!layer) {
      layer = createSlotLayer(u);
      layers.set(u, layer);
    }
    const from = layeredFrom(columns.time.length);
    layer.paint(slotColumn(u, columns.time, seconds()), (onLayer) => {
      const ends = own
        .filter((line) => !drawnAsBars(line))
        .map((line) => ({ values: lineValues(line.key), stroke: strokeOf(line) }));
      drawSegments(onLayer, columns.time, from, scaleOf(pane), ends);
      paintPane(onLayer, pane, { from }, (draw) => draw());
    });
  }

  /** uPlot's draw hook: the pane's paint up to the slot, then the slot's layer. */
  function drawPane(u: uPlot, pane: Plot['pane'], own: readonly IndicatorLine[]) {
    const column = slotColumn(u, columns.time, seconds());
    paintPane(u, pane, { to: layeredFrom(columns.time.length) - 1 }, (draw) =>
      leftOfColumn(u, column, draw),
    );
    paintSlot(u, pane, own);
    if (pane === 'main') setup.onDrawn?.();
  }

  function options(pane: Plot['pane'], own: readonly IndicatorLine[], plotHeight: number) {
    const hidden = { paths: () => null, points: { show: false } } satisfies uPlot.Series;
    const series: uPlot.Series[] =
      pane === 'main'
        ? [{}, hidden, hidden, hidden, hidden, ...own.map(seriesOf)]
        : [{}, ...own.map(seriesOf)];
    return {
      width,
      height: plotHeight,
      // One left edge for every pane (uPlot would pad the price pane for its first time label).
      padding: [pane === 'main' ? 8 : 4, 0, pane === 'main' ? null : 4, PLOT_LEFT_PX],
      legend: { show: false },
      cursor: {
        points: { show: false },
        drag: { x: false, y: false, setScale: false },
        // uPlot's double click resets its own zoom; the gestures handle it instead.
        bind: { dblclick: () => null },
        sync: { key: syncKey, setSeries: false },
      },
      scales: scales(pane),
      series,
      axes: axes(pane),
      hooks: {
        draw: [(u: uPlot) => drawPane(u, pane, own)],
        setCursor: [(u: uPlot) => showCursor(u.cursor.idx)],
      },
    } satisfies uPlot.Options;
  }

  function schedule() {
    if (frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (!view) return;
      for (const plot of plots) plot.uplot.setScale('x', { min: view.min, max: view.max });
    });
  }

  function moveView(next: Viewport) {
    view = next;
    schedule();
    const extent = bounds();
    if (extent && next.min <= extent.first + OLDER_MARGIN * extent.period) setup.onNeedOlder?.();
  }

  function gesturesOn(u: uPlot) {
    return bindGestures(u.over, {
      pan: (deltaPx) => {
        const extent = bounds();
        if (view && extent) moveView(panViewport(view, deltaPx, u.over.clientWidth, extent));
      },
      zoom: (factor, atPx) => {
        const extent = bounds();
        if (view && extent) moveView(zoomViewport(view, factor, u.posToVal(atPx, 'x'), extent));
      },
      reset: () => {
        const extent = bounds();
        if (extent) moveView(initialViewport(extent));
      },
      crosshair: (x, y) => u.setCursor({ left: x, top: y }),
    });
  }

  function paneHeights() {
    const sub = panes.length * SUB_PANE_PX;
    return { main: Math.max(80, height - sub), sub: SUB_PANE_PX };
  }

  function build() {
    destroyPlots();
    if (!(width > 0 && height > 0 && columns.time.length > 0)) return;
    const heights = paneHeights();
    const layout: { pane: Plot['pane']; own: IndicatorLine[]; plotHeight: number }[] = [
      {
        pane: 'main',
        own: lines.filter((line) => line.pane === 'price'),
        plotHeight: heights.main,
      },
      ...panes.map((pane) => ({
        pane,
        own: lines.filter((line) => line.pane === pane),
        plotHeight: heights.sub,
      })),
    ];
    for (const { pane, own, plotHeight } of layout) {
      const root = document.createElement('div');
      root.className = `chart-pane chart-pane-${pane}`;
      host.append(root);
      const u = new uPlot(options(pane, own, plotHeight), dataOf({ pane, lines: own }), root);
      plots.push({ pane, uplot: u, root, lines: own, unbind: gesturesOn(u) });
    }
  }

  /**
   * Renders once the current task is done: a batch brings a candle and its indicator values
   * one after the other, and one render (one legend write) serves both.
   */
  let renderQueued = false;
  let destroyed = false;
  function queueRender() {
    if (renderQueued) return;
    renderQueued = true;
    queueMicrotask(() => {
      renderQueued = false;
      if (!destroyed) render();
    });
  }

  /**
   * Draws what changed: when only the forming candle's values did, and a plot's scale would
   * not move for them, that plot repaints its slot layer alone; otherwise uPlot redraws it.
   */
  function render() {
    const slotOnly = !redrawAll;
    redrawAll = false;
    if (plots.length === 0) {
      build();
    } else {
      for (const plot of plots) {
        if (slotOnly && formingFits(plot)) paintSlot(plot.uplot, plot.pane, plot.lines);
        else plot.uplot.setData(dataOf(plot));
      }
    }
    if (main()?.cursor.idx == null) showCursor(null);
  }

  function destroyPlots() {
    for (const plot of plots) {
      plot.unbind();
      plot.uplot.destroy();
      plot.root.remove();
    }
    plots = [];
  }

  /** Every change but a tick's to the forming candle: the next render redraws every plot. */
  function redrawNext() {
    redrawAll = true;
  }

  /** The y axis wide enough for the history's longest price label. */
  function fitAxis() {
    let longest = 4;
    for (const value of [Math.max(...columns.high), Math.min(...columns.low)]) {
      if (Number.isFinite(value)) longest = Math.max(longest, price(value).length);
    }
    axisSize = 14 + 7 * longest;
  }

  return {
    load(candles, next) {
      const changed = next.period !== terms.period || next.precision !== terms.precision;
      terms = next;
      columns = toColumns(candles);
      // Values of the candles held before are not these candles': the worker's reset follows.
      Object.assign(indicators, emptyIndicatorColumns());
      fitAxis();
      const extent = bounds();
      view = extent ? initialViewport(extent) : null;
      // Axis formats belong to the options: new terms need new plots.
      if (changed) build();
      else {
        redrawNext();
        render();
      }
    },

    live(candle) {
      const before = columns.time.at(-1);
      const result = mergeCandle(columns, candle);
      if (result === 'ignored') return result;
      followMerge(indicators, result, columns.time.length);
      const extent = bounds();
      if (extent) {
        const next =
          view && before !== undefined
            ? followLatest(view, before, extent)
            : initialViewport(extent);
        if (result !== 'updated' || next.min !== view?.min || next.max !== view?.max) redrawNext();
        view = next;
      }
      queueRender();
      return result;
    },

    prepend(older) {
      const added = prependOlder(columns, older);
      if (added === 0) return 0;
      followPrepend(indicators, added);
      redrawNext();
      render();
      return added;
    },

    setIndicators(nextLines, nextPanes) {
      lines = nextLines;
      panes = nextPanes;
      build();
    },

    applyIndicators(update, topic) {
      if (!applyIndicatorUpdate(indicators, columns.time, update, topic)) return;
      if (update.reset) {
        build();
        return;
      }
      const latest = columns.time.at(-1);
      if (update.times.some((time) => time !== latest)) redrawNext();
      queueRender();
    },

    setLevels(next) {
      levels = next;
      main()?.redraw(false, false);
    },

    setDrawings(next) {
      drawings = next;
      main()?.redraw(false, false);
    },

    setType(next) {
      if (next === type) return;
      type = next;
      main()?.redraw(false, false);
    },

    recolour(next) {
      if (sameColours(colours, next)) return;
      colours = next;
      // The axes' and lines' colours are uPlot options: new plots, over the same candles.
      build();
    },

    resize(nextWidth, nextHeight) {
      const w = Math.floor(nextWidth);
      const h = Math.floor(nextHeight);
      if (w <= 0 || h <= 0 || (w === width && h === height)) return;
      const panesChanged = h !== height;
      width = w;
      height = h;
      if (plots.length === 0 || panesChanged) {
        build();
        return;
      }
      for (const plot of plots) plot.uplot.setSize({ width, height: plot.uplot.height });
    },

    count: () => columns.time.length,

    columns: () => copyColumns(columns),

    candleAt: (index) => candleAt(columns, index ?? columns.time.length - 1),

    valuesAt(index) {
      const at = index ?? columns.time.length - 1;
      const values: Record<string, number | null> = {};
      for (const line of lines) values[line.key] = indicators.lines[line.key]?.[at] ?? null;
      return values;
    },

    yOf(value) {
      const u = main();
      return u ? u.valToPos(value, 'y') : null;
    },

    priceAt(y) {
      const u = main();
      return u ? u.posToVal(y, 'y') : null;
    },

    xOf(time) {
      const u = main();
      return u ? u.valToPos(time, 'x') : null;
    },

    timeAt(x) {
      const u = main();
      return u ? u.posToVal(x, 'x') : null;
    },

    plotArea: () => main()?.over ?? null,

    plotBox() {
      const u = main();
      if (!u) return null;
      const ratio = uPlot.pxRatio;
      const { left, top, width: w, height: h } = u.bbox;
      return { left: left / ratio, top: top / ratio, width: w / ratio, height: h / ratio };
    },

    destroy() {
      destroyed = true;
      cancelAnimationFrame(frame);
      frame = 0;
      destroyPlots();
    },
  };
}

/** The value scale of a pane's plot: `y` for the prices, the pane's own name below them. */
function scaleOf(pane: 'main' | Pane): string {
  return pane === 'main' ? 'y' : pane;
}

function sameColours(a: ChartColours, b: ChartColours): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A sub-pane's axis figure: few significant digits, as small values need (MACD, volume). */
function compact(value: number): string {
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1000) return value.toFixed(0);
  return value.toPrecision(3).replace(/\.?0+$/, '');
}
