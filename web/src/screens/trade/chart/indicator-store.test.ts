import { DEFAULT_INDICATORS } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../test-support/memory-storage.js';
import { createIndicatorStore, INDICATORS_KEY } from './indicator-store.js';

describe('the indicator store', () => {
  it('starts from what the device kept, and keeps every change', () => {
    const storage = memoryStorage({
      [INDICATORS_KEY]: JSON.stringify({ rsi: { on: true, period: 9 } }),
    });
    const store = createIndicatorStore(storage);
    expect(store.state.rsi).toEqual({ on: true, period: 9 });
    expect(store.update('ma', { on: true, periods: [7, 21] })).toBe(true);
    const kept = JSON.parse(storage.entries.get(INDICATORS_KEY) ?? '{}');
    expect(kept.ma).toEqual({ on: true, periods: [7, 21] });
    expect(createIndicatorStore(storage).state.ma).toEqual({ on: true, periods: [7, 21] });
  });

  it('refuses a change that does not check out and keeps the old value', () => {
    const storage = memoryStorage();
    const store = createIndicatorStore(storage);
    expect(store.update('macd', { fast: 30 })).toBe(false);
    expect(store.update('rsi', { period: 0 })).toBe(false);
    expect(store.state.macd).toEqual(DEFAULT_INDICATORS.macd);
    expect(storage.entries.size).toBe(0);
  });

  it('starts from the defaults when storage holds something unreadable', () => {
    const store = createIndicatorStore(memoryStorage({ [INDICATORS_KEY]: '{nope' }));
    expect({ ...store.state }).toMatchObject({ rsi: DEFAULT_INDICATORS.rsi });
  });
});
