import { request as httpRequest } from 'node:http';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type Answer, startRecordingUpstream } from '../test-support/recording-upstream.js';
import { checkDestination, createForwarder } from './forward.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

async function upstream(answer?: Answer) {
  const started = await startRecordingUpstream(answer);
  closers.push(started.close);
  return started;
}

/** A server that forwards everything under /api with a forwarder of its own. */
async function startForwarding(upstreamUrl: string, bufferLimit: number) {
  const forwarder = createForwarder({ upstreamUrl, timeoutMs: 2000, bufferLimit });
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
  app.all('/api/*', async (request, reply) => {
    await forwarder.forward(request, reply);
    return reply;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(async () => {
    await app.close();
    await forwarder.close();
  });
  return url;
}

/** A GET sent with raw headers, as `fetch` would not send `connection` or `keep-alive`. */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('forwarder: answers', () => {
  it('sends a small answer whole, with its own length, and streams a large one intact', async () => {
    const large = Buffer.alloc(200_000, 'x');
    const up = await upstream((request, res) => {
      const body = request.url.startsWith('/api/large') ? large : Buffer.from('{"code":1}');
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    const url = await startForwarding(up.url, 1024);

    const small = await fetch(`${url}/api/small`);
    expect(small.headers.get('content-length')).toBe('10');
    expect(await small.text()).toBe('{"code":1}');

    const streamed = await fetch(`${url}/api/large`);
    expect(streamed.status).toBe(200);
    expect(streamed.headers.get('content-length')).toBe(String(large.length));
    expect(Buffer.from(await streamed.arrayBuffer()).equals(large)).toBe(true);
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
    const url = await startForwarding(up.url, 1024);

    expect(await (await fetch(`${url}/api/chunked`)).text()).toBe('part one, part two');
    const head = await fetch(`${url}/api/image`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1234');
    const empty = await fetch(`${url}/api/nothing`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });
});

describe('forwarder: request headers', () => {
  it('drops hop-by-hop headers and those the connection header names, and names the upstream host', async () => {
    const up = await upstream();
    const url = await startForwarding(up.url, 1024);

    const status = await rawGet(`${url}/api/x?a=1`, {
      connection: 'keep-alive, x-hop',
      'keep-alive': 'timeout=5',
      'x-hop': 'secret',
      'proxy-connection': 'keep-alive',
      'x-forwarded-for': '10.0.0.1',
      lang: 'de',
    });

    expect(status).toBe(200);
    const seen = up.requests[0]?.headers ?? {};
    expect(seen['x-hop']).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
    expect(seen['proxy-connection']).toBeUndefined();
    expect(seen.host).toBe(new URL(up.url).host);
    expect(seen['x-forwarded-for']).toBe('10.0.0.1, 127.0.0.1');
    expect(seen.lang).toBe('de');
    expect(up.requests[0]?.url).toBe('/api/x?a=1');
  });
});

describe('checkDestination', () => {
  it('lets API paths through, dots and escapes in the query included', () => {
    for (const url of [
      '/api/user/info',
      '/v1/api/forex/kline?from=1.5&to=..&name=%2e%2e',
      '/uploads/photo.v2.png',
      '/api/a%20b',
    ]) {
      expect(() => checkDestination(url), url).not.toThrow();
    }
  });

  it('refuses dot segments however spelt, protocol-relative paths and broken escapes', () => {
    for (const url of [
      '/api/../__control/faults',
      '/api/%2e%2e/__control/faults',
      '/api/%2E%2E/x',
      '/api/..%5c__control/faults',
      '/api/..\\x',
      '//evil.example/api',
      '/api/%E0%A4%A',
    ]) {
      expect(() => checkDestination(url), url).toThrow(/invalid characters/);
    }
  });
});
