import { orderPnl } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createChangeSet } from './changes.js';
import { order as fixtureOrder } from './fixtures.js';
import { createHoldings, type OpenOrder } from './holdings.js';

const order = (id: number, instrumentId: number) =>
  fixtureOrder(id, instrumentId, { FactProfits: '5' });

function holdingsOf(orders: OpenOrder[], delayed: ReadonlySet<number> = new Set()) {
  const changes = createChangeSet();
  const holdings = createHoldings({ changes, isDelayed: (id) => delayed.has(id) });
  holdings.setHoldings(orders);
  changes.holdings.clear();
  changes.account = false;
  return { changes, holdings };
}

describe('the holdings', () => {
  it('value only the orders on the ticked instrument, from the upstream’s figure until it moves', () => {
    const { changes, holdings } = holdingsOf([order(7, 1), order(8, 2)]);
    // The price my_deal valued it at: its P&L stays the upstream's.
    holdings.revalue(1, 1.1);
    expect(holdings.view(7)?.pnl).toBe(5);
    expect(changes.holdings.size).toBe(0);
    holdings.revalue(1, 1.2);
    expect(holdings.view(7)?.pnl).toBe(orderPnl(order(7, 1), 1.2));
    expect([...changes.holdings]).toEqual([7]);
    expect(changes.account).toBe(true);
  });

  it('take the upstream’s FOREX_TRADE figures, and ask for a resync on an unknown id', () => {
    const { changes, holdings } = holdingsOf([order(7, 1)]);
    holdings.applyUpdates([{ Id: 7, UpdatePrice: 1.3, FactProfits: '42' }]);
    expect(holdings.view(7)).toMatchObject({ price: 1.3, pnl: 42 });
    holdings.applyUpdates([{ Id: 9, UpdatePrice: 1.3, FactProfits: '1' }]);
    expect(changes.resync).toBe(true);
  });

  it('count pending orders in the open orders, and close either kind', () => {
    const { holdings } = holdingsOf([order(7, 1)]);
    holdings.setPending([{ Id: 9, CautionMoney: '500' }]);
    expect([...holdings.openOrders()].map((o) => o.margin)).toEqual([1_100, 500]);
    expect(holdings.close(9)).toBeUndefined();
    expect(holdings.close(7)).toMatchObject({ margin: 1_100, pnl: 5 });
    expect([...holdings.openOrders()]).toEqual([]);
  });

  it('are delayed with their quote, and mark the account with them', () => {
    const { changes, holdings } = holdingsOf([order(7, 1), order(8, 2)], new Set([2]));
    expect(holdings.view(7)?.delayed).toBe(false);
    expect(holdings.view(8)?.delayed).toBe(true);
    expect(holdings.anyDelayed()).toBe(true);
    holdings.markOn(3);
    expect(changes.account).toBe(false);
    holdings.markOn(2);
    expect([...changes.holdings]).toEqual([8]);
    expect(changes.account).toBe(true);
  });
});
