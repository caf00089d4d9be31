import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_MS } from './frames.js';
import { type KeptAlive, startKeepAlive } from './keep-alive.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A socket that notes when it got a keep-alive. */
interface TestSocket extends KeptAlive {
  readonly name: string;
  readonly keepAlives: number[];
}

function socket(name: string): TestSocket {
  return { name, wroteSinceSweep: false, keepAlives: [] };
}

describe('keep-alive sweep', () => {
  it('gives a quiet socket one keep-alive per KEEP_ALIVE_MS and a busy one none', () => {
    vi.useFakeTimers();
    const quiet = socket('quiet');
    const busy = socket('busy');
    const sockets = new Set([quiet, busy]);
    const stop = startKeepAlive(sockets, (s) => {
      s.keepAlives.push(Date.now());
      s.wroteSinceSweep = true;
    });
    const started = Date.now();
    // The busy socket carries a feed: a frame every 200 ms.
    const feed = setInterval(() => {
      busy.wroteSinceSweep = true;
    }, 200);
    vi.advanceTimersByTime(10 * KEEP_ALIVE_MS);
    clearInterval(feed);
    stop();

    expect(busy.keepAlives).toEqual([]);
    expect(quiet.keepAlives).toHaveLength(10);
    // No gap between two frames of the quiet one longer than KEEP_ALIVE_MS.
    const times = [started, ...quiet.keepAlives];
    for (let i = 1; i < times.length; i++) {
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeLessThanOrEqual(KEEP_ALIVE_MS);
    }
  });

  it('follows sockets that come and go, and stops when told', () => {
    vi.useFakeTimers();
    const first = socket('first');
    const later = socket('later');
    const sockets = new Set([first]);
    const sent: string[] = [];
    const stop = startKeepAlive(sockets, (s) => sent.push(s.name), 100);
    vi.advanceTimersByTime(100);
    sockets.add(later);
    sockets.delete(first);
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(1000);
    expect(sent).toEqual(['first', 'later']);
  });
});
