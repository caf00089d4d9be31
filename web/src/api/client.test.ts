import type { FetchLike } from '@pipstream/protocol';
import { routes } from '@pipstream/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { eurusdOrder } from '../test-support/api-calls.js';
import type { ApiHooks } from './client.js';
import { createRoutedApi } from './routed.js';

interface Recorded {
  toasts: { text: string; tone: string }[];
  sessionGone: number;
  warnings: string[];
  /** What each call told of the path: an answer of the API's, or none. */
  answered: boolean[];
}

const envelope = (code: number, msg: string, data: unknown = null) =>
  new Response(JSON.stringify({ code, msg, data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** How many calls the loading indicator would be showing for. */
let loading = 0;

/** An API over a stub fetch, recording what the UI would have done (connection lost when told). */
function setup(fetch: FetchLike, { connectionLost = false } = {}) {
  const recorded: Recorded = { toasts: [], sessionGone: 0, warnings: [], answered: [] };
  const hooks: ApiHooks = {
    connectionLost: () => connectionLost,
    answered: (answered) => recorded.answered.push(answered),
    toast: (text, tone) => recorded.toasts.push({ text, tone }),
    translate: (key, params) => `${key}${params ? JSON.stringify(params) : ''}`,
    beginLoading: () => {
      loading += 1;
    },
    endLoading: () => {
      loading -= 1;
    },
    sessionGone: () => {
      recorded.sessionGone += 1;
    },
    warn: (message) => recorded.warnings.push(message),
  };
  const requests: { url: string; headers: Record<string, string> }[] = [];
  const api = createRoutedApi(routes, {
    baseUrl: 'http://app.test',
    getToken: () => 'token-1',
    getLang: () => 'en',
    hooks,
    fetch: (url, init) => {
      requests.push({ url, headers: init.headers as Record<string, string> });
      return fetch(url, init);
    },
  });
  return { api, recorded, requests };
}

const refuse =
  (code: number, msg: string): FetchLike =>
  async () =>
    envelope(code, msg);

afterEach(() => {
  loading = 0;
});

describe('API layer (docs/product.md#errors)', () => {
  it('sends lang and authorization on every call', async () => {
    const { api, requests } = setup(async () => envelope(1, '', []));
    await api.call('areaList');
    expect(requests[0]?.headers).toMatchObject({ lang: 'en', authorization: 'token-1' });
    expect(requests[0]?.url).toMatch(/^http:\/\/app\.test\/api\/default\/area_list\?t=\d+$/);
  });

  it('toasts the message of a code other than 1 and rejects', async () => {
    const { api, recorded } = setup(refuse(0, 'The market is closed'));
    await expect(api.call('close', { id: 4 })).rejects.toMatchObject({ code: 0 });
    expect(recorded.toasts).toEqual([{ text: 'The market is closed', tone: 'error' }]);
    expect(recorded.sessionGone).toBe(0);
  });

  it('stays silent for calls that disable error messages', async () => {
    const { api, recorded } = setup(refuse(0, 'No captcha today'));
    await expect(api.call('captcha')).rejects.toMatchObject({ code: 0 });
    expect(recorded.toasts).toEqual([]);
  });

  it('toasts the message of a success only for calls that show it', async () => {
    const { api, recorded } = setup(async () => envelope(1, 'Verification code sent'));
    await api.call('sendEmail', { to: 'a@b.test', type: 1 });
    expect(recorded.toasts).toEqual([{ text: 'Verification code sent', tone: 'success' }]);

    const quiet = setup(async () => envelope(1, 'ok', []));
    await quiet.api.call('areaList');
    expect(quiet.recorded.toasts).toEqual([]);
  });

  it('toasts nothing for a quiet call, either way, but still ends a dead session', async () => {
    const levels = { id: 4, target_profit_price: 0, stop_loss_price: 1.1 };
    const saved = setup(async () => envelope(1, 'Stops updated'));
    await saved.api.call('setStopPrice', levels, { quiet: true });
    expect(saved.recorded.toasts).toEqual([]);

    const refused = setup(refuse(0, 'The price moved'));
    await expect(refused.api.call('setStopPrice', levels, { quiet: true })).rejects.toMatchObject({
      code: 0,
    });
    expect(refused.recorded.toasts).toEqual([]);

    const gone = setup(refuse(999, 'Your session has ended'));
    await expect(gone.api.call('setStopPrice', levels, { quiet: true })).rejects.toMatchObject({
      code: 999,
    });
    expect(gone.recorded).toMatchObject({ toasts: [], sessionGone: 1 });
  });

  it('ends the session on 999 unless the call is initial', async () => {
    const gone = setup(refuse(999, 'Your session has ended'));
    await expect(gone.api.call('myDeal', { status: 1 })).rejects.toMatchObject({ code: 999 });
    expect(gone.recorded.sessionGone).toBe(1);
    expect(gone.recorded.toasts).toEqual([{ text: 'Your session has ended', tone: 'error' }]);

    // companyStatus is initial: the message shows, the session stays.
    const initial = setup(refuse(999, 'Your session has ended'));
    await expect(initial.api.call('companyStatus')).rejects.toMatchObject({ code: 999 });
    expect(initial.recorded.sessionGone).toBe(0);

    // user/info is initial and silent: nothing at all.
    const info = setup(refuse(999, 'Your session has ended'));
    await expect(info.api.call('userInfo')).rejects.toMatchObject({ code: 999 });
    expect(info.recorded).toMatchObject({ sessionGone: 0, toasts: [] });
  });

  it('toasts the code of a network error', async () => {
    const { api, recorded } = setup(async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }),
      });
    });
    await expect(api.call('areaList')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(recorded.toasts).toEqual([
      { text: 'web.errors.network{"code":"ECONNREFUSED"}', tone: 'error' },
    ]);
    expect(recorded.warnings).toHaveLength(1);
  });

  it('raises no alarm while the connection is lost: "Offline" for an action, nothing for a read', async () => {
    const noSignal: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    const lost = setup(noSignal, { connectionLost: true });
    // A read: its screen says it could not load, and tries again by itself.
    await expect(lost.api.call('newsList', { page: 1 })).rejects.toMatchObject({
      code: 'NETWORK',
    });
    expect(lost.recorded.toasts).toEqual([]);
    expect(lost.recorded.warnings).toHaveLength(1);
    // An action the trader waits on says so calmly.
    await expect(lost.api.call('delDrawMethod', { id: 1 })).rejects.toMatchObject({
      code: 'NETWORK',
    });
    expect(lost.recorded.toasts).toEqual([{ text: 'web.connection.offline', tone: 'info' }]);
    // A page that is not the API's (a captive portal's, a proxy's) is no answer either.
    const portal = setup(async () => new Response('<html>Sign in</html>', { status: 200 }), {
      connectionLost: true,
    });
    await expect(portal.api.call('areaList')).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
    expect(portal.recorded.toasts).toEqual([]);
    expect([...lost.recorded.answered, ...portal.recorded.answered]).toEqual([false, false, false]);
    // Live, the same failure is a network error.
    const live = setup(noSignal);
    await expect(live.api.call('newsList', { page: 1 })).rejects.toMatchObject({
      code: 'NETWORK',
    });
    expect(live.recorded.toasts).toEqual([
      { text: 'web.errors.network{"code":"NETWORK"}', tone: 'error' },
    ]);
  });

  it('tells the path what each call heard: answers and refusals alike, but not a cancelled call', async () => {
    const { api, recorded } = setup(async () => envelope(1, '', []));
    await api.call('areaList');
    const refused = setup(refuse(0, 'No'));
    await expect(refused.api.call('areaList')).rejects.toMatchObject({ code: 0 });
    const controller = new AbortController();
    controller.abort();
    const cancelled = setup(async () => envelope(1, '', []));
    await expect(
      cancelled.api.call('areaList', {}, { signal: controller.signal }),
    ).rejects.toMatchObject({ cancelled: true });
    expect([
      ...recorded.answered,
      ...refused.recorded.answered,
      ...cancelled.recorded.answered,
    ]).toEqual([true, true]);
  });

  it('toasts the HTTP status of an answer that is not an envelope', async () => {
    const { api, recorded } = setup(
      async () => new Response('<html>Bad gateway</html>', { status: 502 }),
    );
    await expect(api.call('areaList')).rejects.toMatchObject({ code: 'HTTP_502' });
    expect(recorded.toasts).toEqual([
      { text: 'web.errors.network{"code":"HTTP_502"}', tone: 'error' },
    ]);
  });

  it('says nothing about cancelled calls or the manifest', async () => {
    const never: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const cancelled = setup(never);
    const controller = new AbortController();
    const call = cancelled.api.call('areaList', {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ cancelled: true });
    expect(cancelled.recorded.toasts).toEqual([]);

    const manifest = setup(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(manifest.api.call('manifest')).rejects.toMatchObject({ code: 'NETWORK' });
    expect(manifest.recorded.toasts).toEqual([]);
  });

  it('leaves a requote and an order placed to the screen that tells them', async () => {
    const requoted = setup(refuse(412, 'The price has moved to 1.09000'));
    await expect(requoted.api.call('close', { id: 4, price: 1.1 })).rejects.toMatchObject({
      code: 412,
      msg: 'The price has moved to 1.09000',
    });
    expect(requoted.recorded.toasts).toEqual([]);

    const order = eurusdOrder();
    const placed = setup(async () => envelope(1, 'Order placed', order));
    await placed.api.call('submit', { type: 1, cont: 1, forex_id: 1, status: 1, multiple: 100 });
    expect(placed.recorded.toasts).toEqual([]);
  });

  it('only logs a trade pair that is not found', async () => {
    const { api, recorded } = setup(refuse(404, 'Trade pair not found'));
    await expect(api.call('kline', { forex_id: 999 })).rejects.toMatchObject({ code: 404 });
    expect(recorded.toasts).toEqual([]);
    expect(recorded.warnings).toEqual(['kline: Trade pair not found']);
  });

  it('shows a generic text, not the schema details, for input the protocol refuses', async () => {
    const { api, recorded, requests } = setup(async () => envelope(1, ''));
    await expect(api.call('close', { id: 'x' } as never)).rejects.toMatchObject({ code: 422 });
    expect(requests).toEqual([]);
    expect(recorded.toasts).toEqual([{ text: 'web.errors.invalid_input', tone: 'error' }]);
  });

  it('counts the calls that show loading and hides the indicator when the last ends', async () => {
    const pending: ((response: Response) => void)[] = [];
    const { api } = setup(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const item = {
      id: 1,
      title: 'T',
      desc: 'D',
      logo: '/news/1.svg',
      created_at: '2025-01-01 00:00:00',
      content: '<p>x</p>',
    };

    const first = api.call('newsInfo', { id: 1 });
    const second = api.call('newsInfo', { id: 1 });
    const unrelated = api.call('areaList');
    expect(loading).toBe(2);

    pending[0]?.(envelope(1, '', item));
    await first;
    expect(loading).toBe(1);

    pending[1]?.(envelope(0, 'gone'));
    await expect(second).rejects.toMatchObject({ code: 0 });
    expect(loading).toBe(0);

    pending[2]?.(envelope(1, '', []));
    await unrelated;
    expect(loading).toBe(0);
  });

  it('keeps the count balanced when a loading call is refused before sending', async () => {
    const { api } = setup(async () => envelope(1, ''));
    await expect(api.call('newsInfo', { id: 0 })).rejects.toMatchObject({ code: 422 });
    expect(loading).toBe(0);
  });
});
