import { describe, expect, it } from 'vitest';
import { quoteTickSchema } from '../../schemas/market.js';
import { createRng } from '../rng.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue.js';
import {
  changePercent,
  createPriceState,
  DAY_MS,
  openingLevel,
  rollDay,
  roundPrice,
  setLevel,
  stepState,
  toTick,
  utcDay,
  walk,
} from './simulator.js';

const NOON = Date.UTC(2024, 5, 5, 12, 0, 0);
const entry = (code: string): CatalogueEntry => {
  const found = CATALOGUE.find((e) => e.instrument.Code === code);
  if (!found) throw new Error(code);
  return found;
};
const EURUSD = entry('EURUSD');

describe('walk', () => {
  it('stays positive, finite and plausible over a year of hourly steps, for every instrument', () => {
    const rng = createRng(7);
    for (const e of CATALOGUE) {
      let level = e.startPrice;
      let lowest = level;
      let highest = level;
      for (let hour = 0; hour < 365 * 24; hour++) {
        level = walk(level, e.startPrice, e.dailyVolatility, 1 / 24, rng.normal());
        lowest = Math.min(lowest, level);
        highest = Math.max(highest, level);
      }
      expect(Number.isFinite(lowest) && lowest > 0).toBe(true);
      // Soft mean reversion: even the most volatile coin stays within a factor of 3 of its start.
      expect(lowest, e.instrument.Code).toBeGreaterThan(e.startPrice / 3);
      expect(highest, e.instrument.Code).toBeLessThan(e.startPrice * 3);
    }
  });

  it('reverts towards the anchor when nothing shocks it', () => {
    const after10Days = walk(2, 1, 0.01, 10, 0);
    expect(after10Days).toBeLessThan(2);
    expect(after10Days).toBeGreaterThan(1);
    expect(walk(1, 1, 0.01, 1, 0)).toBe(1);
  });

  it('keeps the level when a shock is not a number, and survives extreme shocks', () => {
    expect(walk(1.2, 1, 0.01, 1, Number.NaN)).toBe(1.2);
    const crashed = walk(1.2, 1, 0.5, 1, -1e6);
    expect(crashed).toBe(1.2);
    expect(walk(1.2, 1, 0.5, 1, 1e6)).toBe(1.2);
  });
});

describe('roundPrice', () => {
  it('rounds to the precision as clean decimals, and never reaches 0', () => {
    expect(roundPrice(1.0850049, 5)).toBe(1.085);
    expect(roundPrice(2400.126, 2)).toBe(2400.13);
    expect(roundPrice(0.1 + 0.2, 1)).toBe(0.3);
    expect(roundPrice(38_500.4, 0)).toBe(38_500);
    expect(roundPrice(0, 5)).toBe(0.00001);
    expect(roundPrice(-3, 2)).toBe(0.01);
    expect(roundPrice(1e-15, 9)).toBe(1e-9);
    expect(roundPrice(0.0000256789, 9)).toBe(0.000025679);
  });
});

describe('changePercent', () => {
  it('is the percent move since the open at 2 decimals', () => {
    expect(changePercent(100, 101.5)).toBe(1.5);
    expect(changePercent(1.08, 1.0746)).toBe(-0.5);
    expect(changePercent(2, 2)).toBe(0);
    expect(changePercent(0, 5)).toBe(0);
    // A fall too small to show is 0, not −0 (which would print as "-0.00").
    expect(Object.is(changePercent(2, 1.9999999), 0)).toBe(true);
  });
});

describe('price state', () => {
  it('starts with the day range spanning the open and the price', () => {
    const state = createPriceState(EURUSD, 1.0851234, 1.08, NOON);
    expect(state).toMatchObject({ price: 1.08512, open: 1.08, high: 1.08512, low: 1.08 });
    expect(state.day).toBe(utcDay(NOON));
  });

  it('tracks the day high and low, and reports whether the quoted price changed', () => {
    const state = createPriceState(EURUSD, 1.08, 1.08, NOON);
    expect(setLevel(state, EURUSD, 1.09, NOON + 1000)).toBe(true);
    expect(setLevel(state, EURUSD, 1.07, NOON + 2000)).toBe(true);
    expect(state).toMatchObject({
      open: 1.08,
      high: 1.09,
      low: 1.07,
      price: 1.07,
      time: NOON + 2000,
    });
    // Below the precision: the level moves, the quote does not.
    expect(setLevel(state, EURUSD, 1.070001, NOON + 3000)).toBe(false);
    expect(state.level).toBe(1.070001);
    expect(state.time).toBe(NOON + 2000);
  });

  it('opens a new day at the current price after UTC midnight, not before', () => {
    const state = createPriceState(EURUSD, 1.09, 1.08, NOON);
    const lastMsOfDay = (utcDay(NOON) + 1) * DAY_MS - 1;
    expect(rollDay(state, lastMsOfDay)).toBe(false);
    expect(state.open).toBe(1.08);
    expect(rollDay(state, lastMsOfDay + 1)).toBe(true);
    expect(state).toMatchObject({ open: 1.09, high: 1.09, low: 1.09, day: utcDay(NOON) + 1 });
    expect(toTick(state, EURUSD).Change).toBe(0);
  });

  it('steps by the instrument volatility, reproducibly for a seed', () => {
    const run = (seed: number) => {
      const rng = createRng(seed);
      const state = createPriceState(EURUSD, 1.085, 1.085, NOON);
      const prices: number[] = [];
      for (let i = 0; i < 50; i++) {
        stepState(state, EURUSD, 500 / DAY_MS, rng, NOON + i * 500);
        prices.push(state.price);
      }
      return prices;
    };
    expect(run(1)).toEqual(run(1));
    expect(run(1)).not.toEqual(run(2));
    // 50 half-second steps of a 0.5 %-a-day pair move it by hundredths of a percent, not more.
    for (const price of run(3)) expect(Math.abs(price / 1.085 - 1)).toBeLessThan(0.002);
  });

  it('opens the first day a plausible distance from the price', () => {
    const rng = createRng(11);
    const level = openingLevel(EURUSD, 1.085, NOON, rng);
    expect(level).not.toBe(1.085);
    expect(Math.abs(level / 1.085 - 1)).toBeLessThan(0.03);
    // At midnight no time of the day has passed: it opens at the price.
    expect(openingLevel(EURUSD, 1.085, utcDay(NOON) * DAY_MS, rng)).toBe(1.085);
  });

  it('makes a DAY_MARKET tick of the state', () => {
    const state = createPriceState(EURUSD, 1.0908, 1.08, NOON);
    const tick = toTick(state, EURUSD);
    expect(quoteTickSchema.parse(tick)).toEqual({
      Id: EURUSD.instrument.Id,
      Code: 'EURUSD',
      Open: 1.08,
      High: 1.0908,
      Low: 1.08,
      Close: 1.0908,
      Change: 1,
      Time: NOON,
    });
  });
});
