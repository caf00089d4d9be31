/**
 * The candlestick chart on uPlot, driven from outside: `load` a history, `live` each candle
 * from the socket, `resize` with the container. uPlot draws the axes, grid and crosshair; the
 * candles are drawn by a draw hook; the time window is this module's (see viewport.ts), so live
 * candles never undo a pan or zoom.
 *
 * uPlot is imported here only, inside the trade route's chunk.
 */
import {
  type Candle,
  type CandleColumns,
  candleAt,
  emptyColumns,
  formatPrice,
  mergeCandle,
  PERIOD_SECONDS,
  type Period,
  toColumns,
} from '@pipstream/protocol';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { bindGestures } from './gestures.js';
import { axisTimeFormat } from './time-format.js';
import {
  followLatest,
  initialViewport,
  panViewport,
  type ViewBounds,
  type Viewport,
  zoomViewport,
} from './viewport.js';

/** Colours from the theme's variables (read once, when the chart is made). */
export interface ChartColours {
  up: string;
  down: string;
  text: string;
  grid: string;
}

/** The candle under the crosshair, or the latest when there is no crosshair. */
export type LegendListener = (candle: Omit<Candle, 'Volume'> | undefined) => void;

export interface ChartSetup {
  /** BCP 47 tag for the time labels. */
  locale: string;
  /** Writes a price (an exact decimal text) the way the viewer's language does. */
  localize: (text: string) => string;
  colours: ChartColours;
  onLegend: LegendListener;
}

/** What the chart draws: the candle period and the instrument's price decimals. */
export interface ChartTerms {
  period: Period;
  precision: number;
}

export interface CandleChart {
  /** Replaces every candle (a history load) and shows the latest ones. */
  load(candles: readonly Candle[], terms: ChartTerms): void;
  /** Joins a live candle: the current one is updated, the next one appended. */
  live(candle: Candle): void;
  /** The container's new size in CSS pixels; zero sizes (a hidden screen) are ignored. */
  resize(width: number, height: number): void;
  /** How many candles the chart holds. */
  count(): number;
  destroy(): void;
}

/** Share of a candle slot the body fills. */
const BODY_SHARE = 0.7;

/** The colours of the theme on `element` (its CSS variables). */
export function themeColours(element: Element): ChartColours {
  const style = getComputedStyle(element);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    up: read('--up'),
    down: read('--down'),
    text: read('--text-muted'),
    grid: read('--border'),
  };
}

/** Makes the chart inside `host`; it draws once it has both a size and candles. */
export function createCandleChart(host: HTMLElement, setup: ChartSetup): CandleChart {
  let columns: CandleColumns = emptyColumns();
  let terms: ChartTerms = { period: '1min', precision: 2 };
  let view: Viewport | null = null;
  let width = 0;
  let height = 0;
  let plot: uPlot | null = null;
  let unbind: (() => void) | null = null;
  let frame = 0;

  const seconds = () => PERIOD_SECONDS[terms.period];
  const bounds = (): ViewBounds | null => {
    const first = columns.time[0];
    const last = columns.time.at(-1);
    return first === undefined || last === undefined ? null : { first, last, period: seconds() };
  };
  const data = (): uPlot.AlignedData => [
    columns.time,
    columns.open,
    columns.high,
    columns.low,
    columns.close,
  ];

  function showLegend(index: number | null | undefined) {
    const at = index ?? columns.time.length - 1;
    setup.onLegend(candleAt(columns, at));
  }

  function drawCandles(u: uPlot) {
    const { ctx, bbox } = u;
    const scale = u.scales.x;
    if (scale?.min == null || scale.max == null || columns.time.length === 0) return;
    const slot = seconds();
    const slotPx = u.valToPos(scale.min + slot, 'x', true) - u.valToPos(scale.min, 'x', true);
    const body = Math.max(1, Math.round(slotPx * BODY_SHARE));
    const wick = Math.max(1, Math.round(uPlot.pxRatio));
    ctx.save();
    ctx.beginPath();
    ctx.rect(bbox.left, bbox.top, bbox.width, bbox.height);
    ctx.clip();
    for (let i = 0; i < columns.time.length; i++) {
      const time = columns.time[i] as number;
      if (time < scale.min - slot || time > scale.max + slot) continue;
      const open = columns.open[i] as number;
      const close = columns.close[i] as number;
      const x = Math.round(u.valToPos(time, 'x', true));
      const top = Math.round(u.valToPos(columns.high[i] as number, 'y', true));
      const bottom = Math.round(u.valToPos(columns.low[i] as number, 'y', true));
      const yOpen = Math.round(u.valToPos(open, 'y', true));
      const yClose = Math.round(u.valToPos(close, 'y', true));
      ctx.fillStyle = close >= open ? setup.colours.up : setup.colours.down;
      ctx.fillRect(x - Math.floor(wick / 2), top, wick, Math.max(1, bottom - top));
      ctx.fillRect(
        x - Math.floor(body / 2),
        Math.min(yOpen, yClose),
        body,
        Math.max(1, Math.abs(yClose - yOpen)),
      );
    }
    ctx.restore();
  }

  function options(): uPlot.Options {
    const { colours } = setup;
    const axisTime = axisTimeFormat(setup.locale, terms.period);
    const price = (value: number) => setup.localize(formatPrice(value, terms.precision));
    const hidden = { paths: () => null, points: { show: false } } satisfies uPlot.Series;
    const axis = {
      stroke: colours.text,
      grid: { stroke: colours.grid, width: 1 },
      ticks: { stroke: colours.grid, width: 1, size: 4 },
    };
    return {
      width,
      height,
      legend: { show: false },
      cursor: {
        points: { show: false },
        drag: { x: false, y: false, setScale: false },
        // uPlot's double click resets its own zoom; the gestures handle it instead.
        bind: { dblclick: () => null },
      },
      scales: {
        // The window is this module's: uPlot asks for it whenever it ranges x.
        x: { time: true, range: (_u, min, max) => (view ? [view.min, view.max] : [min, max]) },
        y: {
          range: (_u, min, max) => {
            const pad = (max - min) * 0.08 || Math.abs(max) * 0.001 || 1;
            return [min - pad, max + pad];
          },
        },
      },
      series: [{}, hidden, hidden, hidden, hidden],
      axes: [
        { ...axis, space: 64, size: 32, gap: 4, values: (_u, splits) => splits.map(axisTime) },
        {
          ...axis,
          side: 1,
          values: (_u, splits) => splits.map(price),
          size: (_u, values) => 14 + 7 * Math.max(4, ...(values ?? []).map((v) => v.length)),
        },
      ],
      hooks: {
        draw: [drawCandles],
        setCursor: [(u) => showLegend(u.cursor.idx)],
      },
    };
  }

  function schedule() {
    if (frame !== 0) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      if (plot && view) plot.setScale('x', { min: view.min, max: view.max });
    });
  }

  function moveView(next: Viewport) {
    view = next;
    schedule();
  }

  function render() {
    if (plot) {
      plot.setData(data());
    } else if (width > 0 && height > 0 && columns.time.length > 0) {
      plot = new uPlot(options(), data(), host);
      unbind = bindGestures(plot.over, {
        pan: (deltaPx) => {
          const extent = bounds();
          if (view && extent)
            moveView(panViewport(view, deltaPx, plot?.over.clientWidth ?? 0, extent));
        },
        zoom: (factor, atPx) => {
          const extent = bounds();
          if (!plot || !view || !extent) return;
          moveView(zoomViewport(view, factor, plot.posToVal(atPx, 'x'), extent));
        },
        reset: () => {
          const extent = bounds();
          if (extent) moveView(initialViewport(extent));
        },
      });
    }
    if (plot?.cursor.idx == null) showLegend(null);
  }

  function rebuild() {
    unbind?.();
    unbind = null;
    plot?.destroy();
    plot = null;
    render();
  }

  return {
    load(candles, next) {
      const changed = next.period !== terms.period || next.precision !== terms.precision;
      terms = next;
      columns = toColumns(candles);
      const extent = bounds();
      view = extent ? initialViewport(extent) : null;
      // Axis formats belong to the options: new terms need a new plot.
      if (changed) rebuild();
      else render();
    },

    live(candle) {
      const before = columns.time.at(-1);
      const result = mergeCandle(columns, candle);
      if (result === 'ignored') return;
      const extent = bounds();
      if (extent) {
        view =
          view && before !== undefined
            ? followLatest(view, before, extent)
            : initialViewport(extent);
      }
      render();
    },

    resize(nextWidth, nextHeight) {
      const w = Math.floor(nextWidth);
      const h = Math.floor(nextHeight);
      if (w <= 0 || h <= 0 || (w === width && h === height)) return;
      width = w;
      height = h;
      if (plot) plot.setSize({ width, height });
      else render();
    },

    count: () => columns.time.length,

    destroy() {
      cancelAnimationFrame(frame);
      frame = 0;
      unbind?.();
      plot?.destroy();
      plot = null;
    },
  };
}
