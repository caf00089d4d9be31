import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { CODE } from '@pipstream/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMetrics, type Metrics } from '../ops/metrics.js';
import { rawRequest } from '../test-support/raw-request.js';
import {
  type Answer,
  closedPort,
  okAnswer,
  startRecordingUpstream,
} from '../test-support/recording-upstream.js';
import { type ProxyOptions, proxyRoutes } from './index.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface Started {
  app: FastifyInstance;
  url: string;
  metrics: Metrics;
}

async function startProxy(
  upstreamUrl: string,
  options: { ttlMs?: number } & Partial<Omit<ProxyOptions, 'upstreamUrl' | 'metrics'>> = {},
) {
  const app = Fastify();
  const metrics = createMetrics();
  const { ttlMs, ...limits } = options;
  await app.register(proxyRoutes, {
    timeoutMs: 2000,
    ...limits,
    upstreamUrl,
    cacheTtlMs: ttlMs ?? 1000,
    metrics,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { app, url, metrics } satisfies Started;
}

async function upstream(answer?: Answer) {
  const started = await startRecordingUpstream(answer);
  closers.push(started.close);
  return started;
}

/** Answers like `okAnswer` after `ms`, so that concurrent requests overlap at the upstream. */
const slowOk =
  (ms: number): Answer =>
  (request, res) => {
    setTimeout(() => okAnswer(request, res), ms);
  };

describe('REST proxy: pass-through', () => {
  it('passes lang, authorization, the query and the answer through unchanged', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(207, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end('{"code":1,"msg":"","data":[1,2]}');
    });
    const { url } = await startProxy(up.url);

    const res = await fetch(`${url}/v1/api/forex/my_deal?status=1&page=2&t=5`, {
      headers: { lang: 'fr', authorization: 'tok-123' },
    });

    expect(res.status).toBe(207);
    expect(res.headers.get('x-upstream')).toBe('yes');
    expect(await res.text()).toBe('{"code":1,"msg":"","data":[1,2]}');
    expect(up.requests).toHaveLength(1);
    const [seen] = up.requests;
    expect(seen?.url).toBe('/v1/api/forex/my_deal?status=1&page=2&t=5');
    expect(seen?.headers.lang).toBe('fr');
    expect(seen?.headers.authorization).toBe('tok-123');
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('passes an upstream 503 through once, without retrying it', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"code":0,"msg":"busy"}');
    });
    const { url } = await startProxy(up.url);

    const res = await fetch(`${url}/v1/api/forex/my_deal?t=1`, { headers: { authorization: 't' } });

    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ code: 0, msg: 'busy' });
    expect(up.requests).toHaveLength(1);
  });

  it('forwards form-encoded bodies byte for byte', async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url);
    const form = 'account=a%40b.com&password=p%26ss&login_type=email';

    const res = await fetch(`${url}/api/user/loginForU`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en' },
      body: form,
    });

    expect(res.status).toBe(200);
    expect(up.requests[0]?.method).toBe('POST');
    expect(up.requests[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(up.requests[0]?.body.toString()).toBe(form);
  });

  it('forwards multipart uploads with their boundary and bytes intact', async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url);
    const bytes = Buffer.alloc(300_000, 7);
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'image/png' }), 'id.png');

    const res = await fetch(`${url}/api/common/image_upload`, {
      method: 'POST',
      headers: { authorization: 'tok' },
      body: form,
    });

    expect(res.status).toBe(200);
    const seen = up.requests[0];
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.headers.authorization).toBe('tok');
    const boundary = String(seen?.headers['content-type']).split('boundary=')[1];
    expect(seen?.body.includes(bytes)).toBe(true);
    expect(seen?.body.toString('latin1')).toContain(`--${boundary}--`);
  });

  it('forwards uploaded images under /uploads and nothing outside the proxied prefixes', async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url);

    expect((await fetch(`${url}/uploads/abc.png`)).status).toBe(200);
    expect((await fetch(`${url}/__control/faults`, { method: 'POST' })).status).toBe(404);
    // Sent raw: fetch would resolve the dot segments before they leave the client.
    for (const path of [
      '/api/%2e%2e/__control/faults',
      '/api/../__control/faults',
      '/api/..%5c__control/faults',
    ]) {
      const answer = await rawRequest(url, path, { method: 'POST' });
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toMatchObject({ code: CODE.INVALID_INPUT });
    }

    expect(up.requests.map((r) => r.url)).toEqual(['/uploads/abc.png']);
  });
});

describe('REST proxy: upstream failures', () => {
  it('answers 502 with an envelope at once when the upstream is down', async () => {
    const { url, metrics } = await startProxy(`http://127.0.0.1:${await closedPort()}`);

    for (const path of ['/v1/api/forex/my_deal', '/v1/api/forex/trade_list?t=1']) {
      const started = Date.now();
      const res = await fetch(`${url}${path}`);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = await res.json();
      expect(body).toEqual({
        code: CODE.UPSTREAM_UNAVAILABLE,
        msg: expect.any(String),
        data: null,
      });
      expect(body.msg).toMatch(/cannot be reached/);
    }
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/gateway_proxy_request_duration_seconds_count\{outcome="error"\} 2/);
  });

  it('answers 504 with an envelope once the upstream is slower than the timeout', async () => {
    const up = await upstream(slowOk(5000));
    const { url } = await startProxy(up.url, { timeoutMs: 300 });

    for (const path of ['/v1/api/forex/my_deal', '/v1/api/forex/getCategories']) {
      const started = Date.now();
      const res = await fetch(`${url}${path}`);
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(250);
      expect(elapsed).toBeLessThan(1300);
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({
        code: CODE.UPSTREAM_TIMEOUT,
        msg: expect.stringMatching(/did not answer/),
        data: null,
      });
    }
  });
});

describe('REST proxy: upstream failures mid-answer', () => {
  it('answers 504 with an envelope when the body stalls after the headers', async () => {
    const up = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"code":1,');
    });
    const { url, metrics } = await startProxy(up.url, { timeoutMs: 300 });

    const res = await fetch(`${url}/v1/api/main/wallet/getBalance`, {
      headers: { authorization: 't' },
    });

    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({
      code: CODE.UPSTREAM_TIMEOUT,
      msg: expect.stringMatching(/did not answer/),
      data: null,
    });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/gateway_proxy_request_duration_seconds_count\{outcome="error"\} 1/);
  });

  it('keeps serving after a browser leaves before the upstream answers', async () => {
    const up = await upstream(slowOk(150));
    const { url } = await startProxy(up.url);

    const leaving = new AbortController();
    const left = fetch(`${url}/v1/api/forex/my_deal`, {
      headers: { authorization: 't' },
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    setTimeout(() => leaving.abort(), 30);
    expect(await left).toBeInstanceOf(Error);

    const res = await fetch(`${url}/v1/api/forex/my_deal?t=2`, { headers: { authorization: 't' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ code: 1 });
  });
});

describe("REST proxy: one address's share of the upstream", () => {
  it('sends at most its share upstream at once; the rest wait, and other addresses pass', async () => {
    const held: (() => void)[] = [];
    const up = await upstream((request, res) => {
      held.push(() => okAnswer(request, res));
    });
    const { url } = await startProxy(up.url, { upstreamPerAddress: 4, timeoutMs: 5000 });
    const from = (localAddress: string, path: string) =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          `${url}${path}`,
          { localAddress, agent: false, headers: { authorization: 't' } },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end();
      });
    const crowd = Array.from({ length: 10 }, (_, i) => from('127.0.0.2', `/api/user/info?n=${i}`));
    await vi.waitFor(() => expect(up.requests).toHaveLength(4));
    // Another address is not queued behind the crowd.
    const other = from('127.0.0.1', '/api/user/info?other');
    await vi.waitFor(() => expect(up.requests).toHaveLength(5));
    expect(up.requests.at(-1)?.url).toBe('/api/user/info?other');
    held.pop()?.();
    expect(await other).toBe(200);
    // The crowd goes through in turn, never more than its share upstream at once.
    for (let answered = 0; answered < 10; answered++) {
      await vi.waitFor(() => expect(held).toHaveLength(Math.min(4, 10 - answered)));
      held.shift()?.();
    }
    expect(await Promise.all(crowd)).toEqual(Array(10).fill(200));
  });
});

describe('REST proxy: request bodies', () => {
  it('refuses a body over the limit with 413 and never forwards it', async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url, { maxBodyBytes: 1024 });
    const res = await rawRequest(url, '/api/common/image_upload', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'x'.repeat(2048),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: CODE.INVALID_INPUT });
    expect(res.headers.connection).toBe('close');
    expect(up.requests).toHaveLength(0);
  });

  it('answers 408 and closes a connection whose body does not arrive in time; nothing goes upstream', async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url, { bodyTimeoutMs: 300 });
    const { port } = new URL(url);
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    const ended = new Promise<number>((resolve) =>
      socket.once('close', () => resolve(performance.now())),
    );
    socket.on('error', () => {});
    const sent = performance.now();
    socket.write(
      'POST /api/user/loginForU HTTP/1.1\r\nHost: x\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 61440\r\n\r\na',
    );
    // A byte now and then: never idle, never done.
    const trickle = setInterval(() => socket.writable && socket.write('a'), 50);
    const closedAt = await ended;
    clearInterval(trickle);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":422');
    expect(closedAt - sent).toBeGreaterThanOrEqual(280);
    expect(closedAt - sent).toBeLessThan(2000);
    expect(up.requests).toHaveLength(0);
    expect(up.connections).toBe(0);
  });
});

describe('REST proxy: micro-cache and single-flight', () => {
  it('makes one upstream request for 100 concurrent identical public GETs, whatever their t', async () => {
    const up = await upstream(slowOk(100));
    const { url, metrics } = await startProxy(up.url);

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${url}/v1/api/forex/trade_list?searchCurrency=EUR&t=${i}`, {
          headers: { lang: 'en' },
        }).then(async (res) => ({ status: res.status, body: await res.text() })),
      ),
    );

    expect(up.requests).toHaveLength(1);
    expect(up.requests[0]?.headers.lang).toBe('en');
    expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size).toBe(1);
    expect(answers[0]?.status).toBe(200);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/gateway_proxy_request_duration_seconds_count\{outcome="cache"\} 99/);
    expect(text).toMatch(/gateway_proxy_request_duration_seconds_count\{outcome="upstream"\} 1/);
  });

  it('serves a stored answer for the TTL, then asks the upstream again', async () => {
    const up = await upstream();
    // A TTL long enough that a loaded machine still makes the second call inside it.
    const { url } = await startProxy(up.url, { ttlMs: 800 });
    const get = (t: number) => fetch(`${url}/api/default/area_list?t=${t}`).then((r) => r.json());

    expect(await get(1)).toMatchObject({ code: 1 });
    expect(await get(2)).toMatchObject({ code: 1 });
    expect(up.requests).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 900));
    await get(3);
    expect(up.requests).toHaveLength(2);
  });

  it('keys answers by query (without t) and by lang', async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url);
    const get = (query: string, lang: string) =>
      fetch(`${url}/v1/api/forex/kline?${query}`, { headers: { lang } }).then((r) => r.json());

    await get('forex_id=1&period=1min&t=1', 'en');
    await get('t=2&period=1min&forex_id=1', 'en');
    await get('forex_id=1&period=1min&t=3', 'de');
    await get('forex_id=2&period=1min&t=4', 'en');

    expect(up.requests.map((r) => `${r.url} ${r.headers.lang}`)).toEqual([
      '/v1/api/forex/kline?forex_id=1&period=1min&t=1 en',
      '/v1/api/forex/kline?forex_id=1&period=1min&t=3 de',
      '/v1/api/forex/kline?forex_id=2&period=1min&t=4 en',
    ]);
  });

  it('never caches nor coalesces a request that carries a token', async () => {
    const up = await upstream(slowOk(50));
    const { url } = await startProxy(up.url);
    const get = (token: string) =>
      fetch(`${url}/v1/api/forex/trade_list?t=1`, { headers: { authorization: token } });

    await Promise.all([get('alice'), get('alice'), get('bob')]);
    await get('alice');

    expect(up.requests.map((r) => r.headers.authorization)).toEqual(
      expect.arrayContaining(['alice', 'alice', 'bob', 'alice']),
    );
    expect(up.requests).toHaveLength(4);
  });

  it('keeps only code-1 answers: a refusal is shared with concurrent callers, never stored', async () => {
    const up = await upstream((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: CODE.FAILED, msg: 'maintenance' }));
      }, 50);
    });
    const { url } = await startProxy(up.url);
    const get = () =>
      fetch(`${url}/api/basicSet/getBasicInfo`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));

    const concurrent = await Promise.all([get(), get(), get()]);
    expect(up.requests).toHaveLength(1);
    expect(concurrent.every((a) => a.body.msg === 'maintenance')).toBe(true);
    await get();
    expect(up.requests).toHaveLength(2);
  });

  it("fetches a miss through the proxy's keep-alive pool, on the forwarded calls' connection", async () => {
    const up = await upstream();
    const { url } = await startProxy(up.url);
    const tokenCall = () =>
      fetch(`${url}/v1/api/forex/my_deal?t=1`, { headers: { authorization: 't' } });

    expect((await tokenCall()).status).toBe(200);
    expect((await fetch(`${url}/v1/api/forex/trade_list?t=2`)).status).toBe(200);
    expect((await tokenCall()).status).toBe(200);

    expect(up.requests.map((r) => r.headers.authorization)).toEqual(['t', undefined, 't']);
    // One at a time, all three went out on the pool's one warm connection.
    expect(up.connections).toBe(1);
  });

  it('does not share GETs of calls outside the public list', async () => {
    const up = await upstream(slowOk(50));
    const { url } = await startProxy(up.url);

    await Promise.all([1, 2, 3].map(() => fetch(`${url}/api/news/info?id=1&t=1`)));

    expect(up.requests).toHaveLength(3);
  });
});
