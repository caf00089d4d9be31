import { describe, expect, it } from 'vitest';
import type { Candle } from '../schemas/market.js';
import {
  aggregateCandles,
  bucketStart,
  CHART_PERIOD_SECONDS,
  CHART_PERIODS,
  chartTopic,
  isAggregated,
  lastBucketOf,
  sourcePeriod,
} from './candles.js';

const candle = (Time: number, Open: number, High: number, Low: number, Close: number, Volume = 1) =>
  ({ Time, Open, High, Low, Close, Volume }) satisfies Candle;

/** Monday 2026-11-23 00:00 UTC. */
const MONDAY = Date.UTC(2026, 10, 23) / 1000;
const HOUR = 3600;
const DAY = 86_400;

describe('chart periods', () => {
  it('offers the upstream’s periods and the two built from them, in bar order', () => {
    expect(CHART_PERIODS).toEqual([
      '1min',
      '5min',
      '15min',
      '30min',
      '60min',
      '4hour',
      '1day',
      '1week',
    ]);
    expect(CHART_PERIODS.filter(isAggregated)).toEqual(['4hour', '1week']);
    expect(sourcePeriod('4hour')).toBe('60min');
    expect(sourcePeriod('1week')).toBe('1day');
    expect(sourcePeriod('15min')).toBe('15min');
    expect(CHART_PERIOD_SECONDS['4hour']).toBe(4 * HOUR);
    expect(CHART_PERIOD_SECONDS['1week']).toBe(7 * DAY);
    expect(CHART_PERIOD_SECONDS['60min']).toBe(HOUR);
    expect(chartTopic('EURUSD', '60min')).toBe('KLINE.EURUSD.60min');
    expect(chartTopic('EURUSD', '4hour')).toBe('KLINE.EURUSD.4hour');
  });
});

describe('bucketStart', () => {
  it('starts 4-hour buckets at 00, 04, 08, 12, 16 and 20 UTC', () => {
    expect(bucketStart('4hour', MONDAY)).toBe(MONDAY);
    expect(bucketStart('4hour', MONDAY + 3 * HOUR + 59 * 60)).toBe(MONDAY);
    expect(bucketStart('4hour', MONDAY + 4 * HOUR)).toBe(MONDAY + 4 * HOUR);
    expect(bucketStart('4hour', MONDAY + 23 * HOUR)).toBe(MONDAY + 20 * HOUR);
  });

  it('starts a week on Monday 00:00 UTC, whatever day of it a candle opens', () => {
    for (let day = 0; day < 7; day++) {
      expect(bucketStart('1week', MONDAY + day * DAY + 5 * HOUR), `day ${day}`).toBe(MONDAY);
    }
    expect(bucketStart('1week', MONDAY + 7 * DAY)).toBe(MONDAY + 7 * DAY);
    expect(bucketStart('1week', MONDAY - 1)).toBe(MONDAY - 7 * DAY);
    // 1 January 1970, a Thursday, is in the week of Monday 29 December 1969.
    expect(bucketStart('1week', 0)).toBe(-3 * DAY);
  });
});

describe('aggregateCandles', () => {
  it('folds four hours into one candle: first open, extremes, last close, summed volume', () => {
    const hours = [
      candle(MONDAY, 1.1, 1.15, 1.09, 1.12, 10),
      candle(MONDAY + HOUR, 1.12, 1.2, 1.11, 1.18, 20),
      candle(MONDAY + 2 * HOUR, 1.18, 1.19, 1.05, 1.06, 30),
      candle(MONDAY + 3 * HOUR, 1.06, 1.08, 1.07, 1.075, 40),
      candle(MONDAY + 4 * HOUR, 1.075, 1.09, 1.07, 1.08, 5),
    ];
    expect(aggregateCandles(hours, '4hour')).toEqual([
      candle(MONDAY, 1.1, 1.2, 1.05, 1.075, 100),
      candle(MONDAY + 4 * HOUR, 1.075, 1.09, 1.07, 1.08, 5),
    ]);
  });

  it('builds a week from its days, a gap (the weekend) changing nothing', () => {
    const days = [0, 1, 2, 3, 4].map((day) =>
      candle(MONDAY + day * DAY, 100 + day, 110 + day, 90 - day, 101 + day),
    );
    const next = candle(MONDAY + 7 * DAY, 200, 210, 190, 205);
    expect(aggregateCandles([...days, next], '1week')).toEqual([
      candle(MONDAY, 100, 114, 86, 105, 5),
      candle(MONDAY + 7 * DAY, 200, 210, 190, 205, 1),
    ]);
  });

  it('takes candles in any order, the later of two with one time winning (a live update)', () => {
    const first = candle(MONDAY, 1, 2, 0.5, 1.5);
    const second = candle(MONDAY + HOUR, 1.5, 1.6, 1.4, 1.45);
    const updated = candle(MONDAY + HOUR, 1.5, 2.5, 1.4, 2.4);
    expect(aggregateCandles([second, first, updated], '4hour')).toEqual([
      candle(MONDAY, 1, 2.5, 0.5, 2.4, 2),
    ]);
  });

  it('answers nothing for nothing, and a lone candle as its own bucket', () => {
    expect(aggregateCandles([], '1week')).toEqual([]);
    expect(aggregateCandles([candle(MONDAY + 5 * HOUR, 1, 1, 1, 1)], '4hour')).toEqual([
      candle(MONDAY + 4 * HOUR, 1, 1, 1, 1),
    ]);
  });
});

describe('lastBucketOf', () => {
  it('keeps the candles of the latest bucket only, in any order', () => {
    const a = candle(MONDAY + 3 * HOUR, 1, 1, 1, 1);
    const b = candle(MONDAY + 4 * HOUR, 2, 2, 2, 2);
    const c = candle(MONDAY + 5 * HOUR, 3, 3, 3, 3);
    expect(lastBucketOf([c, a, b], '4hour')).toEqual([c, b]);
    expect(lastBucketOf([], '4hour')).toEqual([]);
  });
});
