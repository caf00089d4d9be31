import { describe, expect, it } from 'vitest';
import { isBuy, sideOf } from './side.js';

describe('sides', () => {
  it.each([
    ['buy', true, 'buy'],
    ['sell', false, 'sell'],
    [1, true, 'buy'],
    [2, false, 'sell'],
    [0, false, 'sell'],
    [-1, false, 'sell'],
  ] as const)('%j buys: %s', (side, buys, name) => {
    expect(isBuy(side)).toBe(buys);
    expect(sideOf(side)).toBe(name);
  });
});
