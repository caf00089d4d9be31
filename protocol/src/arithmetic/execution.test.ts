import { describe, expect, it } from 'vitest';
import { executionPrice, honoursPrice, QUOTE_HONOURED_MS } from './execution.js';

describe('executionPrice', () => {
  it('is the quote on both sides: no spread', () => {
    expect(executionPrice('buy', 1.08482)).toBe(1.08482);
    expect(executionPrice(2, 1.08482)).toBe(1.08482);
  });
});

describe('honoursPrice', () => {
  const now = 100_000;
  const quotes = [
    { price: 1.1, at: now - QUOTE_HONOURED_MS },
    { price: 1.2, at: now - QUOTE_HONOURED_MS - 1 },
  ];
  it.each<[number, boolean]>([
    // The latest quote, one inside the window, one just outside it, one never quoted.
    [1.3, true],
    [1.1, true],
    [1.2, false],
    [1.25, false],
  ])('shown %d → %s', (shown, expected) => {
    expect(honoursPrice('buy', shown, 1.3, quotes, now)).toBe(expected);
  });
});
