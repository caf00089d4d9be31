import { describe, expect, it } from 'vitest';
import type { Candle } from '../../schemas/market.js';
import { candleSchema } from '../../schemas/market.js';
import { PERIOD_SECONDS, PERIODS } from '../../socket/topics.js';
import { createRng } from '../rng.js';
import {
  backfill,
  backfillBook,
  CANDLE_SLACK,
  candleTime,
  type HistoryTerms,
  recordBookTick,
  recordTick,
} from './candles.js';
import { expectConsistent, NOON } from './test-support.js';

const AT = Date.UTC(2024, 5, 5, 13, 47, 31, 500);

const terms: HistoryTerms = {
  count: 120,
  now: AT,
  price: 1.08512,
  dayOpen: 1.08,
  anchor: 1.085,
  dailyVolatility: 0.005,
  precision: 5,
  volumePerMinute: 100,
};

describe('candleTime', () => {
  it('is the period start in UTC seconds', () => {
    const expected = {
      '1min': Date.UTC(2024, 5, 5, 13, 47),
      '5min': Date.UTC(2024, 5, 5, 13, 45),
      '15min': Date.UTC(2024, 5, 5, 13, 45),
      '30min': Date.UTC(2024, 5, 5, 13, 30),
      '60min': Date.UTC(2024, 5, 5, 13),
      '1day': Date.UTC(2024, 5, 5),
    };
    for (const period of PERIODS) expect(candleTime(AT, period)).toBe(expected[period] / 1000);
  });
});

describe('recordTick', () => {
  it('updates the current candle within its period', () => {
    const candles: Candle[] = [];
    recordTick(candles, '1min', 1.1, 2, NOON, 10);
    recordTick(candles, '1min', 1.3, 1.5, NOON + 10_000, 10);
    const current = recordTick(candles, '1min', 1.2, 0.25, NOON + 59_999, 10);
    expect(candles).toEqual([
      { Time: NOON / 1000, Open: 1.1, High: 1.3, Low: 1.1, Close: 1.2, Volume: 3.75 },
    ]);
    expect(current).toBe(candles[0]);
  });

  it('opens a new candle at the tick price once the period rolls', () => {
    const candles: Candle[] = [];
    recordTick(candles, '5min', 1.1, 1, NOON, 10);
    const next = recordTick(candles, '5min', 1.05, 1, NOON + 300_000, 10);
    expect(next).toEqual({
      Time: NOON / 1000 + 300,
      Open: 1.05,
      High: 1.05,
      Low: 1.05,
      Close: 1.05,
      Volume: 1,
    });
    expect(candles).toHaveLength(2);
  });

  it('never opens an earlier candle when the clock goes back', () => {
    const candles: Candle[] = [];
    recordTick(candles, '1min', 1.1, 1, NOON + 120_000, 10);
    recordTick(candles, '1min', 1.0, 1, NOON, 10);
    expect(candles).toHaveLength(1);
    expect(candles[0]).toMatchObject({ Time: NOON / 1000 + 120, Low: 1.0, Close: 1.0 });
  });

  it('keeps memory bounded: trims to `keep` once past the slack', () => {
    const candles: Candle[] = [];
    for (let i = 0; i < 10 + CANDLE_SLACK + 1; i++) {
      recordTick(candles, '1min', 1 + i / 1000, 1, NOON + i * 60_000, 10);
    }
    expect(candles).toHaveLength(10);
    expect(candles.at(-1)?.Time).toBe(NOON / 1000 + (10 + CANDLE_SLACK) * 60);
    expectConsistent(candles, '1min');
  });

  it('adds a tick to every period at once', () => {
    const book = backfillBook({ ...terms, now: NOON }, createRng(1));
    const changed = recordBookTick(book, 1.2, 5, NOON + 1000, terms.count);
    expect(changed.map(([period]) => period)).toEqual([...PERIODS]);
    for (const [period, candle] of changed) {
      expect(candle).toBe(book[period].at(-1));
      expect(candle.Close).toBe(1.2);
      expect(candle.High).toBe(1.2);
    }
  });
});

describe('backfill', () => {
  it('fills every period with consistent, aligned, contiguous candles ending now', () => {
    const book = backfillBook(terms, createRng(42));
    for (const period of PERIODS) {
      const candles = book[period];
      expect(candles).toHaveLength(terms.count);
      expectConsistent(candles, period);
      for (const c of candles) expect(candleSchema.safeParse(c).success).toBe(true);
      const seconds = PERIOD_SECONDS[period];
      expect(candles.at(-1)?.Time).toBe(candleTime(AT, period));
      expect(candles[0]?.Time).toBe(candleTime(AT, period) - (terms.count - 1) * seconds);
      expect(candles.at(-1)?.Close).toBe(terms.price);
      // Each candle opens where the one before closed.
      for (let i = 1; i < candles.length; i++) {
        expect(candles[i]?.Open).toBe(candles[i - 1]?.Close);
      }
    }
  });

  it('opens the current day candle at the day open', () => {
    const day = backfill(terms, '1day', createRng(5));
    expect(day.at(-1)).toMatchObject({ Open: terms.dayOpen, Close: terms.price });
  });

  it('gives every candle a plausible volume for its length', () => {
    const hours = backfill(terms, '60min', createRng(3));
    for (const c of hours.slice(0, -1)) {
      expect(c.Volume).toBeGreaterThanOrEqual(terms.volumePerMinute * 60 * 0.5);
      expect(c.Volume).toBeLessThanOrEqual(terms.volumePerMinute * 60 * 1.5);
    }
    // The current hour is 47.5 minutes in: a part of an hour's volume.
    expect(hours.at(-1)?.Volume).toBeLessThan(terms.volumePerMinute * 60 * 1.5 * 0.8);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(backfillBook(terms, createRng(9))).toEqual(backfillBook(terms, createRng(9)));
    expect(backfill(terms, '1min', createRng(9))).not.toEqual(
      backfill(terms, '1min', createRng(10)),
    );
  });

  it('stays positive for a coin priced in billionths', () => {
    const tiny = { ...terms, price: 0.000025, dayOpen: 0.000024, anchor: 0.000025, precision: 9 };
    const book = backfillBook({ ...tiny, dailyVolatility: 0.09 }, createRng(2));
    for (const period of PERIODS) expectConsistent(book[period], period);
  });
});
