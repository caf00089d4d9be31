/**
 * When the engine acts on a price without being asked: a stop loss or take profit closing a
 * holding order, and a pending order filling. Prices are compared as given; quotes of one
 * instrument share its precision, so no rounding is needed.
 */
import { isBuy, type SideLike } from './side.js';

/**
 * True when `price` has reached the stop loss of an order on `side`: a buy at or below it, a sell
 * at or above it. 0 (or less) means no stop loss (the form sends 0 when off) and never triggers.
 */
export function stopLossHit(side: SideLike, price: number, stopLoss: number): boolean {
  if (!(stopLoss > 0)) return false;
  return isBuy(side) ? price <= stopLoss : price >= stopLoss;
}

/**
 * True when `price` has reached the take profit of an order on `side`: a buy at or above it, a
 * sell at or below it. 0 (or less) means no take profit and never triggers.
 */
export function takeProfitHit(side: SideLike, price: number, takeProfit: number): boolean {
  if (!(takeProfit > 0)) return false;
  return isBuy(side) ? price >= takeProfit : price <= takeProfit;
}

/**
 * True when a pending order fills at `marketPrice`. This project's rule: the order remembers the
 * market price when it was placed, and fills once the market touches or crosses its target from
 * that side. A target above the placing price fills at or above it; a target below, at or below
 * it; a target equal to the placing price fills at once. Buy and sell follow the same rule, which
 * covers both limit orders (buy below, sell above the market) and stop orders (the reverse).
 */
export function pendingFills(
  marketPrice: number,
  targetPrice: number,
  placedAtPrice: number,
): boolean {
  if (targetPrice > placedAtPrice) return marketPrice >= targetPrice;
  if (targetPrice < placedAtPrice) return marketPrice <= targetPrice;
  return true;
}
