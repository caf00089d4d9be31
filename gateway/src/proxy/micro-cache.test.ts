import { describe, expect, it } from 'vitest';
import { createMicroCache } from './micro-cache.js';

interface Value {
  readonly bytes: number;
  readonly text: string;
  readonly good: boolean;
}

function setup(options: { ttlMs?: number; maxBytes?: number } = {}) {
  let clock = 0;
  const cache = createMicroCache<Value>({
    ttlMs: options.ttlMs ?? 1000,
    maxBytes: options.maxBytes ?? 1000,
    storable: (value) => value.good,
    now: () => clock,
  });
  let loads = 0;
  const load =
    (text: string, bytes = 10, good = true) =>
    async () => {
      loads += 1;
      return { text, bytes, good };
    };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('createMicroCache', () => {
  it('loads once for concurrent callers and serves the stored value until it expires', async () => {
    const { cache, load, loads, advance } = setup();
    const first = await Promise.all([1, 2, 3].map(() => cache.get('k', load('a'))));
    expect(first.map((r) => r.outcome)).toEqual(['miss', 'coalesced', 'coalesced']);
    expect(loads()).toBe(1);

    advance(999);
    expect(await cache.get('k', load('b'))).toEqual({
      value: { text: 'a', bytes: 10, good: true },
      outcome: 'hit',
    });
    advance(1);
    expect((await cache.get('k', load('c'))).value.text).toBe('c');
    expect(loads()).toBe(2);
  });

  it('shares a failure with the callers that waited for it, and stores nothing', async () => {
    const { cache, load } = setup();
    let attempts = 0;
    const failing = async () => {
      attempts += 1;
      throw new Error('down');
    };
    const results = await Promise.allSettled([cache.get('k', failing), cache.get('k', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(attempts).toBe(1);
    expect((await cache.get('k', load('ok'))).outcome).toBe('miss');
  });

  it('does not store what `storable` refuses, nor anything with a zero TTL', async () => {
    const refused = setup();
    await refused.cache.get('k', refused.load('no', 10, false));
    await refused.cache.get('k', refused.load('no', 10, false));
    expect(refused.loads()).toBe(2);
    expect(refused.cache.size).toBe(0);

    const zero = setup({ ttlMs: 0 });
    await zero.cache.get('k', zero.load('a'));
    await zero.cache.get('k', zero.load('a'));
    expect(zero.loads()).toBe(2);
  });

  it('stays within its byte budget, evicting the oldest first', async () => {
    const { cache, load } = setup({ maxBytes: 100 });
    for (let i = 0; i < 10; i += 1) await cache.get(`k${i}`, load(`v${i}`, 30));
    expect(cache.bytes).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(3);
    expect((await cache.get('k9', load('new'))).outcome).toBe('hit');
    expect((await cache.get('k0', load('new'))).outcome).toBe('miss');

    await cache.get('huge', load('huge', 101));
    expect((await cache.get('huge', load('huge', 101))).outcome).toBe('miss');
  });
});
