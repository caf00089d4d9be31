import { describe, expect, it } from 'vitest';
import { decodeBrowserFrame } from './browser-frames.js';

describe('decodeBrowserFrame', () => {
  it('accepts the frames of the protocol', () => {
    expect(decodeBrowserFrame('{"type":"sub","param":"KLINE.EURUSD.5min"}')).toEqual({
      kind: 'frame',
      frame: { type: 'sub', param: 'KLINE.EURUSD.5min' },
    });
    expect(decodeBrowserFrame('{"type":"login","token":"t"}')).toMatchObject({ kind: 'frame' });
    expect(decodeBrowserFrame('{"type":"logout"}')).toMatchObject({ kind: 'frame' });
  });

  it('tells an unknown topic apart from other mistakes', () => {
    expect(decodeBrowserFrame('{"type":"sub","param":"NEWS"}')).toEqual({
      kind: 'unknown-topic',
      topic: 'NEWS',
    });
    expect(decodeBrowserFrame('{"type":"unsub","param":"KLINE.EURUSD.7min"}')).toMatchObject({
      kind: 'unknown-topic',
    });
    expect(decodeBrowserFrame('{"type":"sub","param":7}')).toMatchObject({
      kind: 'bad',
      reason: 'schema',
    });
  });

  it('names what is wrong with a malformed frame', () => {
    expect(decodeBrowserFrame('{')).toMatchObject({ kind: 'bad', reason: 'json' });
    expect(decodeBrowserFrame('{"type":"login"}')).toMatchObject({
      kind: 'bad',
      reason: 'schema',
      msg: expect.stringContaining('token'),
    });
    expect(decodeBrowserFrame('"sub"')).toMatchObject({ kind: 'bad', reason: 'schema' });
  });
});
