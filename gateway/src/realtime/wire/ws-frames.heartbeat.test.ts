import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deflateMessage } from './shared-frame.js';
import { createMessageInflater } from './ws-frames.js';

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

describe("inflating one socket's messages that stand alone", () => {
  beforeEach(() => {
    zlibCalls.inflations = 0;
  });

  it('inflates its heartbeat once however often it comes, a copy each time', () => {
    const inflate = createMessageInflater(15, MAX_PAYLOAD);
    const ping = deflateMessage(Buffer.from('ping'), 15);
    const got = Array.from({ length: 100 }, () => inflate(ping));
    expect(new Set(texts(got))).toEqual(new Set(['ping']));
    expect(zlibCalls.inflations).toBe(1);
    got[0]?.fill(0);
    expect(inflate(ping).toString()).toBe('ping');
  });

  it('keeps its heartbeat whatever another socket sends', () => {
    const one = createMessageInflater(15, MAX_PAYLOAD);
    const other = createMessageInflater(15, MAX_PAYLOAD);
    const ping = deflateMessage(Buffer.from('ping'), 15);
    one(ping);
    for (let i = 0; i < 200; i++) other(deflateMessage(Buffer.from(`m${i}`), 15));
    const before = zlibCalls.inflations;
    for (let i = 0; i < 50; i++) expect(one(ping).toString()).toBe('ping');
    expect(zlibCalls.inflations).toBe(before);
  });

  it('inflates anew anything but the heartbeat, and keeps no login', () => {
    const inflate = createMessageInflater(15, MAX_PAYLOAD);
    const sub = JSON.stringify({ type: 'sub', param: 'KLINE.EURUSD.1m' });
    const long = deflateMessage(Buffer.from(sub), 15);
    const login = deflateMessage(Buffer.from(JSON.stringify({ type: 'login', token: 't' })), 15);
    expect(texts([inflate(long), inflate(long), inflate(login), inflate(login)])).toEqual([
      sub,
      sub,
      '{"type":"login","token":"t"}',
      '{"type":"login","token":"t"}',
    ]);
    expect(zlibCalls.inflations).toBe(4);
  });

  it('inflates with its own window', () => {
    const short = deflateMessage(Buffer.from('ping'), 9);
    expect(createMessageInflater(9, MAX_PAYLOAD)(short).toString()).toBe('ping');
  });

  it('never hands a message past the cap, and throws on corrupt data', () => {
    const logout = deflateMessage(Buffer.from('bye!'), 15);
    // A byte past the cap, for ws to refuse with its own code.
    expect(createMessageInflater(15, 3)(logout).toString()).toBe('bye!');
    expect(() => createMessageInflater(15, 2)(logout)).toThrow();
    const ping = deflateMessage(Buffer.from('ping'), 15);
    const capped = createMessageInflater(15, 2);
    expect(() => capped(ping)).toThrow();
    expect(() => capped(ping)).toThrow();
    const inflate = createMessageInflater(15, MAX_PAYLOAD);
    expect(() => inflate(Buffer.from([0xff, 0xff, 0xff]))).toThrow();
  });
});
