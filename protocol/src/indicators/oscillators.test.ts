import { describe, expect, it } from 'vitest';
import { ema } from './moving-average.js';
import { bollinger, macd, rsi } from './oscillators.js';
import { STOCKCHARTS_BOLLINGER, STOCKCHARTS_RSI, TA_MACD } from './test-support.js';

describe('rsi (Wilder)', () => {
  it('matches the StockCharts RSI(14) worked example at every published value', () => {
    const { closes, rsi14 } = STOCKCHARTS_RSI;
    const values = rsi(closes, 14);
    expect(values.slice(0, 14).every((value) => value === null)).toBe(true);
    expect(values.slice(14).map((value) => Number((value as number).toFixed(2)))).toEqual(rsi14);
  });

  it('is 100 without a loss in the window and 0 without a gain', () => {
    expect(rsi([1, 2, 3, 4], 2).slice(2)).toEqual([100, 100]);
    expect(rsi([4, 3, 2, 1], 2).slice(2)).toEqual([0, 0]);
    expect(rsi([5, 5, 5], 2)).toEqual([null, null, 100]);
  });
});

describe('macd', () => {
  const { closes, tail } = TA_MACD;
  const lines = macd(closes, 12, 26, 9);

  it('matches the published MACD(12, 26, 9) fixture to 3 decimals over its last 20 rows', () => {
    expect(tail).toHaveLength(20);
    for (const [row, line, signal, histogram] of tail) {
      expect(lines.macd[row]).toBeCloseTo(line, 3);
      expect(lines.signal[row]).toBeCloseTo(signal, 3);
      expect(lines.histogram[row]).toBeCloseTo(histogram, 3);
    }
  });

  it('is the 12 EMA less the 26 EMA, its 9 EMA, and their difference, from their warm-ups', () => {
    const fast = ema(closes, 12);
    const slow = ema(closes, 26);
    expect(lines.macd.slice(0, 25).every((value) => value === null)).toBe(true);
    expect(lines.macd[25]).toBe((fast[25] as number) - (slow[25] as number));
    expect(lines.signal.slice(0, 33).every((value) => value === null)).toBe(true);
    expect(lines.signal).toEqual(ema(lines.macd, 9));
    expect(lines.histogram[40]).toBe((lines.macd[40] as number) - (lines.signal[40] as number));
  });

  it('refuses a fast period that is not shorter than the slow one', () => {
    expect(() => macd(closes, 26, 12, 9)).toThrow(RangeError);
    expect(() => macd(closes, 12, 26, 0)).toThrow(RangeError);
  });
});

describe('bollinger', () => {
  it('matches the StockCharts Bollinger Bands (20, 2) worked example at every published row', () => {
    const { closes, bands } = STOCKCHARTS_BOLLINGER;
    const lines = bollinger(closes, 20, 2);
    const from = closes.length - bands.length;
    expect(from).toBe(19);
    for (const line of [lines.middle, lines.upper, lines.lower]) {
      expect(line.slice(0, from).every((value) => value === null)).toBe(true);
    }
    // The table's 6 decimals, row by row.
    const table = (series: readonly (number | null)[]) =>
      series.slice(from).map((value) => Number((value as number).toFixed(6)));
    expect(table(lines.middle)).toEqual(bands.map(([middle]) => middle));
    expect(table(lines.upper)).toEqual(bands.map(([, upper]) => upper));
    expect(table(lines.lower)).toEqual(bands.map(([, , lower]) => lower));
  });

  it('puts the bands width population deviations around the simple average', () => {
    // Mean 3, population deviation √2.
    const bands = bollinger([1, 2, 3, 4, 5], 5, 2);
    expect(bands.middle).toEqual([null, null, null, null, 3]);
    expect(bands.upper[4]).toBeCloseTo(3 + 2 * Math.SQRT2, 12);
    expect(bands.lower[4]).toBeCloseTo(3 - 2 * Math.SQRT2, 12);
  });

  it('closes the bands on a flat market and refuses a width that is not positive', () => {
    const bands = bollinger([2, 2, 2], 2, 2);
    expect(bands.upper).toEqual([null, 2, 2]);
    expect(bands.lower).toEqual([null, 2, 2]);
    expect(() => bollinger([1, 2], 2, 0)).toThrow(RangeError);
  });
});
