/**
 * The chart's indicators, computed in the live worker: the worker keeps the chart's candle
 * columns (handed over with each history the chart loads, then grown by the live candles of the
 * watched topic, by the same rules as the chart's own), recomputes the chosen indicators with
 * the protocol's functions after each change, and hands the main thread only what changed — the
 * live candle's values, or everything when the indices moved.
 *
 * Pure and synchronous, like the live model: no socket, no timers.
 */
import {
  type Candle,
  type CandleColumns,
  computeIndicators,
  DEFAULT_INDICATORS,
  type IndicatorSettings,
  indicatorLines,
  mergeCandle,
  readIndicatorSettings,
  type Series,
} from '@pipstream/protocol';

/** Values of the chart's indicator lines for a run of its candles, as posted in a batch. */
export interface IndicatorUpdate {
  /** The KLINE topic whose candles the values belong to. */
  topic: string;
  /**
   * Moves whenever an index comes to mean another candle or the lines change (a new history,
   * older candles in front, the oldest dropped, other settings): an update of another version
   * than the chart holds is dropped, and a version always starts with a reset.
   */
  version: number;
  /** Every value of every line, replacing what the chart held (`from` is 0). */
  reset: boolean;
  /** Index of the first value. */
  from: number;
  /** The candle times of the values, so the chart can check they are its candles. */
  times: number[];
  /** Values by line key (protocol `indicatorLines`), each as long as `times`. */
  lines: Record<string, Series>;
}

/**
 * Folds `next` into `into` (owned by the caller, mutated): a reset replaces, a later run of the
 * same version extends or overwrites the run already pending.
 */
export function mergeIndicatorUpdates(into: IndicatorUpdate, next: IndicatorUpdate) {
  if (next.reset || next.version !== into.version || next.topic !== into.topic) return next;
  if (next.from < into.from) return next;
  const keep = next.from - into.from;
  into.times = [...into.times.slice(0, keep), ...next.times];
  for (const [key, values] of Object.entries(next.lines)) {
    into.lines[key] = [...(into.lines[key] ?? []).slice(0, keep), ...values];
  }
  return into;
}

/** Creates an empty series: no candles and every indicator off. */
export function createChartSeries() {
  let topic: string | null = null;
  let columns: CandleColumns | null = null;
  let settings: IndicatorSettings = DEFAULT_INDICATORS;
  let values: Record<string, Series> = {};
  let version = 0;
  /** What the next update carries: everything, or the values from one index on. */
  let pending: { reset: true } | { reset: false; from: number } | null = null;

  const anyLine = () => indicatorLines(settings).length > 0;

  function recompute() {
    values = columns && anyLine() ? computeIndicators(columns, settings) : {};
  }

  function resetAll() {
    version += 1;
    recompute();
    pending = { reset: true };
  }

  return {
    /** The candles the chart of `candleTopic` now holds (a history load, older candles). */
    setCandles(candleTopic: string, candles: CandleColumns): void {
      topic = candleTopic;
      columns = candles;
      resetAll();
    },

    /** The indicators chosen on this device; anything unreadable counts as off. */
    setSettings(next: unknown): void {
      settings = readIndicatorSettings(next);
      resetAll();
    },

    /**
     * A live candle of `candleTopic`. Candles of another topic (the chart moved on and its new
     * history is not in yet), or before any history, are not the chart's and are left out.
     */
    applyCandle(candleTopic: string, candle: Candle): void {
      if (columns === null || candleTopic !== topic) return;
      const result = mergeCandle(columns, candle);
      if (result === 'ignored') return;
      if (result === 'shifted') {
        resetAll();
        return;
      }
      if (!anyLine()) return;
      recompute();
      const from = columns.time.length - 1;
      if (pending === null) pending = { reset: false, from };
      else if (!pending.reset) pending = { reset: false, from: Math.min(pending.from, from) };
    },

    /** What changed since the last call, or `undefined`. */
    take(): IndicatorUpdate | undefined {
      const what = pending;
      pending = null;
      if (what === null || topic === null || columns === null) return undefined;
      const from = what.reset ? 0 : what.from;
      const lines: Record<string, Series> = {};
      for (const [key, series] of Object.entries(values)) lines[key] = series.slice(from);
      return { topic, version, reset: what.reset, from, times: columns.time.slice(from), lines };
    },

    /** Marks everything for the next `take()`: a listener starting from nothing. */
    snapshot(): void {
      if (columns !== null) pending = { reset: true };
    },
  };
}

export type ChartSeries = ReturnType<typeof createChartSeries>;
