import { describe, expect, it } from 'vitest';
import type { SideLike } from './side.js';
import { pendingFills, stopLossHit, takeProfitHit } from './triggers.js';

describe('stopLossHit', () => {
  it.each<[SideLike, number, number, boolean]>([
    ['buy', 1.099, 1.1, true],
    ['buy', 1.1, 1.1, true],
    ['buy', 1.1001, 1.1, false],
    [1, 1.099, 1.1, true],
    ['sell', 1.1, 1.1, true],
    ['sell', 1.1001, 1.1, true],
    ['sell', 1.0999, 1.1, false],
    [2, 1.1001, 1.1, true],
    ['buy', 0.5, 0, false],
    ['sell', 99, 0, false],
  ])('%j at %d with stop loss %d → %s', (side, price, stopLoss, expected) => {
    expect(stopLossHit(side, price, stopLoss)).toBe(expected);
  });
});

describe('takeProfitHit', () => {
  it.each<[SideLike, number, number, boolean]>([
    ['buy', 1.2, 1.2, true],
    ['buy', 1.21, 1.2, true],
    ['buy', 1.19, 1.2, false],
    [1, 1.21, 1.2, true],
    ['sell', 1, 1, true],
    ['sell', 0.99, 1, true],
    ['sell', 1.01, 1, false],
    [2, 0.99, 1, true],
    ['buy', 99, 0, false],
    ['sell', 0.0001, 0, false],
  ])('%j at %d with take profit %d → %s', (side, price, takeProfit, expected) => {
    expect(takeProfitHit(side, price, takeProfit)).toBe(expected);
  });
});

describe('pendingFills', () => {
  // [market, target, placed at] — fills once the market touches or crosses the target from the side it was placed.
  it.each([
    [1.11, 1.12, 1.1, false],
    [1.12, 1.12, 1.1, true],
    [1.13, 1.12, 1.1, true],
    [1.09, 1.08, 1.1, false],
    [1.08, 1.08, 1.1, true],
    [1.07, 1.08, 1.1, true],
    [1.2, 1.1, 1.1, true],
    [0.00002, 0.00003, 0.00001, false],
    [0.00003, 0.00003, 0.00001, true],
  ])('market %d, target %d, placed at %d → %s', (market, target, placedAt, expected) => {
    expect(pendingFills(market, target, placedAt)).toBe(expected);
  });
});
