/**
 * Which way an order trades. The wire says it with OrderType (1 is buy, anything else sells); code
 * may say it with a word. Every helper here accepts either.
 */

/** A side by name. */
export type TradeSide = 'buy' | 'sell';
/** A side by name, or an OrderType number (1 buy, anything else sell). */
export type SideLike = TradeSide | number;

/** True when `side` buys: `'buy'` or OrderType 1. */
export function isBuy(side: SideLike): boolean {
  return side === 'buy' || side === 1;
}

/** The name of a side: `sideOf(1)` is `'buy'`, `sideOf(2)` is `'sell'`. */
export function sideOf(side: SideLike): TradeSide {
  return isBuy(side) ? 'buy' : 'sell';
}
