import { describe, expect, it } from 'vitest';
import { SharedFrame } from '../wire/shared-frame.js';
import { createLastValues, type Tick, ticksOf } from './last-values.js';

/** Ticks carrying a Close, as the upstream's do; the cache only reads Id. */
const ticks = (...list: { Id: number; Close?: number }[]): Tick[] => list;

describe('createLastValues', () => {
  it('merges ticks by Id and encodes the snapshot once per change', () => {
    const values = createLastValues();
    expect(values.quotesFrame()).toBeUndefined();
    values.mergeTicks(ticks({ Id: 1, Close: 1 }, { Id: 2, Close: 2 }));
    values.mergeTicks(ticks({ Id: 1, Close: 1.5 }));
    const frame = values.quotesFrame();
    expect(JSON.parse(String(frame?.text))).toEqual({
      type: 'DAY_MARKET',
      code: 1,
      data: [
        { Id: 1, Close: 1.5 },
        { Id: 2, Close: 2 },
      ],
    });
    expect(values.quotesFrame()).toBe(frame);
    values.mergeTicks(ticks({ Id: 3, Close: 3 }));
    expect(values.quotesFrame()).not.toBe(frame);
  });

  it('keeps only the topics still held upstream', () => {
    const values = createLastValues();
    values.mergeTicks([{ Id: 1 }]);
    values.setCandle('KLINE.A.1min', SharedFrame.of('a'));
    values.setCandle('KLINE.B.1min', SharedFrame.of('b'));
    values.retain(new Set(['DAY_MARKET', 'KLINE.B.1min']));
    expect(values.candle('KLINE.A.1min')).toBeUndefined();
    expect(values.candle('KLINE.B.1min')?.text.toString()).toBe('b');
    expect(values.quotesFrame()).toBeDefined();
    values.retain(new Set());
    expect(values.quotesFrame()).toBeUndefined();
    expect(values.candle('KLINE.B.1min')).toBeUndefined();
  });
});

describe('ticksOf', () => {
  it('reads the ticks of a DAY_MARKET frame and refuses anything else', () => {
    expect(ticksOf({ type: 'DAY_MARKET', data: [{ Id: 1 }] })).toEqual([{ Id: 1 }]);
    expect(ticksOf({ data: [{ Id: '1' }] })).toBeUndefined();
    expect(ticksOf({ data: {} })).toBeUndefined();
    expect(ticksOf(null)).toBeUndefined();
  });
});
