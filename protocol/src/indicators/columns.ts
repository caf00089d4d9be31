/**
 * A chart's candles as columns (times, open, high, low, close, volume), and how candles join
 * them: a live candle updates the current one or appends the next, a page of older history goes
 * in front. The chart on the main thread and the indicator series in the live worker keep their
 * columns by these same rules, so an index means the same candle on both sides.
 */
import type { Candle } from '../schemas/market.js';

/** Columns of equal length, oldest first; times in UTC seconds. */
export interface CandleColumns {
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
  volume: number[];
}

/**
 * Most candles kept: history plus what arrives live during a long session, plus older pages a
 * trader scrolled back to. The oldest go first (this project's choice: a day of 1-minute
 * candles, ample for a phone screen and cheap to recompute indicators over).
 */
export const MAX_CANDLES = 1440;

/** No candles. */
export function emptyColumns(): CandleColumns {
  return { time: [], open: [], high: [], low: [], close: [], volume: [] };
}

/**
 * The columns of a history (oldest first, as the kline route answers). A candle whose time is
 * not after the one before it replaces that one, so the columns stay strictly increasing.
 */
export function toColumns(candles: readonly Candle[], max = MAX_CANDLES): CandleColumns {
  const columns = emptyColumns();
  for (const candle of candles) mergeCandle(columns, candle, Number.POSITIVE_INFINITY);
  trim(columns, max);
  return columns;
}

/**
 * What a live candle did to the columns: `shifted` is an append that dropped the oldest candle,
 * so every index moved by one.
 */
export type MergeResult = 'updated' | 'appended' | 'shifted' | 'ignored';

/**
 * Joins `candle` to `columns` in place: the same time as the last candle updates it, a later
 * time appends it (dropping the oldest past `max`), an earlier time is ignored — a late frame
 * must never rewrite a candle the history already closed.
 */
export function mergeCandle(columns: CandleColumns, candle: Candle, max = MAX_CANDLES) {
  const last = columns.time.length - 1;
  const lastTime = columns.time[last];
  let result: MergeResult;
  if (lastTime !== undefined && candle.Time < lastTime) {
    result = 'ignored';
  } else if (lastTime === candle.Time) {
    columns.open[last] = candle.Open;
    columns.high[last] = candle.High;
    columns.low[last] = candle.Low;
    columns.close[last] = candle.Close;
    columns.volume[last] = candle.Volume;
    result = 'updated';
  } else {
    columns.time.push(candle.Time);
    columns.open.push(candle.Open);
    columns.high.push(candle.High);
    columns.low.push(candle.Low);
    columns.close.push(candle.Close);
    columns.volume.push(candle.Volume);
    result = trim(columns, max) > 0 ? 'shifted' : 'appended';
  }
  return result;
}

/**
 * Puts the candles of `older` (any order) that are older than the first candle of `columns` in
 * front of them, the newest first while there is room under `max`. Returns how many went in.
 */
export function prependOlder(
  columns: CandleColumns,
  older: readonly Candle[],
  max = MAX_CANDLES,
): number {
  const first = columns.time[0] ?? Number.POSITIVE_INFINITY;
  const room = max - columns.time.length;
  if (room <= 0) return 0;
  const byTime = new Map<number, Candle>();
  for (const candle of older) if (candle.Time < first) byTime.set(candle.Time, candle);
  const chosen = [...byTime.values()].sort((a, b) => a.Time - b.Time).slice(-room);
  if (chosen.length === 0) return 0;
  columns.time.unshift(...chosen.map((c) => c.Time));
  columns.open.unshift(...chosen.map((c) => c.Open));
  columns.high.unshift(...chosen.map((c) => c.High));
  columns.low.unshift(...chosen.map((c) => c.Low));
  columns.close.unshift(...chosen.map((c) => c.Close));
  columns.volume.unshift(...chosen.map((c) => c.Volume));
  return chosen.length;
}

/** The candle at `index`, if there is one. */
export function candleAt(columns: CandleColumns, index: number): Candle | undefined {
  const time = columns.time[index];
  const open = columns.open[index];
  const high = columns.high[index];
  const low = columns.low[index];
  const close = columns.close[index];
  const volume = columns.volume[index];
  if (time === undefined || open === undefined || high === undefined) return undefined;
  if (low === undefined || close === undefined || volume === undefined) return undefined;
  return { Time: time, Open: open, High: high, Low: low, Close: close, Volume: volume };
}

/** A copy of `columns` (each column its own array). */
export function copyColumns(columns: CandleColumns): CandleColumns {
  return {
    time: [...columns.time],
    open: [...columns.open],
    high: [...columns.high],
    low: [...columns.low],
    close: [...columns.close],
    volume: [...columns.volume],
  };
}

/** Drops the oldest candles past `max`; returns how many went. */
function trim(columns: CandleColumns, max: number): number {
  const extra = columns.time.length - max;
  if (extra <= 0) return 0;
  columns.time.splice(0, extra);
  columns.open.splice(0, extra);
  columns.high.splice(0, extra);
  columns.low.splice(0, extra);
  columns.close.splice(0, extra);
  columns.volume.splice(0, extra);
  return extra;
}
