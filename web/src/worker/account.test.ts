import { accountFigures, formatBalance, formatPercent } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { accountView, createAccount } from './account.js';
import { createChangeSet } from './changes.js';

const ORDERS = [
  { margin: 1_100, pnl: -100, holding: true },
  { margin: 500, pnl: 0, holding: false },
];

describe('the account', () => {
  it('has no figures while no balance is known (logged out)', () => {
    const account = createAccount(createChangeSet());
    expect(account.figures(ORDERS)).toBeNull();
    expect(accountView(null, false)).toBeNull();
  });

  it('computes accountFigures over the orders it is given, and marks a new balance', () => {
    const changes = createChangeSet();
    const account = createAccount(changes);
    account.setBalance('10000');
    expect(changes.account).toBe(true);
    expect(account.figures(ORDERS)).toEqual(accountFigures({ balance: 10_000, orders: ORDERS }));
  });

  it('books a closed holding’s margin and last P&L into the balance', () => {
    const account = createAccount(createChangeSet());
    account.book({ margin: 1_100, pnl: -100, holding: true });
    expect(account.figures([])).toBeNull();
    account.setBalance(10_000);
    account.book({ margin: 1_100, pnl: -100, holding: true });
    expect(account.figures([])?.balance).toBe(11_000);
  });

  it('shows the figures with the product’s decimals and says when they may be stale', () => {
    const figures = accountFigures({ balance: 10_000, orders: ORDERS });
    const view = accountView(figures, true);
    expect(view).toMatchObject({
      balanceText: formatBalance(10_000),
      riskRateText: formatPercent(figures.riskRate),
      delayed: true,
    });
  });
});
