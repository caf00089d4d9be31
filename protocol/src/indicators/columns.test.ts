import { describe, expect, it } from 'vitest';
import type { Candle } from '../schemas/market.js';
import {
  candleAt,
  copyColumns,
  emptyColumns,
  mergeCandle,
  prependOlder,
  toColumns,
} from './columns.js';

const candle = (Time: number, Close: number, patch: Partial<Candle> = {}): Candle => ({
  Time,
  Open: Close,
  High: Close + 1,
  Low: Close - 1,
  Close,
  Volume: 5,
  ...patch,
});

describe('history to columns', () => {
  it('splits candles into columns, oldest first', () => {
    expect(toColumns([candle(60, 10), candle(120, 11, { Volume: 7 })])).toEqual({
      time: [60, 120],
      open: [10, 11],
      high: [11, 12],
      low: [9, 10],
      close: [10, 11],
      volume: [5, 7],
    });
  });

  it('keeps times strictly increasing: a repeated time replaces, an older one is dropped', () => {
    const columns = toColumns([candle(60, 10), candle(120, 11), candle(120, 12), candle(90, 1)]);
    expect(columns.time).toEqual([60, 120]);
    expect(columns.close).toEqual([10, 12]);
  });

  it('keeps only the newest candles past the limit', () => {
    const columns = toColumns([candle(60, 1), candle(120, 2), candle(180, 3)], 2);
    expect(columns.time).toEqual([120, 180]);
    expect(columns.open).toEqual([2, 3]);
  });
});

describe('a live candle', () => {
  it('updates the current candle in place', () => {
    const columns = toColumns([candle(60, 10), candle(120, 11)]);
    expect(mergeCandle(columns, candle(120, 13, { High: 15, Volume: 9 }))).toBe('updated');
    expect(candleAt(columns, 1)).toEqual({
      Time: 120,
      Open: 13,
      High: 15,
      Low: 12,
      Close: 13,
      Volume: 9,
    });
    expect(columns.time).toHaveLength(2);
  });

  it('appends the next candle, even after a gap', () => {
    const columns = toColumns([candle(60, 10)]);
    expect(mergeCandle(columns, candle(240, 12))).toBe('appended');
    expect(columns.time).toEqual([60, 240]);
  });

  it('ignores a late candle older than the current one', () => {
    const columns = toColumns([candle(60, 10), candle(120, 11)]);
    expect(mergeCandle(columns, candle(60, 99))).toBe('ignored');
    expect(columns.close).toEqual([10, 11]);
  });

  it('starts empty columns and says when an append dropped the oldest past the limit', () => {
    const columns = emptyColumns();
    expect(mergeCandle(columns, candle(60, 1), 2)).toBe('appended');
    expect(mergeCandle(columns, candle(120, 2), 2)).toBe('appended');
    expect(mergeCandle(columns, candle(180, 3), 2)).toBe('shifted');
    expect(columns.time).toEqual([120, 180]);
    expect(columns.high).toEqual([3, 4]);
  });

  it('reads no candle past the ends', () => {
    expect(candleAt(emptyColumns(), 0)).toBeUndefined();
    expect(candleAt(toColumns([candle(60, 1)]), -1)).toBeUndefined();
  });
});

describe('older history', () => {
  it('goes in front, in time order, leaving out what the columns already cover', () => {
    const columns = toColumns([candle(180, 3), candle(240, 4)]);
    const added = prependOlder(columns, [candle(120, 2), candle(240, 9), candle(60, 1)]);
    expect(added).toBe(2);
    expect(columns.time).toEqual([60, 120, 180, 240]);
    expect(columns.close).toEqual([1, 2, 3, 4]);
  });

  it('takes the newest of a page while there is room, and nothing once full', () => {
    const columns = toColumns([candle(180, 3)]);
    expect(prependOlder(columns, [candle(60, 1), candle(120, 2)], 2)).toBe(1);
    expect(columns.time).toEqual([120, 180]);
    expect(prependOlder(columns, [candle(0, 0)], 2)).toBe(0);
  });

  it('copies columns into arrays of their own', () => {
    const columns = toColumns([candle(60, 1)]);
    const copy = copyColumns(columns);
    mergeCandle(columns, candle(60, 5));
    expect(copy.close).toEqual([1]);
  });
});
