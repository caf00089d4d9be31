import { describe, expect, it } from 'vitest';
import { ema, sma, wilderAverage } from './moving-average.js';
import { STOCKCHARTS_AVERAGES } from './test-support.js';

/** The values from `from` on, to `digits` decimals, as published tables print them. */
function rounded(series: readonly (number | null)[], from: number, digits = 2): number[] {
  return series.slice(from).map((value) => Number((value as number).toFixed(digits)));
}

describe('sma', () => {
  it('matches the StockCharts 10-day SMA worked example', () => {
    const { closes, sma10 } = STOCKCHARTS_AVERAGES;
    const values = sma(closes, 10);
    expect(values.slice(0, 9).every((value) => value === null)).toBe(true);
    expect(rounded(values, 9)).toEqual(sma10);
  });

  it('averages the window ending at each value', () => {
    expect(sma([1, 2, 3, 4, 5], 3)).toEqual([null, null, 2, 3, 4]);
    expect(sma([7], 1)).toEqual([7]);
    expect(sma([1, 2], 3)).toEqual([null, null]);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses the period %d', (period) => {
    expect(() => sma([1, 2, 3], period)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it('matches the StockCharts 10-day EMA worked example (seeded with the SMA)', () => {
    const { closes, ema10 } = STOCKCHARTS_AVERAGES;
    const values = ema(closes, 10);
    expect(values.slice(0, 9).every((value) => value === null)).toBe(true);
    expect(rounded(values, 9)).toEqual(ema10);
  });

  it('skips a leading warm-up of nulls before its seed', () => {
    expect(ema([null, null, 2, 4, 6, 8], 2)).toEqual([null, null, null, 3, 5, 7]);
  });

  it('gives nothing while the input is shorter than the period', () => {
    expect(ema([1, 2], 5)).toEqual([null, null]);
  });
});

describe('wilderAverage', () => {
  it('smooths by 1 / period after the simple-average seed', () => {
    // Seed (2 + 4) / 2 = 3, then 3 + (6 − 3) / 2 = 4.5.
    expect(wilderAverage([2, 4, 6], 2)).toEqual([null, 3, 4.5]);
  });
});
