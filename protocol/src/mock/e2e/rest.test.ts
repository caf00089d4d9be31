import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../client/rest-errors.js';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import type { MockUpstream } from '../server.js';
import { apiFor, control, demoUser, startMock } from './test-support.js';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await startMock();
});
afterAll(() => mock.close());

async function raw(path: string, init?: RequestInit) {
  const res = await fetch(mock.url + path, init);
  return { status: res.status, body: (await res.json()) as { code: number; msg: string } };
}

describe('mock upstream over HTTP', () => {
  it('listens on loopback and serves an OpenAPI document of every route', async () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const doc = (await (await fetch(`${mock.url}/docs/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toMatch(/^3\./);
    for (const route of Object.values(routes)) {
      if (route.host === 'origin') continue;
      expect(doc.paths, route.path).toHaveProperty([route.path]);
    }
  });

  it('trades end to end through the protocol REST client', async () => {
    const { api, session } = await demoUser(mock);
    expect(session.user.is_demo).toBe(1);
    const list = await api.call('tradeList', {});
    const open = list.find(
      (i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0 && i.MarginMode !== 1,
    );
    if (!open) throw new Error('the catalogue has no open leverage instrument');
    const order = await api.call('submit', {
      type: 1,
      cont: open.ForexMinCont,
      forex_id: open.Id,
      status: 1,
      multiple: open.HasForexMultiple[0]?.Value ?? 1,
    });
    const holding = await api.call('myDeal', { status: 1 });
    expect(holding.data.map((o) => o.Id)).toContain(order.Id);
    await api.call('close', { id: order.Id });
    const history = await api.call('myDeal', { status: 3 });
    expect(history.data[0]).toMatchObject({ Id: order.Id, Status: 3 });
    const ledger = await api.call('forexChange', { page: 1 });
    const sum = ledger.list.reduce((s, r) => s + Number(r.Value), 0);
    const { balance } = await api.call('getBalance');
    expect(sum).toBeCloseTo(Number(balance), 6);
  });

  it('serves an SVG logo at every Logo URL of the trade list, and 404 for any other', async () => {
    const { api } = await demoUser(mock);
    const list = await api.call('tradeList', {});
    const answers = await Promise.all(list.map((instrument) => fetch(mock.url + instrument.Logo)));
    for (const [at, answer] of answers.entries()) {
      expect(answer.status, list[at]?.Logo).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/svg+xml');
      expect(await answer.text()).toMatch(/^<svg [^>]*>.*<\/svg>$/);
    }
    for (const path of [
      '/uploads/logos/NOPE.svg',
      '/uploads/logos/eurusd.svg',
      '/uploads/logos/',
    ]) {
      const answer = await fetch(mock.url + path);
      expect(answer.status, path).toBe(404);
      await answer.arrayBuffer();
    }
  });

  it('answers bad input of any kind with an envelope naming the problem, never a 500', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const cases = [
      await raw('/api/user/loginForU', { method: 'POST', headers: form, body: 'account=' }),
      await raw('/api/user/loginForU', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"account":',
      }),
      await raw('/api/user/loginForU', {
        method: 'POST',
        headers: form,
        body: `account=${'x'.repeat(200_000)}`,
      }),
      await raw('/v1/api/forex/kline?forex_id=abc&period=2min'),
      await raw('/v1/api/forex/kline?forex_id=999999'),
      await raw('/api/no/such/call'),
    ];
    for (const { status, body } of cases) {
      expect(status).toBeLessThan(500);
      expect(body.code).not.toBe(CODE.OK);
      expect(body.msg.length).toBeGreaterThan(3);
    }
    expect(cases[0]?.body.msg).toMatch(/account/);
    expect(cases[3]?.body.msg).toMatch(/forex_id/);
  });

  it('answers 999 to user calls without a valid token, and to a forced fault', async () => {
    const anonymous = apiFor(mock);
    await expect(anonymous.call('userInfo')).rejects.toMatchObject({ code: CODE.SESSION_GONE });
    const { api } = await demoUser(mock);
    await control(mock, '/faults', { code: CODE.SESSION_GONE, count: 1 });
    const error = await api.call('getBalance').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).sessionGone).toBe(true);
    await expect(api.call('getBalance')).resolves.toHaveProperty('balance');
  });

  it('refuses demo accounts on real-only calls with the real-account message', async () => {
    const { api } = await demoUser(mock);
    await expect(api.call('drawSymbolList', { type: 1 })).rejects.toMatchObject({
      code: CODE.REAL_ACCOUNT_REQUIRED,
      msg: 'Please register or log in to a real account',
    });
  });

  it('lets a browser on another origin call it (CORS preflight)', async () => {
    const res = await fetch(`${mock.url}/api/user/info`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/authorization/);
  });
});
