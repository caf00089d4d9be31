import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '../../state/storage.js';
import { memoryStorage } from '../../test-support/memory-storage.js';
import {
  BALANCE_HIDDEN_KEY,
  balanceFigure,
  readBalanceHidden,
  writeBalanceHidden,
} from './balance-view.js';

describe('balance hide/show choice', () => {
  it('shows the balance until the user hides it, and remembers both choices', () => {
    const storage = memoryStorage();
    expect(readBalanceHidden(storage)).toBe(false);
    writeBalanceHidden(storage, true);
    expect(readBalanceHidden(storage)).toBe(true);
    expect(storage.entries.get(BALANCE_HIDDEN_KEY)).toBe('true');
    writeBalanceHidden(storage, false);
    expect(readBalanceHidden(storage)).toBe(false);
    expect(storage.entries.has(BALANCE_HIDDEN_KEY)).toBe(false);
  });

  it('reads anything unexpected, or no storage at all, as shown', () => {
    const storage = memoryStorage();
    storage.setItem(BALANCE_HIDDEN_KEY, '"yes"');
    expect(readBalanceHidden(storage)).toBe(false);
    storage.setItem(BALANCE_HIDDEN_KEY, '{broken');
    expect(readBalanceHidden(storage)).toBe(false);
    expect(readBalanceHidden(undefined)).toBe(false);
    expect(() => writeBalanceHidden(undefined, true)).not.toThrow();
  });

  it('survives a storage that throws (private modes)', () => {
    const refusing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(readBalanceHidden(refusing)).toBe(false);
    expect(() => writeBalanceHidden(refusing, true)).not.toThrow();
  });
});

describe('balanceFigure', () => {
  it('shows 2 decimals, rounded half away from zero (docs/product.md#constants)', () => {
    expect(balanceFigure('10000', false)).toBe('10000.00');
    expect(balanceFigure('1234.565', false)).toBe('1234.57');
    expect(balanceFigure('0.004', false)).toBe('0.00');
    expect(balanceFigure(12.5, false)).toBe('12.50');
  });

  it('masks the figure when hidden, known or not', () => {
    expect(balanceFigure('10000', true)).toBe('****');
    expect(balanceFigure(null, true)).toBe('****');
  });

  it('shows "--" while the figure is not known', () => {
    expect(balanceFigure(null, false)).toBe('--');
    expect(balanceFigure(undefined, false)).toBe('--');
    expect(balanceFigure('', false)).toBe('--');
  });
});
