import type { Order } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { eurusdOrder } from '../../test-support/api-calls.js';
import { fillNews, slippageOf } from './fill.js';

/** A 0.5-lot EUR/USD buy filled at 1.10015, as `submit` answers it. */
const order = (patch: Partial<Order> = {}): Order =>
  eurusdOrder({ Quantity: 0.5, Price: 1.10015, UpdatePrice: 1.10015, ...patch });

describe('fillNews', () => {
  it('names a market fill and its slippage from the confirmed price', () => {
    expect(fillNews(order(), 1.1)).toEqual({
      kind: 'filled',
      side: 'buy',
      lots: '0.50',
      price: '1.10015',
      slippage: { pips: '1.5', against: true, confirmed: '1.10000' },
    });
  });

  it('says nothing of slippage at the confirmed price, and names a pending target', () => {
    expect(fillNews(order({ Price: 1.1 }), 1.1).slippage).toBeNull();
    expect(fillNews(order({ Status: 0, Price: 1.09 }), undefined)).toMatchObject({
      kind: 'pending',
      price: '1.09000',
      slippage: null,
    });
  });
});

describe('slippageOf', () => {
  it('is in the trader’s favour when a sell fills higher', () => {
    expect(slippageOf(order({ OrderType: 2, Price: 1.1002 }), 1.1)).toEqual({
      pips: '2.0',
      against: false,
      confirmed: '1.10000',
    });
    expect(slippageOf(order(), undefined)).toBeNull();
  });
});
