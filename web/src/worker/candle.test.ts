import type { Candle } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createCandleWatch } from './candle.js';
import { createChangeSet } from './changes.js';

const CANDLE: Candle = { Time: 60, Open: 1.1, High: 1.2, Low: 1, Close: 1.15, Volume: 3 };

describe('the candle watch', () => {
  it('keeps the latest candle of the watched topic only, and drops it on a new watch', () => {
    const changes = createChangeSet();
    const watch = createCandleWatch(changes);
    expect(watch.topic).toBeNull();
    watch.watch({ code: 'EURUSD', period: '5min' });
    expect(watch.topic).toBe('KLINE.EURUSD.5min');
    changes.candle = false;
    watch.apply('KLINE.GBPUSD.5min', CANDLE);
    expect(changes.candle).toBe(false);
    expect(watch.candle).toBeNull();
    watch.apply('KLINE.EURUSD.5min', CANDLE);
    expect(changes.candle).toBe(true);
    expect(watch.candle).toEqual({ ...CANDLE, code: 'EURUSD', period: '5min' });
    watch.watch(null);
    expect(watch.candle).toBeNull();
    expect(watch.topic).toBeNull();
  });
});
