import { describe, expect, it } from 'vitest';
import { type TrailingInput, trailedStopLoss } from './trailing.js';

/** EUR/USD at 5 decimals: a pip is 0.0001. A buy opened at 1.10000, trailing 20 pips by 5. */
const buy: TrailingInput = {
  side: 'buy',
  openPrice: 1.1,
  price: 1.1,
  stopLoss: 0,
  trailing: { distancePips: 20, stepPips: 5 },
  pricePrecision: 5,
};

describe('trailedStopLoss', () => {
  it('waits until the holding is the distance in profit, then sets the stop that far behind', () => {
    expect(trailedStopLoss({ ...buy, price: 1.1019 })).toBeUndefined();
    expect(trailedStopLoss({ ...buy, price: 1.102 })).toBe(1.1);
    expect(trailedStopLoss({ ...buy, price: 1.10237 })).toBe(1.10037);
  });

  it('moves a buy’s stop up only by a whole step or more, to the distance behind the price', () => {
    const trailing = { ...buy, stopLoss: 1.1 };
    expect(trailedStopLoss({ ...trailing, price: 1.10249 })).toBeUndefined();
    expect(trailedStopLoss({ ...trailing, price: 1.1025 })).toBe(1.1005);
    expect(trailedStopLoss({ ...trailing, price: 1.1031 })).toBe(1.1011);
  });

  it('never moves a stop against the holding, however far the price comes back', () => {
    const trailing = { ...buy, stopLoss: 1.1011 };
    for (const price of [1.103, 1.102, 1.1, 1.09]) {
      expect(trailedStopLoss({ ...trailing, price }), String(price)).toBeUndefined();
    }
  });

  it('trails a sell the other way: its stop above the price, moving down', () => {
    const sell: TrailingInput = { ...buy, side: 2, openPrice: 1.1, price: 1.0981 };
    expect(trailedStopLoss(sell)).toBeUndefined();
    expect(trailedStopLoss({ ...sell, price: 1.098 })).toBe(1.1);
    expect(trailedStopLoss({ ...sell, stopLoss: 1.1, price: 1.09751 })).toBeUndefined();
    expect(trailedStopLoss({ ...sell, stopLoss: 1.1, price: 1.0975 })).toBe(1.0995);
    expect(trailedStopLoss({ ...sell, stopLoss: 1.0995, price: 1.099 })).toBeUndefined();
  });

  it('starts from a stop the trader set: one behind the trail is pulled up, one ahead is kept', () => {
    expect(trailedStopLoss({ ...buy, stopLoss: 1.095, price: 1.103 })).toBe(1.101);
    expect(trailedStopLoss({ ...buy, stopLoss: 1.1015, price: 1.103 })).toBeUndefined();
  });

  it('counts in whole price steps, whatever float noise a price carries', () => {
    // 1.1 + 0.0025 is 1.1025000000000003 in floating point.
    const noisy = 1.1 + 0.0025;
    expect(trailedStopLoss({ ...buy, stopLoss: 1.1, price: noisy })).toBe(1.1005);
    // USD/JPY at 3 decimals: a pip is 0.01; a step of 0 moves at every price step.
    const yen: TrailingInput = {
      ...buy,
      openPrice: 150,
      stopLoss: 150.1,
      price: 150.301,
      trailing: { distancePips: 20, stepPips: 0 },
      pricePrecision: 3,
    };
    expect(trailedStopLoss(yen)).toBe(150.101);
    expect(trailedStopLoss({ ...yen, price: 150.3 })).toBeUndefined();
  });
});
