/**
 * The price an order trades at, stated once for the app that shows it and the upstream that
 * fills it.
 *
 * This project's rule (docs/product.md#trusting-live-figures):
 * - No spread: an instrument has one quote (the tick's Close), and a buy and a sell both trade
 *   at it, opening and closing alike. Floating P&L is valued at that same quote, so what a
 *   holding shows is what closing it now books.
 * - A market order or a close fills at the upstream's own current price, never at an older
 *   one. It carries the price the trader confirmed and the deviation they accept, in pips: it
 *   fills when the current price is within that many pips of the confirmed one, in either
 *   direction, and is otherwise refused with a requote naming the current price — nothing
 *   trades, and the app asks again. Without a confirmed price it fills at the current one.
 * - Pending orders fill at their target, stop loss and take profit close at their level.
 */
import { pipsBetween, stepsBetween, stepsPerPip } from './pip.js';
import { isBuy, type SideLike } from './side.js';

/** The deviation the app starts with, in pips: small enough to notice, wide enough to fill. */
export const DEFAULT_DEVIATION_PIPS = 2;

/** The widest deviation a trader may accept, in pips. */
export const MAX_DEVIATION_PIPS = 100;

/** The price an order on `side` trades at while the instrument is quoted at `quote`. */
export function executionPrice(_side: SideLike, quote: number): number {
  return quote;
}

/**
 * Whether `current` is within `deviationPips` of `confirmed` at `pricePrecision` decimals,
 * either way: the distance is counted in whole price steps, so a deviation of 0 fills only at
 * the confirmed price itself, and 0.5 pips on a 5-decimal quote allows 5 steps.
 */
export function withinDeviation(
  confirmed: number,
  current: number,
  deviationPips: number,
  pricePrecision: number,
): boolean {
  const steps = Math.abs(stepsBetween(confirmed, current, pricePrecision));
  // A hair over the exact product, so 0.3 pips × 10 steps still allows 3 steps.
  return steps <= Math.floor(deviationPips * stepsPerPip(pricePrecision) + 1e-9);
}

/** How a market order or a close is answered: filled at `price`, or requoted at `price`. */
export interface MarketFill {
  readonly filled: boolean;
  /** The current execution price: the fill when `filled`, the requote otherwise. */
  readonly price: number;
}

/**
 * The answer to a market order or close on `side` while the instrument is quoted at `quote`:
 * a fill at the current execution price when no price was confirmed or the confirmed one is
 * within `deviationPips` of it, else a requote at it.
 */
export function marketFill(
  side: SideLike,
  quote: number,
  confirmed: number | undefined,
  deviationPips: number,
  pricePrecision: number,
): MarketFill {
  const price = executionPrice(side, quote);
  if (confirmed === undefined) return { filled: true, price };
  return { filled: withinDeviation(confirmed, price, deviationPips, pricePrecision), price };
}

/**
 * How far a fill on `side` landed from the price the trader confirmed, in pips, signed for the
 * trader: positive against them (a buy filled higher, a sell lower), negative in their favour,
 * 0 at the confirmed price itself.
 */
export function slippagePips(
  side: SideLike,
  confirmed: number,
  filled: number,
  pricePrecision: number,
): number {
  const moved = pipsBetween(confirmed, filled, pricePrecision);
  return (isBuy(side) ? moved : -moved) + 0;
}
