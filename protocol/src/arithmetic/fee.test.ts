import { describe, expect, it } from 'vitest';
import { orderFee, tradeFee, tradeFeeMicros } from './fee.js';
import { fromMicros, toMicros } from './money.js';
import { roundTo } from './rounding.js';

describe('tradeFee', () => {
  // [trade_fee_type, lots, margin, fee rate, expected] — 1: lots × rate; otherwise margin × rate.
  it.each([
    [1, 2, 500, 3, '6'],
    [1, 0.01, 12.3456, 5, '0.05'],
    [1, 0.3, 999, 0.1, '0.03'],
    [1, 1000, 1, 7.5, '7500'],
    // 0.001 × 0.0005 = 5e-7, exactly half a micro-unit: rounded away from zero.
    [1, 0.001, 0, 0.0005, '0.000001'],
    [0, 2, 500, 0.001, '0.5'],
    [0, 0.01, 12.3456, 0.001, '0.012346'],
    [2, 1, 0.3, 0.1, '0.03'],
    [0, 1000, 1_234_560, 0.0005, '617.28'],
    [0, 1, 500, 0, '0'],
  ])(
    'type %i: %d lots, margin %d, rate %d → %s',
    (tradeFeeType, lots, margin, feeRate, expected) => {
      expect(roundTo(tradeFee({ tradeFeeType, lots, margin, feeRate }), 6)).toBe(Number(expected));
      const marginMicros = toMicros(margin);
      expect(fromMicros(tradeFeeMicros({ tradeFeeType, lots, marginMicros, feeRate }))).toBe(
        expected,
      );
    },
  );

  it('does not depend on the margin when charged per lot', () => {
    const perLot = { tradeFeeType: 1, lots: 2, feeRate: 3 };
    expect(tradeFee({ ...perLot, margin: 1 })).toBe(tradeFee({ ...perLot, margin: 1e9 }));
  });

  it('orderFee takes the rate from the instrument', () => {
    expect(orderFee({ ForexFeeRate: 0.002 }, 0, 1, 1100)).toBeCloseTo(2.2, 12);
    expect(orderFee({ ForexFeeRate: 4 }, 1, 0.5, 1100)).toBe(2);
  });
});
