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

describe('the candle watch of a period built from another', () => {
  /** Monday 2026-11-23 00:00 UTC, and hourly candles from it. */
  const MONDAY = Date.UTC(2026, 10, 23) / 1000;
  const hour = (n: number, close: number, high = close, low = close, volume = 1): Candle => ({
    Time: MONDAY + n * 3600,
    Open: 1,
    High: high,
    Low: low,
    Close: close,
    Volume: volume,
  });

  it('reads the source topic and folds each candle into its 4-hour bucket', () => {
    const watch = createCandleWatch(createChangeSet());
    watch.watch({ code: 'EURUSD', period: '4hour' });
    expect(watch.topic).toBe('KLINE.EURUSD.60min');
    expect(watch.chartTopic).toBe('KLINE.EURUSD.4hour');
    // The history's first two hours of the bucket; the live third hour joins them.
    watch.seed('EURUSD', '4hour', [hour(4, 1.2, 1.5, 0.9, 10), hour(5, 1.3, 1.4, 1, 20)]);
    const shown = watch.apply('KLINE.EURUSD.60min', hour(6, 1.25, 1.6, 1.1, 5));
    const bucket = {
      Time: MONDAY + 4 * 3600,
      Open: 1,
      High: 1.6,
      Low: 0.9,
      Close: 1.25,
      Volume: 35,
    };
    expect(shown).toEqual({ ...bucket, code: 'EURUSD', period: '4hour' });
    // The same hour again, updated: it replaces its earlier self.
    expect(watch.apply('KLINE.EURUSD.60min', hour(6, 1.7, 1.7, 1.1, 8))).toEqual({
      ...bucket,
      High: 1.7,
      Close: 1.7,
      Volume: 38,
      code: 'EURUSD',
      period: '4hour',
    });
    // The next bucket starts afresh; a late candle of the last one changes nothing.
    expect(watch.apply('KLINE.EURUSD.60min', hour(8, 2))?.Time).toBe(MONDAY + 8 * 3600);
    expect(watch.apply('KLINE.EURUSD.60min', hour(7, 9))).toBeNull();
    expect(watch.candle?.Close).toBe(2);
  });

  it('makes a live candle shown before the history came whole once the history seeds it', () => {
    const changes = createChangeSet();
    const watch = createCandleWatch(changes);
    watch.watch({ code: 'EURUSD', period: '4hour' });
    // The socket's last value comes first: the bucket holds that hour alone.
    expect(watch.apply('KLINE.EURUSD.60min', hour(6, 1.25, 1.3, 1.2, 5))?.Low).toBe(1.2);
    changes.candle = false;
    watch.seed('EURUSD', '4hour', [hour(4, 1.1, 1.5, 0.9, 10), hour(6, 1.24, 1.26, 1.2, 4)]);
    expect(changes.candle).toBe(true);
    expect(watch.candle).toMatchObject({ High: 1.5, Low: 0.9, Close: 1.25, Volume: 15 });
    // A history of an older bucket than the live one adds nothing.
    changes.candle = false;
    watch.seed('EURUSD', '4hour', [hour(0, 7, 7, 7, 1)]);
    expect(changes.candle).toBe(false);
    expect(watch.candle?.Close).toBe(1.25);
  });

  it('builds weeks from days, and ignores a seed of another chart', () => {
    const watch = createCandleWatch(createChangeSet());
    watch.watch({ code: 'EURUSD', period: '1week' });
    expect(watch.topic).toBe('KLINE.EURUSD.1day');
    watch.seed('EURUSD', '4hour', [hour(0, 5, 5, 5, 100)]);
    const day = { ...CANDLE, Time: MONDAY + 2 * 86_400 };
    expect(watch.apply('KLINE.EURUSD.1day', day)).toEqual({
      ...day,
      Time: MONDAY,
      code: 'EURUSD',
      period: '1week',
    });
  });
});
