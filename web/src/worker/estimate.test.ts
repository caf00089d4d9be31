import { accountFigures, ORDER_MODE, orderFee, orderMargin } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createChangeSet } from './changes.js';
import { createEstimate, type OrderForm } from './estimate.js';
import { instrument } from './fixtures.js';

const EURUSD = instrument(1, { Code: 'EURUSD' });

const MARKET: OrderForm = {
  instrumentId: 1,
  lots: 1,
  leverage: 100,
  mode: ORDER_MODE.MARKET,
  targetPrice: 0,
};

function estimateAt(close: number | undefined) {
  const changes = createChangeSet();
  const estimate = createEstimate({
    changes,
    instrument: (id) => (id === 1 ? EURUSD : undefined),
    close: () => close,
  });
  return { changes, estimate };
}

describe('the order estimate', () => {
  it('is null while no form is shown, or with no price, lots or instrument', () => {
    const { estimate } = estimateAt(1.1);
    expect(estimate.shown).toBe(false);
    expect(estimate.view(null)).toBeNull();
    estimate.setForm({ ...MARKET, lots: 0 });
    expect(estimate.view(null)).toBeNull();
    estimate.setForm({ ...MARKET, instrumentId: 2 });
    expect(estimate.view(null)).toBeNull();
    const unpriced = estimateAt(undefined).estimate;
    unpriced.setForm(MARKET);
    expect(unpriced.view(null)).toBeNull();
  });

  it('prices a market order at the live price, a pending one at its target once typed', () => {
    const { changes, estimate } = estimateAt(1.1);
    estimate.setForm(MARKET);
    expect(changes.estimate).toBe(true);
    expect(estimate.isOn(1)).toBe(true);
    const margin = orderMargin(EURUSD, 1, 1.1, 100);
    expect(estimate.view(null)).toMatchObject({
      price: 1.1,
      margin,
      fee: orderFee(EURUSD, 0, 1, margin),
      affordable: null,
    });
    estimate.setForm({ ...MARKET, mode: ORDER_MODE.PENDING, targetPrice: 1.2 });
    expect(estimate.view(null)?.price).toBe(1.2);
  });

  it('tells whether the account affords it', () => {
    const { estimate } = estimateAt(1.1);
    estimate.setForm(MARKET);
    const rich = accountFigures({ balance: 10_000, orders: [] });
    const poor = accountFigures({ balance: 10, orders: [] });
    expect(estimate.view(rich)?.affordable).toBe(true);
    expect(estimate.view(poor)?.affordable).toBe(false);
  });
});
