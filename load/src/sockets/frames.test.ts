import { describe, expect, it } from 'vitest';
import { frameKey, readFrame, upstreamState } from './frames.js';

const frame = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('reading a frame without parsing it', () => {
  it('tells the kinds apart by their leading type', () => {
    expect(readFrame(frame({ type: 'DAY_MARKET', code: 1, data: [] }))).toEqual({
      kind: 'DAY_MARKET',
      topic: 'DAY_MARKET',
    });
    expect(readFrame(frame({ type: 'KLINE.EURUSD.1min', code: 1, data: {} }))).toEqual({
      kind: 'KLINE',
      topic: 'KLINE.EURUSD.1min',
    });
    expect(readFrame(Buffer.from('pong')).kind).toBe('pong');
    expect(readFrame(frame({ type: 'login_result', code: 1 })).kind).toBe('login_result');
    expect(readFrame(frame({ type: 'upstream', state: 'down' })).kind).toBe('upstream');
    expect(readFrame(frame({ type: 'FOREX_TRADE', code: 1, data: [] })).topic).toBe('FOREX_TRADE');
    expect(readFrame(frame({ type: 'something new' })).kind).toBe('other');
    expect(readFrame(Buffer.from('not json')).kind).toBe('other');
  });

  it('parses a frame laid out otherwise, to be sure of its type', () => {
    expect(readFrame(Buffer.from('{ "code": 1, "type": "DAY_MARKET", "data": [] }')).kind).toBe(
      'DAY_MARKET',
    );
  });

  it('keys the same bytes alike and other bytes apart', () => {
    const a = frame({ type: 'DAY_MARKET', code: 1, data: [{ Id: 1, Close: 1.1 }] });
    const b = frame({ type: 'DAY_MARKET', code: 1, data: [{ Id: 1, Close: 1.2 }] });
    expect(frameKey(Buffer.from(a))).toBe(frameKey(a));
    expect(frameKey(b)).not.toBe(frameKey(a));
  });

  it("reads the gateway's upstream state", () => {
    expect(upstreamState(frame({ type: 'upstream', state: 'down' }))).toBe('down');
    expect(upstreamState(frame({ type: 'upstream', state: 'up' }))).toBe('up');
    expect(upstreamState(frame({ type: 'upstream' }))).toBeUndefined();
  });
});
