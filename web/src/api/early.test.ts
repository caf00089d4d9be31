import { firstScreenRoutes, type RawAnswer } from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import { nextTask } from '../test-support/until.js';
import type { FirstAnswer } from '../worker/contract.js';
import {
  answeringEarly,
  createEarlyReads,
  type EarlyHeaders,
  FIRST_SCREEN_READS,
  isFirstScreenRead,
} from './early.js';

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

describe('early reads', () => {
  it('keeps what the page carried as an answer, for the same language and user, sending nothing', async () => {
    const { reads, sent } = setup();
    const who: EarlyHeaders = { lang: 'en', token: null };
    reads.keep('categories', who, [{ Id: 1, NameShowTrans: 'Forex' }]);
    expect(reads.take('categories', { lang: 'ar', token: null })).toBeUndefined();
    const answer = await reads.take('categories', who);
    expect(await answer?.json()).toEqual({
      code: 1,
      msg: '',
      data: [{ Id: 1, NameShowTrans: 'Forex' }],
    });
    expect(reads.take('categories', who)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it('sends a GET with t and the lang and authorization headers of docs/product.md#calls', () => {
    const { reads, sent } = setup();
    reads.send('tradeList', ORIGIN, { lang: 'en', token: 'tok' });
    expect(sent).toEqual([
      {
        url: `${ORIGIN}/v1/api/forex/trade_list?t=1000`,
        init: { method: 'GET', headers: { lang: 'en', authorization: 'tok' } },
      },
    ]);
  });

  it('leaves authorization out for a visitor', () => {
    const { reads, sent } = setup();
    reads.send('companyStatus', ORIGIN, { lang: 'hk', token: null });
    expect(sent[0]).toEqual({
      url: `${ORIGIN}/api/company/getCompanyStatus?t=1000`,
      init: { method: 'GET', headers: { lang: 'hk' } },
    });
  });

  it('hands the response to the first call of the same name and user, once', async () => {
    const { reads, sent } = setup();
    reads.send('tradeList', ORIGIN, { lang: 'en', token: 'tok' });
    const taken = reads.take('tradeList', { lang: 'en', token: 'tok' });
    expect(await taken?.then((response) => response.text())).toBe('answer 1');
    expect(reads.take('tradeList', { lang: 'en', token: 'tok' })).toBeUndefined();
    expect(sent).toHaveLength(1);
  });

  it('does not hand it to another call, language or user', () => {
    const { reads } = setup();
    reads.send('tradeList', ORIGIN, { lang: 'en', token: 'tok' });
    expect(reads.take('categories', { lang: 'en', token: 'tok' })).toBeUndefined();
    expect(reads.take('tradeList', { lang: 'jp', token: 'tok' })).toBeUndefined();
    expect(reads.take('tradeList', { lang: 'en', token: 'other' })).toBeUndefined();
    expect(reads.take('tradeList', { lang: 'en', token: null })).toBeUndefined();
    expect(reads.take('tradeList', { lang: 'en', token: 'tok' })).toBeDefined();
  });

  it('drops a read nobody took within maxAgeMs', () => {
    const { reads, advance } = setup(2_000);
    reads.send('categories', ORIGIN, { lang: 'en', token: null });
    advance(2_001);
    expect(reads.take('categories', { lang: 'en', token: null })).toBeUndefined();
  });

  it('passes a failed read to its taker, and leaves none unhandled before', async () => {
    const reads = createEarlyReads({ fetch: () => Promise.reject(new TypeError('offline')) });
    reads.send('categories', ORIGIN, { lang: 'en', token: null });
    // An unhandled rejection would fail the test run here.
    await nextTask();
    await expect(reads.take('categories', { lang: 'en', token: null })).rejects.toThrow('offline');
  });

  it('names exactly the protocol’s first-screen calls, with their GET paths', () => {
    expect(Object.keys(FIRST_SCREEN_READS).sort()).toEqual(Object.keys(firstScreenRoutes).sort());
    for (const [name, path] of Object.entries(FIRST_SCREEN_READS)) {
      const route = firstScreenRoutes[name as keyof typeof firstScreenRoutes];
      expect(route.method).toBe('GET');
      expect(route.path).toBe(path);
      expect(route.host ?? 'api').not.toBe('provider');
    }
    expect(isFirstScreenRead('tradeList')).toBe(true);
    expect(isFirstScreenRead('toString')).toBe(false);
  });
});

describe('answeringEarly', () => {
  /** Early reads answering `text`, a checker and a client that record what they were given. */
  function wire(options: { text?: string; checked?: FirstAnswer; fetchFails?: boolean } = {}) {
    const reads = createEarlyReads({
      fetch: () =>
        options.fetchFails
          ? Promise.reject(new TypeError('offline'))
          : Promise.resolve(new Response(options.text ?? '{"code":1}', { status: 200 })),
    });
    const checked: { name: string; answer: RawAnswer }[] = [];
    const called: unknown[][] = [];
    let who: EarlyHeaders = { lang: 'en', token: null };
    const call = answeringEarly({
      reads,
      who: () => who,
      check: async (name, answer) => {
        checked.push({ name, answer });
        return options.checked ?? { ok: true, data: `checked ${name}` };
      },
      call: async (name, ...args) => {
        called.push([name, ...args]);
        return `client ${name}`;
      },
    });
    const become = (next: EarlyHeaders) => {
      who = next;
    };
    return { reads, call, checked, called, become };
  }

  it('answers a first-screen read from its early read, checked, without the client', async () => {
    const { reads, call, checked, called } = wire({ text: '{"code":1,"data":[]}' });
    reads.send('tradeList', ORIGIN, { lang: 'en', token: null });
    expect(await call('tradeList')).toBe('checked tradeList');
    expect(checked).toEqual([
      { name: 'tradeList', answer: { status: 200, text: '{"code":1,"data":[]}' } },
    ]);
    expect(called).toEqual([]);
    // Taken once: the next call is the client's.
    expect(await call('tradeList')).toBe('client tradeList');
  });

  it('makes the call the usual way when the early answer does not check out', async () => {
    const { reads, call, called } = wire({ checked: { ok: false } });
    reads.send('categories', ORIGIN, { lang: 'en', token: null });
    expect(await call('categories')).toBe('client categories');
    expect(called).toEqual([['categories']]);
  });

  it('makes the call the usual way when the early read failed on the network', async () => {
    const { reads, call, checked, called } = wire({ fetchFails: true });
    reads.send('companyStatus', ORIGIN, { lang: 'en', token: null });
    expect(await call('companyStatus')).toBe('client companyStatus');
    expect(checked).toEqual([]);
    expect(called).toEqual([['companyStatus']]);
  });

  it('leaves other calls, calls with arguments and another user’s calls to the client', async () => {
    const { reads, call, checked, called, become } = wire();
    reads.send('tradeList', ORIGIN, { lang: 'en', token: null });
    expect(await call('userInfo')).toBe('client userInfo');
    expect(await call('tradeList', { page: 2 })).toBe('client tradeList');
    become({ lang: 'en', token: 'tok' });
    expect(await call('tradeList')).toBe('client tradeList');
    expect(checked).toEqual([]);
    expect(called).toEqual([['userInfo'], ['tradeList', { page: 2 }], ['tradeList']]);
  });
});
