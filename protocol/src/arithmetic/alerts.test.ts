import { describe, expect, it } from 'vitest';
import { alertReached } from './alerts.js';

describe('alertReached', () => {
  const quote = (close: number, change = 0) => ({ close, change });

  it('fires an "above" alert at or above its level, not below', () => {
    const above = { kind: 'above', price: 1.1 } as const;
    expect(alertReached(above, quote(1.0999))).toBe(false);
    expect(alertReached(above, quote(1.1))).toBe(true);
    expect(alertReached(above, quote(1.2))).toBe(true);
  });

  it('fires a "below" alert at or below its level, not above', () => {
    const below = { kind: 'below', price: 1.1 } as const;
    expect(alertReached(below, quote(1.1001))).toBe(false);
    expect(alertReached(below, quote(1.1))).toBe(true);
    expect(alertReached(below, quote(1))).toBe(true);
  });

  it('fires a "move" alert when the day moved that far either way', () => {
    const move = { kind: 'move', percent: 2 } as const;
    expect(alertReached(move, quote(1, 1.99))).toBe(false);
    expect(alertReached(move, quote(1, -1.99))).toBe(false);
    expect(alertReached(move, quote(1, 2))).toBe(true);
    expect(alertReached(move, quote(1, -2.5))).toBe(true);
  });

  it('never fires on a quote that is not a number', () => {
    expect(alertReached({ kind: 'above', price: 1 }, quote(Number.NaN))).toBe(false);
    expect(alertReached({ kind: 'below', price: 1 }, quote(Number.NaN))).toBe(false);
    expect(alertReached({ kind: 'move', percent: 1 }, quote(1, Number.NaN))).toBe(false);
  });
});
