/**
 * How an order leaves the book and what that does to the money: close (by hand, stop loss, take
 * profit, stop-out), cancel, and the demo reset's discard. Callers run these inside one
 * `store.transaction` with whatever else they change.
 */
import { accountFigures, isStopOut } from '../../arithmetic/account.js';
import { microsToNumber } from '../../arithmetic/money.js';
import { floatingPnlMicros } from '../../arithmetic/pnl.js';
import { stopLossHit, takeProfitHit } from '../../arithmetic/triggers.js';
import { ORDER_STATUS } from '../../schemas/order.js';
import { LEDGER_KIND, type Ledger } from '../services/ledger.js';
import {
  CLOSE_REASON,
  type CloseReason,
  type OrderStore,
  type StoredOrder,
} from './orders-store.js';

/** P&L of a holding at `price`, exact to the micro-unit. */
export function pnlAt(order: StoredOrder, price: number): bigint {
  return floatingPnlMicros(
    { side: order.side, lots: order.lots, openPrice: order.price, unitsPerLot: order.unitsPerLot },
    price,
  );
}

/** A stop loss or take profit that `price` has reached, and the price the order closes at. */
export interface Exit {
  reason: CloseReason;
  price: number;
}

/**
 * The exit `price` triggers on a holding, if any. The order closes at its trigger level, not at
 * the tick that crossed it: this project's choice (a guaranteed stop without slippage), so the
 * realised P&L is the one the user saw when setting the level.
 */
export function exitAt(order: StoredOrder, price: number): Exit | undefined {
  if (stopLossHit(order.side, price, order.stopLoss)) {
    return { reason: CLOSE_REASON.STOP_LOSS, price: order.stopLoss };
  }
  if (takeProfitHit(order.side, price, order.takeProfit)) {
    return { reason: CLOSE_REASON.TAKE_PROFIT, price: order.takeProfit };
  }
  return undefined;
}

/** Risk rate (percent) of an account with `balance` and these open orders; null without margin. */
export function riskRateOf(balance: bigint, orders: readonly StoredOrder[]): number | null {
  // A number is enough here: the rate is only compared with the stop-out level.
  return accountFigures({
    balance: microsToNumber(balance),
    orders: orders.map((order) => ({
      margin: microsToNumber(order.marginMicros),
      pnl: microsToNumber(order.profitMicros),
      holding: order.status === ORDER_STATUS.HOLDING,
    })),
  }).riskRate;
}

/** The money side of ending orders, over one ledger and order store. */
export function createSettlement(ledger: Ledger, store: OrderStore) {
  function returnMargin(order: StoredOrder) {
    ledger.post(order.userId, order.marginMicros, LEDGER_KIND.MARGIN_RETURN, {
      key: 'ledger.margin_return',
      params: { id: order.id },
    });
    ledger.adjustLock(order.userId, -order.marginMicros);
  }

  /**
   * Closes a holding at `price`: the margin comes back and the P&L is booked (no row for a P&L
   * of exactly 0). Returns the realised P&L.
   */
  function close(order: StoredOrder, price: number, reason: CloseReason, at: number): bigint {
    const profit = pnlAt(order, price);
    store.finish(order, {
      status: ORDER_STATUS.CLOSED,
      price,
      profitMicros: profit,
      feeMicros: order.feeMicros,
      reason,
      at,
    });
    returnMargin(order);
    if (profit !== 0n) {
      ledger.post(order.userId, profit, LEDGER_KIND.PROFIT, {
        key: 'ledger.profit',
        params: { id: order.id },
      });
    }
    return profit;
  }

  /**
   * Cancels a pending order: the margin comes back, and so does the fee, as a +fee FEE row
   * (this project's choice: nothing was traded, so nothing is charged). The order then lists
   * no fee.
   */
  function cancel(order: StoredOrder, reason: CloseReason, at: number): void {
    const fee = order.feeMicros;
    store.finish(order, {
      status: ORDER_STATUS.CANCELLED,
      price: order.updatePrice,
      profitMicros: 0n,
      feeMicros: 0n,
      reason,
      at,
    });
    returnMargin(order);
    if (fee !== 0n) {
      ledger.post(order.userId, fee, LEDGER_KIND.FEE, {
        key: 'ledger.fee',
        params: { id: order.id },
      });
    }
  }

  /**
   * Ends an order without moving money (demo reset, which then sets the balance and frozen
   * balance outright). A holding closes at `price`, the market's price at the reset, and keeps
   * the P&L it had there — the figure the trader saw — though none is booked; a pending order
   * is cancelled and, like any cancelled order, lists no fee.
   */
  function discard(order: StoredOrder, price: number, at: number): void {
    const holding = order.status === ORDER_STATUS.HOLDING;
    store.finish(order, {
      status: holding ? ORDER_STATUS.CLOSED : ORDER_STATUS.CANCELLED,
      price: holding ? price : order.updatePrice,
      profitMicros: holding ? pnlAt(order, price) : 0n,
      feeMicros: holding ? order.feeMicros : 0n,
      reason: CLOSE_REASON.DEMO_RESET,
      at,
    });
  }

  /**
   * Stop-out of one user: while the risk rate is at or below `level` and a holding is left,
   * closes the worst-losing holding at its latest price. Holdings must carry their current
   * valuation. Returns the ids closed, in order.
   */
  function stopOut(userId: number, level: number, at: number): number[] {
    const closed: number[] = [];
    for (;;) {
      const orders = store.openOf(userId);
      const holdings = orders.filter((order) => order.status === ORDER_STATUS.HOLDING);
      const [first, ...rest] = holdings;
      if (!first) break;
      if (!isStopOut(riskRateOf(ledger.balances(userId).balance, orders), level)) break;
      const worst = rest.reduce((a, b) => (b.profitMicros < a.profitMicros ? b : a), first);
      close(worst, worst.updatePrice, CLOSE_REASON.STOP_OUT, at);
      closed.push(worst.id);
    }
    return closed;
  }

  return { close, cancel, discard, stopOut };
}

export type Settlement = ReturnType<typeof createSettlement>;
