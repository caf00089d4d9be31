import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deflateMessage } from './shared-frame.js';
import { inflateAlone } from './ws-frames.js';

const zlibCalls = vi.hoisted(() => ({ inflations: 0 }));

// Counts the zlib inflations behind the messages handed out.
vi.mock('node:zlib', async (original) => {
  const zlib = await original<typeof import('node:zlib')>();
  return {
    ...zlib,
    inflateRawSync: (...args: Parameters<typeof zlib.inflateRawSync>) => {
      zlibCalls.inflations++;
      return zlib.inflateRawSync(...args);
    },
  };
});

const MAX_PAYLOAD = 64 * 1024;

function texts(messages: readonly Buffer[]) {
  return messages.map((message) => message.toString());
}

describe('inflating a browser’s message that stands alone', () => {
  beforeEach(() => {
    zlibCalls.inflations = 0;
  });

  it('inflates the heartbeat once however many browsers send it', () => {
    const ping = deflateMessage(Buffer.from('ping'), 15);
    const got = Array.from({ length: 100 }, () => inflateAlone(ping, 15, MAX_PAYLOAD));
    expect(new Set(texts(got))).toEqual(new Set(['ping']));
    expect(zlibCalls.inflations).toBe(1);
    // Each socket gets a message of its own.
    got[0]?.fill(0);
    expect(inflateAlone(ping, 15, MAX_PAYLOAD).toString()).toBe('ping');
  });

  it('inflates anew what it does not remember: a long message, another window', () => {
    const sub = JSON.stringify({ type: 'sub', param: 'KLINE.EURUSD.1m' });
    const long = deflateMessage(Buffer.from(sub), 15);
    expect(
      texts([inflateAlone(long, 15, MAX_PAYLOAD), inflateAlone(long, 15, MAX_PAYLOAD)]),
    ).toEqual([sub, sub]);
    expect(zlibCalls.inflations).toBe(2);
    // The module remembers across tests: each test has messages of its own.
    const short = deflateMessage(Buffer.from('pong'), 9);
    expect(inflateAlone(short, 9, MAX_PAYLOAD).toString()).toBe('pong');
    expect(inflateAlone(short, 15, MAX_PAYLOAD).toString()).toBe('pong');
    expect(zlibCalls.inflations).toBe(4);
  });

  it('keeps no login, however short its token', () => {
    const login = deflateMessage(Buffer.from(JSON.stringify({ type: 'login', token: 't' })), 15);
    inflateAlone(login, 15, MAX_PAYLOAD);
    expect(inflateAlone(login, 15, MAX_PAYLOAD).toString()).toContain('login');
    expect(zlibCalls.inflations).toBe(2);
  });

  it('never hands a remembered message past a smaller cap, and throws on corrupt data', () => {
    const logout = deflateMessage(Buffer.from('bye!'), 15);
    inflateAlone(logout, 15, MAX_PAYLOAD);
    // Inflated again under the cap: a byte past it, for ws to refuse with its own code.
    expect(inflateAlone(logout, 15, 3).toString()).toBe('bye!');
    expect(() => inflateAlone(logout, 15, 2)).toThrow();
    expect(zlibCalls.inflations).toBe(3);
    expect(() => inflateAlone(Buffer.from([0xff, 0xff, 0xff]), 15, MAX_PAYLOAD)).toThrow();
  });

  it('forgets what it remembered rather than grow without end', () => {
    const messages = Array.from({ length: 200 }, (_, i) => `m${i}`);
    expect(deflateMessage(Buffer.from('m199'), 15).length).toBeLessThan(16);
    const deflated = messages.map((text) => deflateMessage(Buffer.from(text), 15));
    for (const data of deflated) inflateAlone(data, 15, MAX_PAYLOAD);
    expect(texts(deflated.map((data) => inflateAlone(data, 15, MAX_PAYLOAD)))).toEqual(messages);
    expect(zlibCalls.inflations).toBeGreaterThan(200);
  });
});
