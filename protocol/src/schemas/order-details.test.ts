import { describe, expect, it } from 'vitest';
import {
  MAX_KEPT_ORDER_DETAILS,
  orderDetailsSchema,
  readStoredOrderDetails,
} from './order-details.js';

const details = {
  lots: 0.05,
  leverage: 200,
  mode: 1,
  stopLoss: { on: true, pips: -50 },
  takeProfit: { on: false, pips: null },
};
const kept = { ...details, account: 'demo', instrumentId: 7 };

describe('orderDetailsSchema', () => {
  it('takes lots, a leverage or none, a mode and two levels, their distance signed in tenths', () => {
    expect(orderDetailsSchema.safeParse(details).success).toBe(true);
    expect(
      orderDetailsSchema.safeParse({
        ...details,
        leverage: null,
        mode: 0,
        takeProfit: { on: true, pips: 12.5 },
      }).success,
    ).toBe(true);
    for (const bad of [
      { ...details, lots: 0 },
      { ...details, lots: Number.POSITIVE_INFINITY },
      { ...details, leverage: 1.5 },
      { ...details, mode: 2 },
      { ...details, stopLoss: { on: true, pips: 0 } },
      { ...details, stopLoss: { on: true, pips: 1.25 } },
      { ...details, stopLoss: { on: 'yes', pips: null } },
      { ...details, takeProfit: undefined },
    ]) {
      expect(orderDetailsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('readStoredOrderDetails', () => {
  it('drops broken and repeated entries, never the whole list', () => {
    const read = readStoredOrderDetails([
      kept,
      { ...kept, lots: -1 },
      'junk',
      { ...kept, lots: 3 },
      { ...kept, account: 'real' },
      { ...kept, account: 'visitor', instrumentId: 8 },
    ]);
    expect(read).toEqual([kept, { ...kept, account: 'real' }]);
  });

  it('reads anything that is not a list as none, and keeps at most the cap', () => {
    expect(readStoredOrderDetails({ 7: kept })).toEqual([]);
    expect(readStoredOrderDetails(null)).toEqual([]);
    const many = Array.from({ length: MAX_KEPT_ORDER_DETAILS + 5 }, (_, index) => ({
      ...kept,
      instrumentId: index + 1,
    }));
    expect(readStoredOrderDetails(many)).toHaveLength(MAX_KEPT_ORDER_DETAILS);
  });
});
