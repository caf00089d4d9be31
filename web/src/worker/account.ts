/**
 * The live model's account: the balance from REST and the figures computed over it and every
 * open order (protocol's `accountFigures`), as the account card shows them.
 */
import {
  type AccountFigures,
  type AccountOrder,
  accountFigures,
  formatBalance,
  formatMargin,
  formatPercent,
  riskBand,
} from '@pipstream/protocol';
import type { AccountView } from './batch.js';
import type { ChangeSet } from './changes.js';

export function createAccount(changes: ChangeSet) {
  let balance: number | null = null;

  return {
    /** The balance from REST (cash not tied up in orders); `null` while unknown. */
    setBalance(value: string | number | null): void {
      balance = value === null ? null : Number(value);
      changes.account = true;
    },

    /**
     * Books a closed holding the way this project's account model settles one — its margin
     * returns to the balance with its last P&L — until REST's balance is read again.
     */
    book(closed: AccountOrder): void {
      if (balance !== null) balance += closed.margin + closed.pnl;
    },

    /** The figures over `orders`, or `null` while no balance is known (logged out). */
    figures(orders: Iterable<AccountOrder>): AccountFigures | null {
      return balance === null ? null : accountFigures({ balance, orders });
    },
  };
}

/** The account card's view of `account`; `delayed` when a figure may be stale. */
export function accountView(account: AccountFigures | null, delayed: boolean): AccountView | null {
  if (account === null) return null;
  return {
    ...account,
    balanceText: formatBalance(account.balance),
    usedMarginText: formatMargin(account.usedMargin),
    floatingPnlText: formatBalance(account.floatingPnl),
    equityText: formatBalance(account.equity),
    freeMarginText: formatBalance(account.freeMargin),
    riskRateText: formatPercent(account.riskRate),
    delayed,
    riskBand: riskBand(account.riskRate),
  };
}
