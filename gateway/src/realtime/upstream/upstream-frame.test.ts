import { KEEP_ALIVE } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { classifyUpstreamFrame, parseUpstreamFrame, type UpstreamFrame } from './upstream-frame.js';

describe('classifyUpstreamFrame', () => {
  it('reads the type by a prefix scan, without parsing', () => {
    const raw = Buffer.from('{"type":"KLINE.EURUSD.1min","code":1,"data":{"Close":1}}');
    const frame = classifyUpstreamFrame(raw);
    expect(frame).toEqual({ type: 'KLINE.EURUSD.1min', raw });
    expect(frame?.raw).toBe(raw);
    expect(frame?.parsed).toBeUndefined();
    expect(parseUpstreamFrame(frame as UpstreamFrame)).toEqual({
      type: 'KLINE.EURUSD.1min',
      code: 1,
      data: { Close: 1 },
    });
  });

  it('recognises the bare pong and keep-alive', () => {
    expect(classifyUpstreamFrame(Buffer.from('pong'))?.type).toBe('pong');
    expect(classifyUpstreamFrame(Buffer.from(KEEP_ALIVE))?.type).toBe(KEEP_ALIVE);
  });

  it('parses once, and keeps the result, when type is not written first', () => {
    const frame = classifyUpstreamFrame(
      Buffer.from('{ "code": 1, "type": "DAY_MARKET", "data": [] }'),
    );
    expect(frame?.type).toBe('DAY_MARKET');
    expect(frame?.parsed).toEqual({ code: 1, type: 'DAY_MARKET', data: [] });
    expect(parseUpstreamFrame(frame as UpstreamFrame)).toBe(frame?.parsed);
  });

  it('handles an escaped type through the parse', () => {
    expect(classifyUpstreamFrame(Buffer.from('{"type":"a\\"b","code":1}'))?.type).toBe('a"b');
  });

  it('refuses what is not a frame', () => {
    for (const text of ['', 'ping', 'not json', '[1,2]', '{"code":1}', '{"type":5}', '{"type":"']) {
      expect(classifyUpstreamFrame(Buffer.from(text))).toBeUndefined();
    }
  });
});
