import { describe, expect, it } from 'vitest';
import { fromMicros } from './money.js';
import { floatingPnl, floatingPnlMicros, orderPnl } from './pnl.js';
import { roundTo } from './rounding.js';
import type { SideLike } from './side.js';

describe('floatingPnl', () => {
  // [side, lots, units per lot, open, current, expected] — buy: (current − open) × lots × units;
  // sell: (open − current) × lots × units.
  it.each<[SideLike, number, number, number, number, string]>([
    ['buy', 1, 100_000, 1.1, 1.1005, '50'],
    ['sell', 1, 100_000, 1.1, 1.1005, '-50'],
    [1, 1, 100_000, 1.1, 1.1005, '50'],
    [2, 1, 100_000, 1.1, 1.1005, '-50'],
    ['buy', 0.01, 100_000, 1.23456, 1.23356, '-1'],
    ['sell', 0.01, 100_000, 1.23456, 1.23356, '1'],
    ['buy', 0.1, 100_000, 0.1, 0.3, '2000'],
    ['buy', 1000, 100_000, 1.23456, 1.23457, '1000'],
    ['sell', 1000, 100_000, 1.23456, 1.13456, '10000000'],
    ['buy', 0.001, 100_000, 0.00001, 0.00002, '0.001'],
    ['buy', 2, 100, 1900.5, 1900.5, '0'],
    ['sell', 0.5, 10, 3, 2.25, '3.75'],
  ])(
    '%j %d lots × %d, open %d, now %d → %s',
    (side, lots, unitsPerLot, openPrice, now, expected) => {
      const position = { side, lots, unitsPerLot, openPrice };
      expect(roundTo(floatingPnl(position, now), 6)).toBe(Number(expected));
      expect(fromMicros(floatingPnlMicros(position, now))).toBe(expected);
    },
  );

  it('keeps price digits past the micro-unit until the final rounding', () => {
    // (1.12345678 − 1.12345671) × 1 × 100000 = 0.007 exactly; rounding the prices first would lose it.
    const position = {
      side: 'buy' as const,
      lots: 1,
      unitsPerLot: 100_000,
      openPrice: '1.12345671',
    };
    expect(floatingPnlMicros(position, '1.12345678')).toBe(7_000n);
  });

  it('orderPnl reads an order as the wire carries it', () => {
    const order = {
      OrderType: 1,
      Quantity: 0.5,
      Price: 1.1,
      ForexTradeLists: { ForexContNum: 100_000 },
    };
    expect(orderPnl(order, 1.102)).toBeCloseTo(100, 6);
    expect(orderPnl({ ...order, OrderType: 2 }, 1.102)).toBeCloseTo(-100, 6);
  });
});
