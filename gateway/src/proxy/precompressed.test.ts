import { createServer, type IncomingHttpHeaders, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as zlib from 'node:zlib';
import compress from '@fastify/compress';
import { CODE } from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from '../ops/metrics.js';
import { proxyRoutes } from './index.js';
import {
  type CompressibleAnswer,
  type ContentCoding,
  compressBody,
  createPrecompressor,
  negotiateEncoding,
} from './precompressed.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the socket, not decompressed. */
  body: Buffer;
}

/** A GET with exactly `headers` (fetch would add its own accept-encoding and decompress). */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** The bytes of `answer` as its `content-encoding` says they were compressed. */
function decoded(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  switch (coding) {
    case undefined:
      return answer.body;
    case 'gzip':
      return zlib.gunzipSync(answer.body);
    case 'br':
      return zlib.brotliDecompressSync(answer.body);
    case 'deflate':
      return zlib.inflateSync(answer.body);
    case 'zstd': {
      const { zstdDecompressSync } = zlib as unknown as {
        zstdDecompressSync: (body: Buffer) => Buffer;
      };
      return zstdDecompressSync(answer.body);
    }
    default:
      throw new Error(`unexpected content-encoding ${coding}`);
  }
}

/** `compressBody`, recording which encodings it was asked for. */
function countingCompress() {
  const calls: ContentCoding[] = [];
  const compress = (coding: ContentCoding, body: Buffer) => {
    calls.push(coding);
    return compressBody(coding, body);
  };
  return { calls, compress };
}

const json = (text: string) => Buffer.from(text);
const bigJson = json(
  JSON.stringify({
    code: 1,
    msg: '',
    data: Array.from({ length: 200 }, (_, i) => ({ id: i, pair: `EUR/USD ${i}` })),
  }),
);

function answer(
  body: Buffer,
  headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' },
  status = 200,
): CompressibleAnswer {
  return { status, headers, body };
}

/** The accept-encoding headers browsers and odder clients send; `undefined`: none at all. */
const ACCEPT_ENCODINGS = [
  undefined,
  '',
  'gzip',
  'br',
  'deflate',
  'gzip, deflate, br',
  'gzip, deflate, br, zstd',
  'GZIP, Deflate',
  'x-gzip',
  '*',
  '*;q=0.5, br;q=0.4',
  'identity',
  'identity, gzip;q=0',
  'identity;q=1, br;q=0.5',
  'gzip;q=1, identity;q=0.5',
  'gzip;q=0',
  'br;q=0, gzip',
  'gzip;q=0.5, br;q=0.4',
  'gzip ; q=0.8 , br ; q=0.9',
  'br;q=1.0, gzip;q=1.0',
  'deflate;q=0.9, gzip;q=0.9',
  'deflate, gzip;q=0.5',
  'compress',
  'compress, identity;q=0',
];

describe('precompressed answers: the same decision as @fastify/compress', () => {
  it('negotiates q-values and identity as @fastify/compress reads them', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(negotiateEncoding('identity;q=1, br;q=0.5')).toBe('identity');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('*')).toBe('gzip');
  });

  // The reference is @fastify/compress itself, registered as server.ts registers it: one route
  // sends the plain body and lets it decide, the other sends what the precompressor makes of it.
  it('picks the encoding @fastify/compress would, for every accept-encoding and kind of body', async () => {
    const app = Fastify();
    await app.register(compress, { globalDecompression: false });
    const precompressor = createPrecompressor();
    const bodies: Record<string, CompressibleAnswer> = {
      json: answer(bigJson),
      text: answer(Buffer.from('x'.repeat(4000)), { 'content-type': 'text/plain' }),
      untyped: answer(bigJson, {}),
      small: answer(json('{"code":1,"msg":"","data":[]}')),
      png: answer(Buffer.alloc(4000, 1), { 'content-type': 'image/png' }),
      svg: answer(Buffer.from(`<svg>${' '.repeat(4000)}</svg>`), {
        'content-type': 'image/svg+xml',
      }),
      'not found': answer(bigJson, { 'content-type': 'application/json' }, 404),
    };
    app.get('/:kind/:how', async (request, reply) => {
      const { kind = '', how } = request.params as { kind: string; how: string };
      const plain = bodies[kind];
      if (!plain) throw new Error(kind);
      const sent =
        how === 'pre' ? await precompressor.representation(plain, request.headers) : plain;
      return reply.code(plain.status).headers(sent.headers).send(sent.body);
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());

    for (const kind of Object.keys(bodies)) {
      for (const acceptEncoding of [...ACCEPT_ENCODINGS, 'NO-COMPRESSION']) {
        const headers: Record<string, string> =
          acceptEncoding === 'NO-COMPRESSION'
            ? { 'accept-encoding': 'gzip', 'x-no-compression': '1' }
            : acceptEncoding === undefined
              ? {}
              : { 'accept-encoding': acceptEncoding };
        const [reference, pre] = await Promise.all([
          rawGet(`${url}/${kind}/plain`, headers),
          rawGet(`${url}/${kind}/pre`, headers),
        ]);
        const label = `${kind} with ${JSON.stringify(headers)}`;
        expect(pre.status, label).toBe(reference.status);
        expect(pre.headers['content-encoding'], label).toBe(reference.headers['content-encoding']);
        expect(pre.headers.vary, label).toBe(reference.headers.vary);
        expect(Number(pre.headers['content-length']), label).toBe(pre.body.length);
        expect(decoded(pre).equals(decoded(reference)), label).toBe(true);
      }
    }
  });
});

describe('precompressed answers: once per answer and encoding', () => {
  it('compresses an answer once per encoding, however many requests ask and however concurrently', async () => {
    const { calls, compress: counted } = countingCompress();
    const precompressor = createPrecompressor({ compress: counted });
    const shared = answer(bigJson);

    const first = await Promise.all(
      Array.from({ length: 10 }, () =>
        precompressor.representation(shared, { 'accept-encoding': 'gzip, deflate, br' }),
      ),
    );
    const gzip = await precompressor.representation(shared, { 'accept-encoding': 'gzip' });
    const again = await precompressor.representation(shared, { 'accept-encoding': 'br' });
    const plain = await precompressor.representation(shared, { 'accept-encoding': 'identity' });

    expect(calls).toEqual(['br', 'gzip']);
    expect(new Set(first).size).toBe(1);
    expect(again).toBe(first[0]);
    expect(first[0]?.headers).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'content-encoding': 'br',
      vary: 'accept-encoding',
    });
    expect(zlib.brotliDecompressSync(first[0]?.body ?? Buffer.alloc(0)).equals(bigJson)).toBe(true);
    expect(zlib.gunzipSync(gzip.body).equals(bigJson)).toBe(true);
    expect(plain).toBe(shared);

    // The next TTL's answer is another object: compressed anew.
    await precompressor.representation(answer(bigJson), { 'accept-encoding': 'br' });
    expect(calls).toEqual(['br', 'gzip', 'br']);
  });

  it('keeps a vary the answer already has, and leaves small bodies alone', async () => {
    const { calls, compress: counted } = countingCompress();
    const precompressor = createPrecompressor({ compress: counted, threshold: 100 });
    const varied = answer(bigJson, { 'content-type': 'application/json', vary: 'lang' });

    const sent = await precompressor.representation(varied, { 'accept-encoding': 'gzip' });
    expect(sent.headers.vary).toBe('lang, accept-encoding');

    const small = answer(json('{"code":1}'));
    expect(await precompressor.representation(small, { 'accept-encoding': 'gzip' })).toBe(small);
    expect(calls).toEqual(['gzip']);
  });

  it('does not keep a failed compression: the request fails, the next one tries again', async () => {
    let failures = 1;
    const precompressor = createPrecompressor({
      compress: async (coding, body) => {
        if (failures-- > 0) throw new Error('out of memory');
        return compressBody(coding, body);
      },
    });
    const shared = answer(bigJson);
    const headers = { 'accept-encoding': 'gzip' };

    await expect(precompressor.representation(shared, headers)).rejects.toThrow('out of memory');
    const sent = await precompressor.representation(shared, headers);
    expect(zlib.gunzipSync(sent.body).equals(bigJson)).toBe(true);
  });
});

describe('REST proxy behind @fastify/compress, in front of the mock upstream', () => {
  let mock: MockUpstream;
  beforeAll(async () => {
    // Its slowest tick: the trade list does not change between the tests' requests.
    mock = await createMockUpstream({ port: 0, data: ':memory:', tickMs: 60_000 });
  });
  afterAll(() => mock.close());

  /** The gateway's REST side as server.ts builds it, its compressions counted. */
  async function startGateway() {
    const { calls, compress: counted } = countingCompress();
    const app = Fastify();
    await app.register(compress, { globalDecompression: false });
    await app.register(proxyRoutes, {
      upstreamUrl: mock.url,
      timeoutMs: 5000,
      // Long enough that every request of a test lands inside one TTL, however loaded the host.
      cacheTtlMs: 60_000,
      metrics: createMetrics(),
      precompressor: createPrecompressor({ compress: counted }),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    return { url, calls };
  }

  it('sends a cached answer compressed once per encoding, decompressing to the plain body', async () => {
    const { url, calls } = await startGateway();
    const tradeList = `${url}/v1/api/forex/trade_list?t=1`;

    const plain = await rawGet(tradeList, { lang: 'en' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(JSON.parse(plain.body.toString())).toMatchObject({ code: CODE.OK });

    for (const [acceptEncoding, coding] of [
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      for (let t = 2; t < 5; t++) {
        const res = await rawGet(`${url}/v1/api/forex/trade_list?t=${t}`, {
          lang: 'en',
          'accept-encoding': acceptEncoding,
        });
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding'], acceptEncoding).toBe(coding);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(res.headers['content-type']).toBe(plain.headers['content-type']);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(res.body.length).toBeLessThan(plain.body.length / 2);
        expect(decoded(res).equals(plain.body), acceptEncoding).toBe(true);
      }
    }
    // One compression per encoding for the whole TTL, not one per request.
    expect(calls).toEqual(['gzip', 'br']);
  });

  it('compresses once for a burst of concurrent requests that share one upstream request', async () => {
    const { url, calls } = await startGateway();

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, t) =>
        rawGet(`${url}/v1/api/forex/kline?forex_id=1&period=1min&t=${t}`, {
          'accept-encoding': 'gzip, deflate, br',
        }),
      ),
    );

    expect(calls).toEqual(['br']);
    expect(answers.every((a) => a.headers['content-encoding'] === 'br')).toBe(true);
    expect(new Set(answers.map((a) => a.body.toString('base64'))).size).toBe(1);
  });

  it('sends the plain body to identity and to clients that accept no encoding', async () => {
    const { url, calls } = await startGateway();
    const tradeList = `${url}/v1/api/forex/trade_list?t=1`;

    const plain = await rawGet(tradeList);
    for (const acceptEncoding of ['identity', 'gzip;q=0, identity', 'compress']) {
      const res = await rawGet(tradeList, { 'accept-encoding': acceptEncoding });
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.headers.vary, acceptEncoding).toBeUndefined();
      expect(res.body.equals(plain.body), acceptEncoding).toBe(true);
    }
    // Too small to be worth it, as @fastify/compress decides: plain, nothing compressed.
    const categories = await rawGet(`${url}/v1/api/forex/getCategories?t=1`, {
      'accept-encoding': 'gzip, br',
    });
    expect(categories.body.length).toBeLessThan(1024);
    expect(categories.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(categories.body.toString())).toMatchObject({ code: CODE.OK });
    expect(calls).toEqual([]);
  });

  it('leaves a token-carrying call to the proxy and @fastify/compress, as before', async () => {
    const { url, calls } = await startGateway();

    for (const t of [1, 2]) {
      const res = await rawGet(`${url}/v1/api/forex/trade_list?t=${t}`, {
        authorization: 'some-token',
        'accept-encoding': 'gzip',
      });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(decoded(res).toString())).toMatchObject({ code: CODE.OK });
    }
    expect(calls).toEqual([]);
  });
});

describe('forwarded answers on their way through the gateway', () => {
  /** An upstream answering a big and a small JSON, and one it gzipped itself. */
  async function startUpstream() {
    const small = json(JSON.stringify({ code: 1, msg: '', data: { balance: '100000.00' } }));
    const upstream = createServer((req, res) => {
      const gzipped = req.url?.startsWith('/api/own-gzip');
      const body = req.url?.startsWith('/api/small') ? small : bigJson;
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        ...(gzipped && { 'content-encoding': 'gzip' }),
      });
      res.end(gzipped ? zlib.gzipSync(body) : body);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => upstream.close(resolve)));
    const app = Fastify();
    await app.register(compress, { globalDecompression: false });
    await app.register(proxyRoutes, {
      upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
      timeoutMs: 5000,
      cacheTtlMs: 60_000,
      metrics: createMetrics(),
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    return { url, small };
  }

  it('compresses JSON over the threshold per accept-encoding; leaves the rest as it came', async () => {
    const { url, small } = await startUpstream();
    const asUser = { authorization: 'a-token' };
    for (const [acceptEncoding, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const big = await rawGet(`${url}/api/big`, { ...asUser, 'accept-encoding': acceptEncoding });
      expect(big.headers['content-encoding'], acceptEncoding).toBe(coding);
      expect(decoded(big).equals(bigJson), acceptEncoding).toBe(true);
      if (coding) expect(big.body.length).toBeLessThan(bigJson.length / 4);
    }
    const tiny = await rawGet(`${url}/api/small`, { ...asUser, 'accept-encoding': 'br' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.equals(small)).toBe(true);
    // Compressed by the upstream already: passed on as it is, never twice.
    const own = await rawGet(`${url}/api/own-gzip`, { ...asUser, 'accept-encoding': 'gzip, br' });
    expect(own.headers['content-encoding']).toBe('gzip');
    expect(decoded(own).equals(bigJson)).toBe(true);
  });
});
