import { describe, expect, it } from 'vitest';
import { dayMarketKey, frameType, klineKey } from './frame-keys.js';

const frame = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('frameType', () => {
  it('reads the type a frame starts with', () => {
    expect(frameType(frame({ type: 'DAY_MARKET', code: 1, data: [] }))).toBe('DAY_MARKET');
    expect(frameType(frame({ type: 'KLINE.SYM001.1min', code: 1 }))).toBe('KLINE.SYM001.1min');
  });

  it('gives nothing for the heartbeat or a frame without a leading type', () => {
    expect(frameType(Buffer.from('pong'))).toBeUndefined();
    expect(frameType(frame({ code: 1, type: 'DAY_MARKET' }))).toBeUndefined();
    expect(frameType(Buffer.from('{"type":"unterminated'))).toBeUndefined();
  });
});

describe('dayMarketKey', () => {
  it('is the newest tick Time, wherever it sits in the frame', () => {
    const merged = frame({
      type: 'DAY_MARKET',
      code: 1,
      data: [
        { Id: 1, Close: 1.5, Time: 1_700_000_000_200 },
        { Id: 2, Close: 2.5, Time: 1_700_000_000_300 },
        { Id: 3, Close: 3.5, Time: 1_700_000_000_100 },
      ],
    });
    expect(dayMarketKey(merged)).toBe(1_700_000_000_300);
  });

  it('is NaN for a frame without ticks', () => {
    expect(dayMarketKey(frame({ type: 'DAY_MARKET', code: 1, data: [] }))).toBeNaN();
  });
});

describe('klineKey', () => {
  it('is the candle Volume', () => {
    const candle = { Time: 1_700_000_040, Open: 1, High: 2, Low: 0.5, Close: 1.5, Volume: 4821 };
    expect(klineKey(frame({ type: 'KLINE.SYM001.1min', code: 1, data: candle }))).toBe(4821);
  });
});
