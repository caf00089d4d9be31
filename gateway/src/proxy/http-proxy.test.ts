import type { ServerResponse } from 'node:http';
import { CODE } from '@pipstream/protocol';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from '../ops/metrics.js';
import { rawRequest } from '../test-support/raw-request.js';
import { type Answer, startRecordingUpstream } from '../test-support/recording-upstream.js';
import { BUFFER_LIMIT } from './answer.js';
import { proxyRoutes } from './index.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function upstream(answer?: Answer) {
  const started = await startRecordingUpstream(answer);
  closers.push(started.close);
  return started;
}

async function startProxy(upstreamUrl: string, timeoutMs = 2000) {
  const app = Fastify();
  await app.register(proxyRoutes, {
    upstreamUrl,
    timeoutMs,
    cacheTtlMs: 1000,
    metrics: createMetrics(),
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return url;
}

const waitFor = async (check: () => boolean, ms = 3000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('REST proxy: answers', () => {
  it('sends a small answer whole, with its own length, and streams a large one intact', async () => {
    const large = Buffer.alloc(BUFFER_LIMIT * 3, 'x');
    const up = await upstream((request, res) => {
      const body = request.url.startsWith('/api/large') ? large : Buffer.from('{"code":1}');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    const url = await startProxy(up.url);

    const small = await fetch(`${url}/api/small`);
    expect(small.headers.get('content-length')).toBe('10');
    expect(await small.text()).toBe('{"code":1}');

    const streamed = await fetch(`${url}/api/large`);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-length')).toBe(String(large.length));
    expect(Buffer.from(await streamed.arrayBuffer()).equals(large)).toBe(true);
  });

  it('reads unsized JSON whole up to the limit, and streams the rest of a longer one', async () => {
    const long = Buffer.from(JSON.stringify({ code: 1, data: 'x'.repeat(BUFFER_LIMIT * 2) }));
    const up = await upstream((request, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      const body = request.url.startsWith('/api/long') ? long : Buffer.from('{"code":1}');
      // In pieces, without a length: as an upstream streaming its JSON.
      res.write(body.subarray(0, 5));
      setTimeout(() => res.end(body.subarray(5)), 20);
    });
    const url = await startProxy(up.url);

    const short = await fetch(`${url}/api/short`);
    expect(short.headers.get('content-length')).toBe('10');
    expect(await short.text()).toBe('{"code":1}');
    const streamed = await fetch(`${url}/api/long`);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect(Buffer.from(await streamed.arrayBuffer()).equals(long)).toBe(true);
  });

  it('streams an answer of unknown length, and passes HEAD and 204 through without a body', async () => {
    const up = await upstream((request, res) => {
      if (request.url === '/api/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('part one, ');
        setTimeout(() => res.end('part two'), 20);
      } else if (request.method === 'HEAD') {
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': '1234' });
        res.end();
      } else {
        res.writeHead(204);
        res.end();
      }
    });
    const url = await startProxy(up.url);

    expect(await (await fetch(`${url}/api/chunked`)).text()).toBe('part one, part two');
    const head = await fetch(`${url}/uploads/image.png`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1234');
    const empty = await fetch(`${url}/api/nothing`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });
});

describe('REST proxy: hop-by-hop headers', () => {
  it('drops them from the request, names the upstream host and appends the browser to X-Forwarded-For', async () => {
    const up = await upstream();
    const url = await startProxy(up.url);

    const answer = await rawRequest(url, '/api/x?a=1', {
      method: 'POST',
      headers: {
        connection: 'keep-alive, x-hop',
        'keep-alive': 'timeout=5',
        'x-hop': 'secret',
        'proxy-connection': 'keep-alive',
        upgrade: 'h2c',
        expect: '100-continue',
        te: 'trailers',
        'x-forwarded-for': '10.0.0.1',
        lang: 'de',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'a=1',
    });

    expect(answer.status).toBe(200);
    const seen = up.requests[0]?.headers ?? {};
    for (const name of ['x-hop', 'keep-alive', 'proxy-connection', 'upgrade', 'expect']) {
      expect(seen[name], name).toBeUndefined();
    }
    expect(seen.te).toBe('trailers');
    expect(seen.host).toBe(new URL(up.url).host);
    expect(seen['x-forwarded-for']).toBe('10.0.0.1, 127.0.0.1');
    expect(seen.lang).toBe('de');
    expect(up.requests[0]?.url).toBe('/api/x?a=1');
    expect(up.requests[0]?.body.toString()).toBe('a=1');
  });

  it("drops them from the upstream's answer, keeping the browser's connection open", async () => {
    const up = await upstream((_request, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        connection: 'keep-alive, x-upstream-hop',
        'keep-alive': 'timeout=1',
        'x-upstream-hop': 'mine',
        'x-kept': 'yes',
      });
      res.end('{"code":1}');
    });
    const url = await startProxy(up.url);

    const answer = await rawRequest(url, '/v1/api/forex/my_deal', {
      headers: { authorization: 't' },
    });

    expect(answer.status).toBe(200);
    expect(answer.headers['x-kept']).toBe('yes');
    expect(answer.headers['x-upstream-hop']).toBeUndefined();
    expect(answer.headers['keep-alive']).not.toBe('timeout=1');
  });
});

describe('REST proxy: destinations', () => {
  it('forwards dots and escapes that stay inside the prefix unchanged', async () => {
    const up = await upstream();
    const url = await startProxy(up.url);
    const paths = [
      '/v1/api/forex/kline?from=1.5&to=..&name=%2e%2e',
      '/uploads/photo.v2.png',
      '/api/a%20b',
    ];
    for (const path of paths) expect((await rawRequest(url, path)).status, path).toBe(200);
    expect(up.requests.map((request) => request.url)).toEqual(paths);
  });

  it('refuses dot segments however spelt, broken escapes and absolute URLs, forwarding nothing', async () => {
    const up = await upstream();
    const url = await startProxy(up.url);
    for (const path of [
      '/api/../__control/faults',
      '/api/%2e%2e/__control/faults',
      '/api/%2E%2E/x',
      '/api/..%5c__control/faults',
      '/api/..\\x',
      '/uploads/%2e%2e/__control',
    ]) {
      const answer = await rawRequest(url, path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body), path).toMatchObject({ code: CODE.INVALID_INPUT });
    }
    // Paths that only start like a forwarded prefix, and uploads written to, are not forwarded.
    expect((await rawRequest(url, '/apix/y')).status).toBe(404);
    expect((await rawRequest(url, '/v1/apiary')).status).toBe(404);
    expect((await rawRequest(url, '/uploads/x.png', { method: 'POST' })).status).toBe(404);
    // A broken escape: the router refuses it before any route (Fastify's own 400).
    expect((await rawRequest(url, '/api/%E0%A4%A')).status).toBe(400);
    // An absolute URL as the request target names another host: never forwarded anywhere.
    const absolute = await rawRequest(url, `${up.url}/__control/faults`);
    expect(absolute.status).toBeGreaterThanOrEqual(400);
    expect(absolute.status).toBeLessThan(500);
    expect(up.requests).toEqual([]);
  });
});

describe('REST proxy: protocol-relative paths', () => {
  it('forwards none: a path starting with // is under no prefix, a 404 whatever host it names', async () => {
    const up = await upstream();
    const url = await startProxy(up.url);
    for (const path of [
      '//evil.example/api',
      '//evil.example/api/x?y=1',
      // A public call the micro-cache would answer, were it read as `/v1/api/…`.
      '//evil.example/v1/api/forex/trade_list',
      `//${new URL(up.url).host}/api/x`,
      '///evil.example/uploads/a.png',
    ]) {
      const answer = await rawRequest(url, path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.body), path).toMatchObject({ statusCode: 404 });
    }
    expect(up.requests).toEqual([]);
  });

  it('sends a // inside a prefix to the upstream as a path, never to the host it names', async () => {
    const up = await upstream();
    const url = await startProxy(up.url);

    expect((await rawRequest(url, '/api//evil.example/x')).status).toBe(200);

    expect(up.requests.map((request) => request.url)).toEqual(['/api//evil.example/x']);
    expect(up.requests[0]?.headers.host).toBe(new URL(up.url).host);
  });
});

describe('REST proxy: the browser leaving', () => {
  // Far beyond the test's patience: only the browser's leaving can end the upstream request.
  const PATIENT_MS = 30_000;

  it('aborts the upstream request still waiting for its answer', async () => {
    let upstreamAnswer: ServerResponse | undefined;
    const up = await upstream((_request, res) => {
      upstreamAnswer = res; // never answered: only the gateway can end it
    });
    const url = await startProxy(up.url, PATIENT_MS);

    const leaving = new AbortController();
    const left = fetch(`${url}/v1/api/forex/my_deal`, {
      headers: { authorization: 't' },
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await waitFor(() => upstreamAnswer !== undefined);
    leaving.abort();
    expect(await left).toBeInstanceOf(Error);

    await waitFor(() => upstreamAnswer?.closed === true);
    expect(upstreamAnswer?.writableFinished).toBe(false);
  });

  it('aborts the upstream request whose large answer is still streaming', async () => {
    let upstreamAnswer: ServerResponse | undefined;
    const up = await upstream((_request, res) => {
      upstreamAnswer = res;
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(Buffer.alloc(BUFFER_LIMIT * 2, 1)); // and never ends
    });
    const url = await startProxy(up.url, PATIENT_MS);

    const leaving = new AbortController();
    const res = await fetch(`${url}/uploads/big.png`, { signal: leaving.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    leaving.abort();

    await waitFor(() => upstreamAnswer?.closed === true);
    expect(upstreamAnswer?.writableFinished).toBe(false);
  });
});
