import { describe, expect, it } from 'vitest';
import { instrumentSchema } from '../../schemas/market.js';
import { instrumentCodeSchema } from '../../socket/topics.js';
import { Messages } from '../messages.js';
import { CATALOGUE, CATEGORIES, INSTRUMENT_NAMES, LOGOS_PATH, MARKET_STATUS } from './catalogue.js';
import { roundPrice } from './simulator.js';

const instruments = CATALOGUE.map((e) => e.instrument);
const byCode = (code: string) => {
  const entry = CATALOGUE.find((e) => e.instrument.Code === code);
  if (!entry) throw new Error(`${code} is not listed`);
  return entry;
};

describe('catalogue', () => {
  it('lists at least 60 instruments, each a valid trade-list item once quoted', () => {
    expect(CATALOGUE.length).toBeGreaterThanOrEqual(60);
    for (const entry of CATALOGUE) {
      const listed = {
        ...entry.instrument,
        MarketStatus: entry.status,
        ForexQuotations: { Open: entry.startPrice, Close: entry.startPrice, Change: 0 },
      };
      const parsed = instrumentSchema.safeParse(listed);
      expect(parsed.success, `${entry.instrument.Code}: ${parsed.error?.message}`).toBe(true);
      expect(instrumentCodeSchema.safeParse(entry.instrument.Code).success).toBe(true);
    }
  });

  it('numbers instruments 1..N in order, with unique codes and logos the mock serves', () => {
    expect(instruments.map((i) => i.Id)).toEqual(instruments.map((_, at) => at + 1));
    expect(new Set(instruments.map((i) => i.Code)).size).toBe(instruments.length);
    for (const i of instruments) expect(i.Logo).toBe(`${LOGOS_PATH}${i.Code}.svg`);
  });

  it('names instruments by locale text only where their ShowCode is a name', () => {
    const english = new Messages();
    for (const [code, name] of Object.entries(INSTRUMENT_NAMES)) {
      expect(english.t('en', name)).toBe(byCode(code).instrument.ShowCode);
    }
  });

  it('spreads instruments over at least 6 categories, every category used', () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(6);
    expect(CATEGORIES.map((c) => c.Id)).toEqual(CATEGORIES.map((_, at) => at + 1));
    for (const category of CATEGORIES) {
      expect(category.name).toMatch(/^market\.categories\.[a-z_]+$/);
      expect(instruments.some((i) => i.CategoryId === category.Id)).toBe(true);
    }
    const ids = new Set(CATEGORIES.map((c) => c.Id));
    for (const i of instruments) expect(ids.has(i.CategoryId)).toBe(true);
  });

  it('has at least three closed markets and two open ones without leverage', () => {
    const closed = CATALOGUE.filter((e) => e.status === MARKET_STATUS.CLOSED);
    expect(closed.length).toBeGreaterThanOrEqual(3);
    const noLeverage = CATALOGUE.filter((e) => e.instrument.HasForexMultiple.length === 0);
    expect(noLeverage.length).toBeGreaterThanOrEqual(2);
    // Open, so the "leverage is not configured" refusal is reachable rather than "market closed".
    for (const e of noLeverage) expect(e.status).toBe(MARKET_STATUS.OPEN);
  });

  it('uses both margin modes, a fixed margin exactly where MarginMode is 1', () => {
    const fixed = instruments.filter((i) => i.MarginMode === 1);
    const leveraged = instruments.filter((i) => i.MarginMode !== 1);
    expect(fixed.length).toBeGreaterThanOrEqual(3);
    expect(leveraged.length).toBeGreaterThan(fixed.length);
    for (const i of fixed) expect(Number(i.FixedMargin)).toBeGreaterThan(0);
    for (const i of leveraged) expect(i.FixedMargin).toBeUndefined();
  });

  it('gives sane trading terms: leverages, lot steps, fee rates, volatilities', () => {
    for (const { instrument: i, dailyVolatility, volumePerMinute } of CATALOGUE) {
      for (const { Value } of i.HasForexMultiple) expect(Value).toBeGreaterThanOrEqual(1);
      expect(i.ForexMinCont).toBeGreaterThanOrEqual(i.Pip);
      expect(i.ForexFeeRate).toBeGreaterThan(0);
      expect(i.ForexFeeRate).toBeLessThan(0.01);
      expect(dailyVolatility).toBeGreaterThan(0);
      expect(dailyVolatility).toBeLessThan(0.1);
      expect(volumePerMinute).toBeGreaterThan(0);
    }
  });

  it('starts at realistic prices, each representable at its precision', () => {
    const near = (code: string, price: number) =>
      expect(Math.abs(byCode(code).startPrice / price - 1)).toBeLessThan(0.05);
    near('EURUSD', 1.08);
    near('XAUUSD', 2400);
    near('BTCUSDT', 65_000);
    near('US500', 5300);
    near('AAPL', 190);
    for (const e of CATALOGUE) {
      expect(roundPrice(e.startPrice, e.instrument.PricePrecision)).toBe(e.startPrice);
    }
  });

  it('sizes lots like a broker: 100 000 units of forex, 100 oz of gold', () => {
    expect(byCode('EURUSD').instrument.ForexContNum).toBe(100_000);
    expect(byCode('XAUUSD').instrument.ForexContNum).toBe(100);
    expect(byCode('EURUSD').instrument.HasForexMultiple[0]).toEqual({ Value: 100 });
  });
});
