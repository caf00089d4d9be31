/**
 * The chart's candles as the columns uPlot draws (times, open, high, low, close), and how a
 * live candle joins them: the current candle is updated in place, the next one is appended.
 */
import type { Candle } from '@pipstream/protocol';

/** Columns of equal length, oldest first; times in UTC seconds (docs/product.md#constants). */
export interface CandleColumns {
  time: number[];
  open: number[];
  high: number[];
  low: number[];
  close: number[];
}

/**
 * Most candles kept: history plus what arrives live during a long session. The oldest go first
 * (this project's choice: a day of 1-minute candles, ample for a phone screen).
 */
export const MAX_CANDLES = 1440;

/** No candles. */
export function emptyColumns(): CandleColumns {
  return { time: [], open: [], high: [], low: [], close: [] };
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

/** What a live candle did to the columns. */
export type MergeResult = 'updated' | 'appended' | 'ignored';

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
    result = 'updated';
  } else {
    columns.time.push(candle.Time);
    columns.open.push(candle.Open);
    columns.high.push(candle.High);
    columns.low.push(candle.Low);
    columns.close.push(candle.Close);
    trim(columns, max);
    result = 'appended';
  }
  return result;
}

/** The candle at `index`, if there is one. */
export function candleAt(
  columns: CandleColumns,
  index: number,
): Omit<Candle, 'Volume'> | undefined {
  const time = columns.time[index];
  const open = columns.open[index];
  const high = columns.high[index];
  const low = columns.low[index];
  const close = columns.close[index];
  if (time === undefined || open === undefined || high === undefined) return undefined;
  if (low === undefined || close === undefined) return undefined;
  return { Time: time, Open: open, High: high, Low: low, Close: close };
}

function trim(columns: CandleColumns, max: number) {
  const extra = columns.time.length - max;
  if (extra <= 0) return;
  columns.time.splice(0, extra);
  columns.open.splice(0, extra);
  columns.high.splice(0, extra);
  columns.low.splice(0, extra);
  columns.close.splice(0, extra);
}
