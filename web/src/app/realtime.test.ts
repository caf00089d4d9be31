import { describe, expect, it } from 'vitest';
import type { ConnectOptions } from '../worker/contract.js';
import { createRealtimeStarter, socketUrl } from './realtime.js';

describe('socket address (docs/product.md#calls)', () => {
  it('is /v1/ws on the page host, secure when the page is', () => {
    expect(socketUrl({ protocol: 'https:', host: 'app.example.test' })).toBe(
      'wss://app.example.test/v1/ws',
    );
    expect(socketUrl({ protocol: 'http:', host: '192.168.1.5:8080' })).toBe(
      'ws://192.168.1.5:8080/v1/ws',
    );
  });
});

/** A starter over a fake worker: every connect call is recorded; token and language can move. */
function starterWith(token: string | null) {
  const calls: ConnectOptions[] = [];
  const now = { token, lang: 'en' };
  const starter = createRealtimeStarter({
    connect: (options) => calls.push(options),
    current: () => ({ page: { protocol: 'http:', host: 'phone.test' }, ...now }),
  });
  return { starter, calls, now };
}

describe('realtime starter', () => {
  it('connects with the stored token and language on every start', () => {
    const { starter, calls, now } = starterWith('T1');
    starter.start();
    now.lang = 'vn';
    starter.start();
    expect(calls).toEqual([
      { wsUrl: 'ws://phone.test/v1/ws', token: 'T1', lang: 'en' },
      { wsUrl: 'ws://phone.test/v1/ws', token: 'T1', lang: 'vn' },
    ]);
  });

  it('keeps the login off the socket while held, and applies it on release', () => {
    const { starter, calls } = starterWith('T1');
    const release = starter.holdLogin();
    starter.start();
    starter.start();
    expect(calls.map((call) => call.token)).toEqual([null, null]);
    release();
    expect(calls.map((call) => call.token)).toEqual([null, null, 'T1']);
    starter.start();
    expect(calls.at(-1)?.token).toBe('T1');
  });

  it('applies the token current at release: a login or logout meanwhile is followed', () => {
    const { starter, calls, now } = starterWith(null);
    const release = starter.holdLogin();
    starter.start();
    now.token = 'T2';
    release();
    expect(calls.map((call) => call.token)).toEqual([null, 'T2']);
  });

  it('releases once per hold, and only when every hold is released', () => {
    const { starter, calls } = starterWith('T1');
    const first = starter.holdLogin();
    const second = starter.holdLogin();
    first();
    first();
    expect(calls).toEqual([]);
    starter.start();
    expect(calls.at(-1)?.token).toBeNull();
    second();
    expect(calls.at(-1)?.token).toBe('T1');
    expect(calls).toHaveLength(2);
  });
});
