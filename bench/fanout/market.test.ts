import { dayMarketFrameSchema, klineFrameSchema } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { dayMarketKey, frameType, klineKey } from './frame-keys.js';
import { benchCodes, createBenchMarket } from './market.js';

const market = () => createBenchMarket({ instruments: 60, ticksPerFrame: 16, seed: 1 });

describe('createBenchMarket', () => {
  it('encodes DAY_MARKET frames of about 2 KB that the protocol schema accepts', () => {
    const frame = market().dayMarket(1_700_000_000_000);
    expect(frame.length).toBeGreaterThan(1800);
    expect(frame.length).toBeLessThan(2400);
    const parsed = dayMarketFrameSchema.parse(JSON.parse(frame.toString()));
    expect(parsed.data).toHaveLength(16);
  });

  it('stamps every tick with the key, which the clients read back', () => {
    const frame = market().dayMarket(1_700_000_000_123);
    expect(frameType(frame)).toBe('DAY_MARKET');
    expect(dayMarketKey(frame)).toBe(1_700_000_000_123);
    const { data } = dayMarketFrameSchema.parse(JSON.parse(frame.toString()));
    expect(new Set(data.map((tick) => tick.Time))).toEqual(new Set([1_700_000_000_123]));
  });

  it('moves every instrument in turn', () => {
    const m = market();
    const ids = new Set<number>();
    for (let i = 0; i < 4; i++) {
      const { data } = dayMarketFrameSchema.parse(JSON.parse(m.dayMarket(i + 1).toString()));
      for (const tick of data) ids.add(tick.Id);
    }
    expect(ids.size).toBe(60);
  });

  it('snapshots the latest tick of each instrument that has ticked', () => {
    const m = market();
    expect(m.quotes()).toBeUndefined();
    m.dayMarket(5);
    m.dayMarket(6);
    const snapshot = dayMarketFrameSchema.parse(JSON.parse(m.quotes()?.toString() ?? ''));
    expect(snapshot.data).toHaveLength(32);
    expect(dayMarketKey(m.quotes() as Buffer)).toBe(6);
  });

  it('encodes a valid 1-minute candle carrying the sequence as Volume', () => {
    const m = market();
    const frame = m.candle('SYM007', 42, 1_700_000_061_000) as Buffer;
    const parsed = klineFrameSchema.parse(JSON.parse(frame.toString()));
    expect(parsed.type).toBe('KLINE.SYM007.1min');
    expect(parsed.data.Time).toBe(1_700_000_040);
    expect(parsed.data.Low).toBeLessThanOrEqual(parsed.data.Close);
    expect(parsed.data.High).toBeGreaterThanOrEqual(parsed.data.Close);
    expect(klineKey(frame)).toBe(42);
    expect(m.candle('NOPE', 1, 0)).toBeUndefined();
  });
});

describe('benchCodes', () => {
  it('names instruments with valid, distinct codes', () => {
    const codes = benchCodes(300);
    expect(new Set(codes).size).toBe(300);
    expect(codes[0]).toBe('SYM001');
    expect(codes.at(-1)).toBe('SYM300');
  });
});
