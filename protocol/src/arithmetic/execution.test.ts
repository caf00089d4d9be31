import { describe, expect, it } from 'vitest';
import { executionPrice, marketFill, slippagePips, withinDeviation } from './execution.js';

describe('executionPrice', () => {
  it('is the quote on both sides: no spread', () => {
    expect(executionPrice('buy', 1.08482)).toBe(1.08482);
    expect(executionPrice(2, 1.08482)).toBe(1.08482);
  });
});

describe('withinDeviation', () => {
  it.each<[number, number, number, boolean]>([
    // Confirmed 1.10000, 2 pips either way: 20 steps at 5 decimals.
    [1.1002, 2, 5, true],
    [1.0998, 2, 5, true],
    [1.10021, 2, 5, false],
    [1.09979, 2, 5, false],
    // 0 allows the confirmed price only.
    [1.1, 0, 5, true],
    [1.10001, 0, 5, false],
    // A fractional pip on a fractional-pip quote: 0.5 pips is 5 steps.
    [1.10005, 0.5, 5, true],
    [1.10006, 0.5, 5, false],
    [1.10003, 0.3, 5, true],
  ])('1.10000 → %d within %d pips at %d decimals: %s', (current, pips, precision, expected) => {
    expect(withinDeviation(1.1, current, pips, precision)).toBe(expected);
  });

  it('measures a share in its own steps: 1 pip is 0.01 at 2 decimals', () => {
    expect(withinDeviation(190, 190.01, 1, 2)).toBe(true);
    expect(withinDeviation(190, 190.02, 1, 2)).toBe(false);
  });
});

describe('marketFill', () => {
  it('fills at the current price within the deviation, never at the confirmed one', () => {
    expect(marketFill('buy', 1.1001, 1.1, 2, 5)).toEqual({ filled: true, price: 1.1001 });
    expect(marketFill('sell', 1.0999, 1.1, 2, 5)).toEqual({ filled: true, price: 1.0999 });
  });

  it('requotes beyond it, in either direction, at the current price', () => {
    // The case that matters: a 100-pip drop while the question was open.
    expect(marketFill('buy', 0.65174, 0.66174, 2, 5)).toEqual({ filled: false, price: 0.65174 });
    expect(marketFill('buy', 0.67174, 0.66174, 2, 5)).toEqual({ filled: false, price: 0.67174 });
  });

  it('fills at the current price when no price was confirmed', () => {
    expect(marketFill('buy', 1.2345, undefined, 0, 5)).toEqual({ filled: true, price: 1.2345 });
  });
});

describe('slippagePips', () => {
  it('is positive against the trader, negative in their favour', () => {
    expect(slippagePips('buy', 1.1, 1.10015, 5)).toBe(1.5);
    expect(slippagePips('buy', 1.1, 1.0999, 5)).toBe(-1);
    expect(slippagePips('sell', 1.1, 1.0999, 5)).toBe(1);
    expect(slippagePips(2, 1.1, 1.10015, 5)).toBe(-1.5);
    expect(slippagePips('sell', 1.1, 1.1, 5)).toBe(0);
    expect(Object.is(slippagePips('sell', 1.1, 1.1, 5), -0)).toBe(false);
  });
});
