import { describe, expect, it } from 'vitest';
import type { SideLike } from './side.js';
import { checkStopLevels, type StopLevelIssues } from './stops.js';

describe('checkStopLevels', () => {
  it.each<[SideLike, number, number, StopLevelIssues]>([
    // A buy at 1.1: stop loss below, take profit above.
    ['buy', 1.09, 1.11, {}],
    ['buy', 1.1, 1.11, { stopLoss: 'stop_loss_wrong_side' }],
    ['buy', 1.12, 1.11, { stopLoss: 'stop_loss_wrong_side' }],
    ['buy', 1.09, 1.1, { takeProfit: 'take_profit_wrong_side' }],
    [1, 1.11, 1.09, { stopLoss: 'stop_loss_wrong_side', takeProfit: 'take_profit_wrong_side' }],
    // A sell at 1.1: stop loss above, take profit below.
    ['sell', 1.11, 1.09, {}],
    [2, 1.09, 1.09, { stopLoss: 'stop_loss_wrong_side' }],
    ['sell', 1.11, 1.12, { takeProfit: 'take_profit_wrong_side' }],
    // 0 is off on either side.
    ['buy', 0, 0, {}],
    ['sell', 0, 1.09, {}],
  ])(
    '%j at 1.1 with stop loss %d and take profit %d → %j',
    (side, stopLoss, takeProfit, issues) => {
      expect(checkStopLevels(side, 1.1, { stopLoss, takeProfit })).toEqual(issues);
    },
  );
});
