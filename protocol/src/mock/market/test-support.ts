/** Shared checks and builders of the market's tests. Not part of the package. */
import { expect } from 'vitest';
import type { Candle } from '../../schemas/market.js';
import { PERIOD_SECONDS, type Period } from '../../socket/topics.js';
import type { Clock } from '../clock.js';
import type { MockOptions } from '../config.js';
import type { MockDeps } from '../deps.js';
import { makeDeps } from '../test-support.js';

/** Noon UTC, mid-week: far from a day boundary unless a test walks to one. */
export const NOON = Date.UTC(2024, 5, 5, 12, 0, 0);

/** A clock that only moves when told, so candle times and day boundaries are reproducible. */
export function fixedClock(start: number): Clock {
  let now = start;
  return {
    now: () => now,
    advance(ms) {
      now += ms;
    },
  };
}

/**
 * In-memory deps on a fixed clock. History is short unless a test asks for more: back-filling
 * every instrument's six periods is most of what creating a market costs.
 */
export function marketDeps(options: Partial<MockOptions> = {}, start = NOON): MockDeps {
  return { ...makeDeps({ historyCandles: 20, ...options }), clock: fixedClock(start) };
}

/** What is wrong with a series of candles: nothing, when the list is empty. */
export function candleProblems(candles: readonly Candle[], period: Period): string[] {
  const seconds = PERIOD_SECONDS[period];
  const problems: string[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const c of candles) {
    const wrong = (what: string) => problems.push(`${period} ${what}: ${JSON.stringify(c)}`);
    if (![c.Open, c.High, c.Low, c.Close].every((p) => Number.isFinite(p) && p > 0)) {
      wrong('price not positive');
    }
    if (c.Low > Math.min(c.Open, c.Close)) wrong('low above open or close');
    if (c.High < Math.max(c.Open, c.Close)) wrong('high below open or close');
    if (!(c.Volume >= 0)) wrong('negative volume');
    if (c.Time % seconds !== 0) wrong('time not aligned');
    if (c.Time <= previous) wrong('time not increasing');
    previous = c.Time;
  }
  return problems;
}

/**
 * Every candle is well formed (low ≤ open, close ≤ high, positive finite prices, volume ≥ 0)
 * and the series' times are aligned to the period and strictly increasing. One assertion per
 * series: checking thousands of candles field by field would dominate a test's time.
 */
export function expectConsistent(candles: readonly Candle[], period: Period): void {
  expect(candleProblems(candles, period)).toEqual([]);
}
