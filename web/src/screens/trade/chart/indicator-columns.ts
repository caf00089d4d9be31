/**
 * The chart's copy of its indicator values: one column per line, index for index with its
 * candle columns, filled from the live worker's updates. Each update names the candle times of
 * its values, so they land on the right candles even while the chart's own columns grew or
 * shifted since the worker computed them; what cannot be placed waits for the worker's reset.
 */
import type { MergeResult, Series } from '@pipstream/protocol';
import type { IndicatorUpdate } from '../../../worker/contract.js';

export interface IndicatorColumns {
  /** The KLINE topic and version of the values held (`null`: none yet). */
  topic: string | null;
  version: number;
  /** Values by line key, each as long as the candle columns. */
  lines: Record<string, Series>;
}

export function emptyIndicatorColumns(): IndicatorColumns {
  return { topic: null, version: -1, lines: {} };
}

/** The index of `time` in `times` (ascending), or -1. */
function indexOfTime(times: readonly number[], time: number): number {
  let low = 0;
  let high = times.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = times[middle] as number;
    if (at === time) return middle;
    if (at < time) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/** Pads or cuts every line to `length` values at its end. */
function fit(columns: IndicatorColumns, length: number) {
  for (const line of Object.values(columns.lines)) {
    if (line.length > length) line.length = length;
    while (line.length < length) line.push(null);
  }
}

/**
 * Writes `update` (for the chart of `topic`) into `columns`, aligned to the chart's candle
 * `times`. Returns false when it was not the chart's (another topic, an older version, a run
 * of a version the chart has not had the reset of).
 */
export function applyIndicatorUpdate(
  columns: IndicatorColumns,
  times: readonly number[],
  update: IndicatorUpdate,
  topic: string,
): boolean {
  if (update.topic !== topic) return false;
  if (update.reset) {
    columns.topic = topic;
    columns.version = update.version;
    columns.lines = {};
    for (const key of Object.keys(update.lines)) columns.lines[key] = [];
  } else if (columns.topic !== topic || update.version !== columns.version) {
    return false;
  }
  fit(columns, times.length);
  let at = update.times.length > 0 ? indexOfTime(times, update.times[0] as number) : -1;
  for (let i = 0; i < update.times.length; i++, at++) {
    if (times[at] !== update.times[i]) at = indexOfTime(times, update.times[i] as number);
    if (at < 0) continue;
    for (const [key, values] of Object.entries(update.lines)) {
      const line = columns.lines[key];
      if (line) line[at] = values[i] ?? null;
    }
  }
  return true;
}

/** Keeps `columns` index for index with candle columns that `result` changed. */
export function followMerge(columns: IndicatorColumns, result: MergeResult, length: number) {
  if (result === 'shifted') {
    for (const line of Object.values(columns.lines)) line.shift();
  }
  fit(columns, length);
}

/** Keeps `columns` index for index with candle columns that got `count` older candles. */
export function followPrepend(columns: IndicatorColumns, count: number) {
  if (count <= 0) return;
  const blanks = new Array<null>(count).fill(null);
  for (const line of Object.values(columns.lines)) line.unshift(...blanks);
}
