/**
 * A trailing stop: a stop loss that follows the price as it moves in the holding's favour, never
 * back. The rule is MetaTrader's terminal's:
 *
 * - it starts once the holding is `distance` pips in profit: the stop then goes `distance` pips
 *   behind the price, which is at or past the open price;
 * - after that it moves only when it can move by at least `step` pips, and always to `distance`
 *   pips behind the price (a buy's stop up, a sell's down), never the other way.
 *
 * The price is the one the holding would close at; a stop of 0 (or less) is none
 * (docs/product.md#constants).
 */
import { pipSize, stepsBetween } from './pip.js';
import { roundTo } from './rounding.js';
import { isBuy, type SideLike } from './side.js';

/** What the trader chose: how far behind the price, and the least move, both in pips. */
export interface TrailingStop {
  readonly distancePips: number;
  readonly stepPips: number;
}

export interface TrailingInput {
  readonly side: SideLike;
  readonly openPrice: number;
  /** The price the holding would close at now. */
  readonly price: number;
  /** The stop loss now: 0 (or less) when there is none. */
  readonly stopLoss: number;
  readonly trailing: TrailingStop;
  readonly pricePrecision: number;
}

/** The stop loss the trailing stop moves to now, or `undefined` when it stays where it is. */
export function trailedStopLoss(input: TrailingInput): number | undefined {
  const { side, openPrice, price, stopLoss, trailing, pricePrecision } = input;
  const pip = pipSize(pricePrecision);
  const buy = isBuy(side);
  const distance = trailing.distancePips * pip;
  const target = roundTo(buy ? price - distance : price + distance, pricePrecision);
  // Steps the target is past a level in the holding's favour (negative: behind it).
  const past = (level: number) =>
    buy ? stepsBetween(level, target, pricePrecision) : stepsBetween(target, level, pricePrecision);
  if (past(openPrice) < 0) return undefined;
  if (stopLoss <= 0) return target;
  // At least one price step, so a step of 0 still means "whenever it moves".
  const leastSteps = Math.max(1, Math.round(trailing.stepPips * pip * 10 ** pricePrecision));
  return past(stopLoss) >= leastSteps ? target : undefined;
}
