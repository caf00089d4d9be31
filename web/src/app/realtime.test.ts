import { describe, expect, it } from 'vitest';
import type { ConnectOptions } from '../worker/api.js';
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
  const start = createRealtimeStarter({
    connect: (options) => calls.push(options),
    current: () => ({ page: { protocol: 'http:', host: 'phone.test' }, ...now }),
  });
  return { start, calls, now };
}

describe('realtime starter', () => {
  it('connects with the stored token and language on every start (docs/product.md#routes)', () => {
    const { start, calls, now } = starterWith('T1');
    start();
    now.lang = 'vn';
    start();
    expect(calls).toEqual([
      { wsUrl: 'ws://phone.test/v1/ws', token: 'T1', lang: 'en' },
      { wsUrl: 'ws://phone.test/v1/ws', token: 'T1', lang: 'vn' },
    ]);
  });
});
