import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../test-support/memory-storage.js';
import { CHART_TYPE_KEY, createChartTypeStore, toChartType } from './chart-type.js';

describe('the chart type', () => {
  it('is candlesticks until chosen, and a choice is kept on the device', () => {
    const storage = memoryStorage();
    const store = createChartTypeStore(storage);
    expect(store.state.type).toBe('candles');
    store.choose('area');
    expect(storage.getItem(CHART_TYPE_KEY)).toBe('"area"');
    expect(createChartTypeStore(storage).state.type).toBe('area');
  });

  it('reads anything unknown as candlesticks', () => {
    for (const kept of ['bars', 3, null, undefined, {}]) expect(toChartType(kept)).toBe('candles');
    expect(toChartType('line')).toBe('line');
  });
});
