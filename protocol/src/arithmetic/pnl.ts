/**
 * Floating profit and loss of an open position (docs/product.md#constants): a buy earns
 * (current − open) × lots × units per lot, a sell earns (open − current) × lots × units per lot.
 *
 * The result is taken to be in the account currency. Converting a quote currency other than the
 * account's (EUR/JPY profit in JPY, say) is not modelled: this project's choice, matching an
 * upstream that reports every figure in its one account currency.
 */
import type { Order } from '../schemas/order.js';
import {
  type DecimalInput,
  multiplyDecimal,
  parseDecimal,
  subtractDecimal,
  toScaledInteger,
} from './decimal.js';
import { MONEY_DECIMALS } from './money.js';
import { isBuy, type SideLike } from './side.js';

/** An open position. `N` is `number` for the float form, `DecimalInput` for the exact one. */
export interface PositionTerms<N = number> {
  side: SideLike;
  lots: N;
  openPrice: N;
  unitsPerLot: N;
}

/** The Order fields a P&L reads (ForexContNum is this project's addition). */
export type PnlOrder = Pick<Order, 'OrderType' | 'Quantity' | 'Price'> & {
  ForexTradeLists: Pick<Order['ForexTradeLists'], 'ForexContNum'>;
};

/**
 * Floating P&L as a plain number, unrounded; allocation-free for the worker's per-tick loop.
 * A buy of 1 lot × 100000 opened at 1.1000 shows 50 at 1.1005; a sell shows −50.
 */
export function floatingPnl(position: PositionTerms, currentPrice: number): number {
  return pnl(
    isBuy(position.side),
    position.lots,
    position.unitsPerLot,
    position.openPrice,
    currentPrice,
  );
}

/**
 * Floating P&L in exact micro-units, rounded once, half away from zero: what the engine books at
 * close.
 */
export function floatingPnlMicros(
  position: PositionTerms<DecimalInput>,
  currentPrice: DecimalInput,
): bigint {
  const current = parseDecimal(currentPrice);
  const open = parseDecimal(position.openPrice);
  const move = isBuy(position.side)
    ? subtractDecimal(current, open)
    : subtractDecimal(open, current);
  const size = multiplyDecimal(parseDecimal(position.lots), parseDecimal(position.unitsPerLot));
  return toScaledInteger(multiplyDecimal(move, size), MONEY_DECIMALS);
}

/** `floatingPnl` of an order as the wire carries it. */
export function orderPnl(order: PnlOrder, currentPrice: number): number {
  const units = order.ForexTradeLists.ForexContNum;
  return pnl(isBuy(order.OrderType), order.Quantity, units, order.Price, currentPrice);
}

function pnl(buy: boolean, lots: number, units: number, open: number, current: number): number {
  return (buy ? current - open : open - current) * lots * units;
}
