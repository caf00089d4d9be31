import type { Instrument } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { chartTopics, smallestOrder } from './market.js';

function instrument(Id: number, Code: string, terms: Partial<Instrument> = {}): Instrument {
  return {
    Id,
    Code,
    ShowCode: Code,
    Logo: '',
    CategoryId: 1,
    MarketStatus: 1,
    PricePrecision: 5,
    Pip: 0.0001,
    ForexMinCont: 0.01,
    ForexContNum: 100_000,
    MarginMode: 1,
    ForexFeeRate: 0,
    HasForexMultiple: [{ Value: 100 }, { Value: 200 }],
    ...terms,
  } as Instrument;
}

describe("the target's market", () => {
  const listed = [instrument(1, 'EURUSD'), instrument(2, 'GBPUSD')];

  it('spreads charts over the listed instruments, then over the next periods', () => {
    expect(chartTopics(listed, 3)).toEqual([
      'KLINE.EURUSD.1min',
      'KLINE.GBPUSD.1min',
      'KLINE.EURUSD.5min',
    ]);
    expect(chartTopics(listed, 100)).toHaveLength(12);
    expect(chartTopics([], 3)).toEqual([]);
  });

  it('orders the smallest buy of the first open instrument that offers leverage', () => {
    expect(smallestOrder(listed)).toEqual({ forexId: 1, lots: 0.01, leverage: 100 });
    expect(
      smallestOrder([
        instrument(1, 'CLOSED', { MarketStatus: 2 }),
        instrument(2, 'NOLEVER', { HasForexMultiple: [] }),
        instrument(3, 'USDJPY', { ForexMinCont: 0.1 }),
      ]),
    ).toEqual({ forexId: 3, lots: 0.1, leverage: 100 });
    expect(smallestOrder([instrument(1, 'CLOSED', { MarketStatus: 2 })])).toBeNull();
  });
});
