/**
 * Whether a stop loss and a take profit sit on the right side of a price for an order's side:
 * a buy's stop loss below it and its take profit above it, a sell's the other way round. A level
 * on the wrong side is exactly one that would close the order at once at that price (the
 * engine's triggers), so the app refuses it before sending, as the server would.
 */
import type { SideLike } from './side.js';
import { stopLossHit, takeProfitHit } from './triggers.js';

/** The stop levels of an order; 0 (or less) means the level is off (docs/product.md#constants). */
export interface StopLevels {
  readonly stopLoss: number;
  readonly takeProfit: number;
}

/** What is wrong with each level, if anything. */
export interface StopLevelIssues {
  stopLoss?: 'stop_loss_wrong_side';
  takeProfit?: 'take_profit_wrong_side';
}

/**
 * The issues of `levels` for an order on `side` measured against `reference` (the current
 * price of a holding, or a new order's starting price): empty when both are fine or off.
 */
export function checkStopLevels(
  side: SideLike,
  reference: number,
  levels: StopLevels,
): StopLevelIssues {
  const issues: StopLevelIssues = {};
  if (stopLossHit(side, reference, levels.stopLoss)) issues.stopLoss = 'stop_loss_wrong_side';
  if (takeProfitHit(side, reference, levels.takeProfit)) {
    issues.takeProfit = 'take_profit_wrong_side';
  }
  return issues;
}
