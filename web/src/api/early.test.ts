import { routes } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { createEarlyReads, FIRST_SCREEN_READS } from './early.js';

const ORIGIN = 'http://app.test';

/** Early reads over a recording fetch and a clock the test moves. */
function setup(maxAgeMs = 10_000) {
  const sent: { url: string; init: RequestInit }[] = [];
  let clock = 1_000;
  const reads = createEarlyReads({
    fetch: (url, init) => {
      sent.push({ url, init });
      return Promise.resolve(new Response(`answer ${sent.length}`));
    },
    now: () => clock,
    maxAgeMs,
  });
  const advance = (ms: number) => {
    clock += ms;
  };
  return { reads, sent, advance };
}

/** The request the REST client would make later: same path, a later `t`. */
const later = (path: string, headers: Record<string, string>, t = 5_000) => ({
  url: `${ORIGIN}${path}?t=${t}`,
  init: { method: 'GET', headers } as RequestInit,
});

describe('early reads', () => {
  it('sends a GET with t and the lang and authorization headers of SPEC §7', () => {
    const { reads, sent } = setup();
    reads.send(ORIGIN, '/v1/api/forex/trade_list', { lang: 'en', token: 'tok' });
    expect(sent).toEqual([
      {
        url: `${ORIGIN}/v1/api/forex/trade_list?t=1000`,
        init: { method: 'GET', headers: { lang: 'en', authorization: 'tok' } },
      },
    ]);
  });

  it('leaves authorization out for a visitor', () => {
    const { reads, sent } = setup();
    reads.send(ORIGIN, '/v1/api/forex/trade_list', { lang: 'hk', token: null });
    expect(sent[0]?.init.headers).toEqual({ lang: 'hk' });
  });

  it('hands the response to the matching call once, whatever its t', async () => {
    const { reads, sent } = setup();
    reads.send(ORIGIN, '/v1/api/forex/trade_list', { lang: 'en', token: 'tok' });
    const call = later('/v1/api/forex/trade_list', { lang: 'en', authorization: 'tok' });
    const taken = reads.take(call.url, call.init);
    expect(await taken?.then((response) => response.text())).toBe('answer 1');
    expect(reads.take(call.url, call.init)).toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('does not hand it to another path, language, user or method', () => {
    const { reads } = setup();
    reads.send(ORIGIN, '/v1/api/forex/trade_list', { lang: 'en', token: 'tok' });
    const path = '/v1/api/forex/trade_list';
    const refused = [
      later('/v1/api/forex/getCategories', { lang: 'en', authorization: 'tok' }),
      later(path, { lang: 'ja', authorization: 'tok' }),
      later(path, { lang: 'en', authorization: 'other' }),
      later(path, { lang: 'en' }),
      { url: `${ORIGIN}${path}?t=5000&searchCurrency=EUR`, init: later(path, {}).init },
      { url: `${ORIGIN}${path}?t=5000`, init: { method: 'POST', headers: { lang: 'en' } } },
    ];
    for (const { url, init } of refused) expect(reads.take(url, init)).toBeUndefined();
    const same = later(path, { lang: 'en', authorization: 'tok' });
    expect(reads.take(same.url, same.init)).toBeDefined();
  });

  it('drops a read nobody took within maxAgeMs', () => {
    const { reads, advance } = setup(2_000);
    reads.send(ORIGIN, '/v1/api/forex/getCategories', { lang: 'en', token: null });
    advance(2_001);
    const call = later('/v1/api/forex/getCategories', { lang: 'en' });
    expect(reads.take(call.url, call.init)).toBeUndefined();
  });

  it('passes a failed read to its taker, and leaves none unhandled before', async () => {
    const reads = createEarlyReads({ fetch: () => Promise.reject(new TypeError('offline')) });
    reads.send(ORIGIN, '/v1/api/forex/getCategories', { lang: 'en', token: null });
    // An unhandled rejection would fail the test run here.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const call = later('/v1/api/forex/getCategories', { lang: 'en' }, Date.now());
    await expect(reads.take(call.url, call.init)).rejects.toThrow('offline');
  });

  it('names the route table’s paths for the first screen’s reads', () => {
    for (const [name, path] of Object.entries(FIRST_SCREEN_READS)) {
      const route = routes[name as keyof typeof routes];
      expect(route.method).toBe('GET');
      expect(route.path).toBe(path);
    }
  });
});
