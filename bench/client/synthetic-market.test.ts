import type { Instrument } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createSyntheticMarket, widenDayMarketFrame, widenTradeList } from './synthetic-market.js';

function instrument(Id: number, Code: string, MarketStatus = 1): Instrument {
  return {
    Id,
    Code,
    ShowCode: Code,
    Logo: '',
    CategoryId: 1,
    MarketStatus,
    PricePrecision: 4,
    Pip: 0.01,
    ForexMinCont: 0.01,
    ForexContNum: 100_000,
    MarginMode: 0,
    ForexFeeRate: 0.001,
    HasForexMultiple: [{ Value: 100 }],
    ForexQuotations: { Open: 1.2, Close: 1.25, Change: 4.17 },
  };
}

const LISTED = [instrument(1, 'EURUSD'), instrument(2, 'JP225', 2), instrument(7, 'GBPUSD')];

describe('createSyntheticMarket', () => {
  it('copies only open instruments, after the highest id, until the total is reached', () => {
    const copies = createSyntheticMarket(LISTED, 8).instruments();
    expect(copies.map((copy) => copy.Id)).toEqual([8, 9, 10, 11, 12]);
    expect(copies.map((copy) => copy.Code)).toEqual([
      'EURUSD.2',
      'GBPUSD.2',
      'EURUSD.3',
      'GBPUSD.3',
      'EURUSD.4',
    ]);
    expect(copies[0]?.ShowCode).toBe('EURUSD 2');
    expect(copies[0]?.MarketStatus).toBe(1);
  });

  it('adds nothing when the list is already long enough', () => {
    expect(createSyntheticMarket(LISTED, 3).instruments()).toEqual([]);
    expect(createSyntheticMarket(LISTED, 2).step(0)).toEqual([]);
  });

  it('refuses to copy from a market with nothing open', () => {
    expect(() => createSyntheticMarket([instrument(1, 'JP225', 2)], 5)).toThrow(/no open/);
  });

  it('steps every copy: a tick each, at the precision, within its high and low', () => {
    const market = createSyntheticMarket(LISTED, 5, 42);
    const ticks = market.step(1_000);
    expect(ticks.map((tick) => tick.Id)).toEqual([8, 9]);
    for (const tick of ticks) {
      expect(tick.Time).toBe(1_000);
      expect(tick.Open).toBe(1.2);
      expect(Number(tick.Close.toFixed(4))).toBe(tick.Close);
      expect(tick.Low).toBeLessThanOrEqual(tick.Close);
      expect(tick.High).toBeGreaterThanOrEqual(tick.Close);
      expect(tick.Change).toBe(Math.round(((tick.Close - 1.2) / 1.2) * 10_000) / 100);
    }
    // The trade list shows where the walk is now.
    expect(market.instruments().map((copy) => copy.ForexQuotations.Close)).toEqual(
      ticks.map((tick) => tick.Close),
    );
  });

  it('replays the same walk from the same seed', () => {
    const walk = (seed: number) => {
      const market = createSyntheticMarket(LISTED, 5, seed);
      return [market.step(1), market.step(2), market.step(3)].flat().map((tick) => tick.Close);
    };
    expect(walk(7)).toEqual(walk(7));
    expect(walk(7)).not.toEqual(walk(8));
  });
});

describe('widenDayMarketFrame', () => {
  it("appends ticks after the mock's own and keeps type first", () => {
    const raw = JSON.stringify({ type: 'DAY_MARKET', code: 1, data: [{ Id: 1 }] });
    const extra = createSyntheticMarket(LISTED, 4).step(5);
    const widened = widenDayMarketFrame(raw, extra);
    expect(widened.startsWith('{"type":"DAY_MARKET"')).toBe(true);
    expect(JSON.parse(widened).data.map((tick: { Id: number }) => tick.Id)).toEqual([1, 8]);
  });
});

describe('widenTradeList', () => {
  const copies = createSyntheticMarket(LISTED, 6).instruments();
  const body = JSON.stringify({ code: 1, msg: '', data: LISTED });

  it('appends every copy to a successful answer', () => {
    const widened = JSON.parse(widenTradeList(body, copies));
    expect(widened.data).toHaveLength(6);
    expect(widened.msg).toBe('');
  });

  it('appends only the copies a search matches, by code or name, ignoring case', () => {
    const widened = JSON.parse(widenTradeList(body, copies, ' gbp '));
    expect(widened.data.slice(3).map((copy: Instrument) => copy.Code)).toEqual(['GBPUSD.2']);
  });

  it('leaves an error answer as it was', () => {
    const refused = JSON.stringify({ code: 500, msg: 'down' });
    expect(widenTradeList(refused, copies)).toBe(refused);
  });
});
