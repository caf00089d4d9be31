import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLOSE, CODE } from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitFor } from '../../protocol/src/test-support/index.js';
import { startMetricsServer } from './ops/metrics-server.js';
import { buildGateway, type Gateway } from './server.js';
import { testConfig } from './test-support/config.js';
import { closedPort } from './test-support/recording-upstream.js';
import { standInHub } from './test-support/stand-in-hub.js';

let mock: MockUpstream;
beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, data: ':memory:', tickMs: 50 });
});
afterAll(() => mock.close());

const apps: Gateway[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await fetch(`${mock.url}/__control/faults/clear`, { method: 'POST' });
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A listening gateway in front of `upstreamUrl`; resolves with it and its base URL. */
async function start(
  upstreamUrl: string,
  env: Record<string, string> = {},
  options: Parameters<typeof buildGateway>[1] = {},
) {
  const app = buildGateway(testConfig(upstreamUrl, env), options);
  apps.push(app);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url };
}

describe('gateway in front of the mock upstream: REST', () => {
  it('proxies a demo login and the logged-in calls that follow, token and lang included', async () => {
    const { url } = await start(mock.url);

    const login = await fetch(`${url}/api/user/createAccountDemoForU?t=1`, {
      headers: { lang: 'en' },
    }).then((r) => r.json());
    expect(login).toMatchObject({ code: CODE.OK, data: { token: expect.any(String) } });

    const info = await fetch(`${url}/api/user/info?t=2`, {
      headers: { lang: 'en', authorization: login.data.token },
    }).then((r) => r.json());
    expect(info.code).toBe(CODE.OK);
    expect(info.data.id ?? info.data.Id).toBe(login.data.user.id ?? login.data.user.Id);

    const anonymous = await fetch(`${url}/api/user/info?t=3`).then((r) => r.json());
    expect(anonymous.code).toBe(CODE.SESSION_GONE);
  });

  it('answers the public opening calls as the upstream does', async () => {
    const { url } = await start(mock.url);
    for (const path of ['/v1/api/forex/trade_list', '/api/default/area_list']) {
      const [viaGateway, direct] = await Promise.all([
        fetch(`${url}${path}?t=1`, { headers: { lang: 'en' } }).then((r) => r.json()),
        fetch(`${mock.url}${path}?t=1`, { headers: { lang: 'en' } }).then((r) => r.json()),
      ]);
      expect(viaGateway.code, path).toBe(CODE.OK);
      expect(Object.keys(viaGateway.data), path).toEqual(Object.keys(direct.data));
    }
  });

  it('answers 504 within the timeout when the upstream is slow', async () => {
    const { url } = await start(mock.url, { PROXY_TIMEOUT_MS: '400' });
    await fetch(`${mock.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latencyMs: 3000 }),
    });

    const started = Date.now();
    const res = await fetch(`${url}/v1/api/forex/getCategories?t=1`);
    expect(Date.now() - started).toBeLessThan(400 + 600);
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ code: CODE.UPSTREAM_TIMEOUT, data: null });
  });

  it('bounds how long Node waits for a request and for a silent connection', async () => {
    const { app } = await start(mock.url, { BODY_TIMEOUT_MS: '5000', PROXY_TIMEOUT_MS: '2000' });
    // Fastify leaves both off (0) unless told: a request could take its time for ever.
    expect(app.server.requestTimeout).toBe(60_000 + 5000);
    expect(app.server.timeout).toBe(5000 + 2000);
  });

  it('answers 502 quickly when the upstream is down', async () => {
    const { url } = await start(`http://127.0.0.1:${await closedPort()}`);
    const started = Date.now();
    const res = await fetch(`${url}/api/user/info`, { headers: { authorization: 'x' } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: CODE.UPSTREAM_UNAVAILABLE, data: null });
  });
});

describe('gateway in front of the mock upstream: socket and operations', () => {
  it('is ready once its upstream feed is up, and not while the upstream is down', async () => {
    const { url } = await start(mock.url);
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, 'ready', 5000, 25);
    expect(await fetch(`${url}/readyz`).then((r) => r.json())).toEqual({ ready: true });
    expect(await fetch(`${url}/healthz`).then((r) => r.json())).toEqual({ ok: true });

    const down = await start(`http://127.0.0.1:${await closedPort()}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const res = await fetch(`${down.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ready: false });
    expect((await fetch(`${down.url}/healthz`)).status).toBe(200);
  });

  it('is not ready from the first pong its upstream misses, before letting it go', async () => {
    const { app, url } = await start(mock.url, { HEARTBEAT_MS: '500' });
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 200, 'ready', 5000, 25);
    await fetch(`${mock.url}/__control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ silentPings: true }),
    });
    const frozen = Date.now();
    await waitFor(async () => (await fetch(`${url}/readyz`)).status === 503, 'not ready', 5000, 25);
    const notReadyAfter = Date.now() - frozen;
    // The upstream socket is still held: a pong or two more missed and it is let go.
    expect(app.realtime.stats().upstream.public).toBe(true);
    // The next ping (within 500 ms) and its 250 ms deadline.
    expect(notReadyAfter).toBeLessThan(1500);
  });

  it('relays the feed at /v1/ws and tells browsers 1012 when it closes', async () => {
    const { app, url } = await start(mock.url);
    const browser = new WebSocket(`${url.replace('http', 'ws')}/v1/ws`);
    const frames: string[] = [];
    browser.on('message', (data) => frames.push(data.toString()));
    await new Promise((resolve, reject) => browser.once('open', resolve).once('error', reject));
    browser.send(JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }));
    await waitFor(() => frames.some((f) => f.includes('"DAY_MARKET"')), 'a quote', 5000, 25);

    const closed = new Promise<number>((resolve) => browser.once('close', resolve));
    await app.close();
    expect(await closed).toBe(CLOSE.SERVICE_RESTART);
  });

  it('exports every metric operations reads at /metrics, on its own port only', async () => {
    const { app, url } = await start(mock.url);
    await fetch(`${url}/v1/api/forex/getCategories`);
    const metricsServer = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      metrics: app.metrics,
    });
    closers.push(metricsServer.close);

    // The public port, which browsers and balancers reach, does not answer it.
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    const res = await fetch(metricsServer.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const name of [
      'gateway_clients',
      'gateway_upstream_connections',
      'gateway_upstream_reconnects_total',
      'gateway_subscriptions',
      'gateway_messages_in_total',
      'gateway_messages_out_total',
      'gateway_messages_conflated_total',
      'gateway_slow_client_closes_total',
      'gateway_proxy_request_duration_seconds',
      'gateway_connections_refused_total',
      'gateway_logins_refused_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toMatch(/gateway_proxy_request_duration_seconds_count\{outcome="upstream"\} 1/);
  });

  it('exports what the alerts read: readiness, private sessions and their limit, REST codes, cache results', async () => {
    const { app, url } = await start(mock.url, { MAX_PRIVATE_SESSIONS: '7' });
    const metricsServer = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      metrics: app.metrics,
    });
    closers.push(metricsServer.close);
    /** The value of one series, e.g. `gateway_ready` or `x_total{code="200"}`; absent: NaN. */
    const sample = async (series: string) => {
      const text = await (await fetch(metricsServer.url)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
    };

    // Known label values start at 0: the first refusal or failure is an increase, not a new
    // series.
    expect(await sample('gateway_private_sessions_limit')).toBe(7);
    expect(await sample('gateway_logins_refused_total{reason="total_sessions"}')).toBe(0);
    expect(await sample('gateway_connections_refused_total{reason="ip_limit"}')).toBe(0);
    expect(await sample('gateway_proxy_responses_total{code="504"}')).toBe(0);
    expect(await sample('gateway_micro_cache_requests_total{result="hit"}')).toBe(0);
    await waitFor(async () => (await sample('gateway_ready')) === 1, 'gateway_ready 1', 5000, 25);
    expect(await sample('gateway_upstream_connections{kind="public"}')).toBe(1);

    // Two reads of the trade list: the first goes upstream, the second is the cache's.
    const tradeList = `${url}/v1/api/forex/getCategories`;
    for (let i = 0; i < 2; i++) expect((await fetch(tradeList)).status).toBe(200);
    expect(await sample('gateway_micro_cache_requests_total{result="miss"}')).toBe(1);
    expect(await sample('gateway_micro_cache_requests_total{result="hit"}')).toBe(1);
    expect(await sample('gateway_proxy_responses_total{code="200"}')).toBe(2);

    const login = await fetch(`${url}/api/user/createAccountDemoForU`).then((r) => r.json());
    const browser = new WebSocket(`${url.replace('http', 'ws')}/v1/ws`);
    await new Promise((resolve, reject) => browser.once('open', resolve).once('error', reject));
    browser.send(JSON.stringify({ type: 'login', token: login.data.token }));
    await waitFor(
      async () => (await sample('gateway_private_sessions')) === 1,
      'one private session',
      5000,
      25,
    );
    browser.close();

    // Closing: no longer ready.
    await app.realtime.shutdown();
    expect(await sample('gateway_ready')).toBe(0);
  });
});

describe('content security policy', () => {
  it("allows connections to the upstream and the support chat's host, frames of that host, images of the upstream's and the logos' hosts, nothing else", async () => {
    const { url } = await start(mock.url, { WEB_DIR: join(tmpdir(), 'pipstream-no-web-build') });
    const settings = await fetch(`${mock.url}/api/basicSet/getBasicInfo`).then((r) => r.json());
    const chat = new URL(settings.data.service_link as string).origin;
    const policy = async () => String((await fetch(url)).headers.get('content-security-policy'));
    await waitFor(async () => (await policy()).includes(chat), 'the chat origin', 5000, 25);

    const directives = Object.fromEntries(
      (await policy()).split(';').map((d) => {
        const [name = '', ...sources] = d.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    const upstream = new URL(mock.url);
    expect(directives['frame-src']).toEqual(["'self'", chat]);
    expect(directives['connect-src']).toEqual([
      "'self'",
      upstream.origin,
      `ws://${upstream.host}`,
      chat,
    ]);
    // The mock names its logos by path (the site itself): images of no other host but its own.
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', upstream.origin]);
  });
});

describe('logs', () => {
  it('never write a token or an authorization header', async () => {
    const lines: string[] = [];
    const { app, url } = await start(
      mock.url,
      { LOG_LEVEL: 'trace' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    const login = await fetch(`${url}/api/user/createAccountDemoForU`).then((r) => r.json());
    const token: string = login.data.token;

    await fetch(`${url}/api/user/info`, {
      headers: { authorization: token, cookie: 'sid=s3cr3t' },
    });
    const browser = new WebSocket(`${url.replace('http', 'ws')}/v1/ws`, {
      headers: { authorization: token },
    });
    await new Promise((resolve, reject) => browser.once('open', resolve).once('error', reject));
    browser.send(JSON.stringify({ type: 'login', token }));
    await new Promise((resolve) => browser.once('message', resolve));
    browser.close();
    app.log.info({ token, req: { headers: { authorization: token, cookie: 'sid=s3cr3t' } } }, 'x');
    app.log.warn({ session: { token }, frame: { authorization: token } }, 'y');

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).not.toContain(token);
    expect(log).not.toContain('s3cr3t');
    expect(log).toContain('[redacted]');
  });

  it('never write a token sent in a query, over REST or the socket', async () => {
    const lines: string[] = [];
    const { url } = await start(
      mock.url,
      // No web build: an unknown page is Fastify's 404, which logs its URL.
      { LOG_LEVEL: 'info', WEB_DIR: join(tmpdir(), 'pipstream-no-web-build') },
      { logStream: { write: (line) => lines.push(line) } },
    );
    const token = (await fetch(`${url}/api/user/createAccountDemoForU`).then((r) => r.json())).data
      .token as string;

    await fetch(`${url}/api/user/info?token=${token}&lang=en`);
    await fetch(`${url}/api/user/info?access_token=${encodeURIComponent(token)}`);
    await fetch(`${url}/no/such/page?session=${token}`);
    const browser = new WebSocket(`${url.replace('http', 'ws')}/v1/ws?lang=en&token=${token}`);
    await new Promise((resolve, reject) => browser.once('open', resolve).once('error', reject));
    browser.close();

    const log = lines.join('');
    // The calls are logged, with the rest of their URL.
    expect(log).toContain('/api/user/info?token=[redacted]&lang=en');
    expect(log).toContain('/v1/ws?lang=en&token=[redacted]');
    expect(log).toContain('Route GET:/no/such/page?session=[redacted] not found');
    expect(log).not.toContain(token);
    expect(log).not.toContain(encodeURIComponent(token));
  });
});

describe('closing', () => {
  it('closes the hub with 1012 once, however often it is asked', async () => {
    const { hub, state } = standInHub();
    const app = buildGateway(testConfig(mock.url), { hub });
    await app.ready();
    await app.realtime.shutdown(CLOSE.SERVICE_RESTART, 'test');
    await app.close();
    expect(state.shutdowns).toEqual([{ code: CLOSE.SERVICE_RESTART, reason: 'test' }]);
  });
});
