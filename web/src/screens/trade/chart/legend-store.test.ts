import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../test-support/memory-storage.js';
import { createLegendStore, LEGEND_KEY } from './legend-store.js';

describe('the legend’s fold', () => {
  it('is whole until folded, and the choice is kept on the device', () => {
    const storage = memoryStorage();
    const store = createLegendStore(storage);
    expect(store.state.folded).toBe(false);
    store.toggle();
    expect(storage.getItem(LEGEND_KEY)).toBe('"folded"');
    expect(createLegendStore(storage).state.folded).toBe(true);
    store.toggle();
    expect(createLegendStore(storage).state.folded).toBe(false);
  });

  it('reads anything unknown as whole', () => {
    const storage = memoryStorage();
    storage.setItem(LEGEND_KEY, '{"folded":1}');
    expect(createLegendStore(storage).state.folded).toBe(false);
  });
});
