import { CLOSE, CODE } from '@pipstream/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { RealtimeOptions } from '../options.js';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream.js';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from '../test-support/harness.js';

let upstream: FakeUpstream;
let gateway: Gateway | undefined;
const browsers: TestBrowser[] = [];

async function start(overrides: Partial<RealtimeOptions> = {}) {
  gateway = await startGateway(upstream.url, overrides);
  await waitFor(() => gateway?.hub.ready() ?? false, 'the hub to be ready');
  return gateway;
}

async function browser(options: Parameters<typeof openBrowser>[1] = {}) {
  if (!gateway) throw new Error('start the gateway first');
  const b = await openBrowser(gateway.wsUrl, options);
  browsers.push(b);
  return b;
}

/** The HTTP status a refused handshake got. */
function handshakeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    socket.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.terminate();
      reject(new Error('handshake accepted'));
    });
    socket.on('error', () => {});
  });
}

beforeEach(async () => {
  upstream = await startFakeUpstream();
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.close();
  await gateway?.close();
  gateway = undefined;
  await upstream.close();
});

describe('browser heartbeat and validation', () => {
  it('answers ping with pong itself', async () => {
    await start({ heartbeatMs: 60_000 });
    const b = await browser({ pingMs: 0 });
    b.send('ping');
    await b.next((f) => f.type === 'pong');
    expect(upstream.publicOpen()[0]?.received).toEqual([]);
  });

  it('closes a browser silent for three heartbeat intervals with CLOSE.IDLE', async () => {
    await start({ heartbeatMs: 100 });
    const quiet = await browser({ pingMs: 0 });
    const chatty = await browser({ pingMs: 50 });
    const started = Date.now();
    expect(await quiet.closed).toBe(CLOSE.IDLE);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(chatty.socket.readyState).toBe(WebSocket.OPEN);
    await waitFor(() => gateway?.hub.stats().browsers === 1, 'the idle browser released');
  });

  it('answers malformed, invalid and binary frames with an error frame', async () => {
    await start();
    const b = await browser();
    b.send('{not json');
    b.send({ type: 'sub' });
    b.send({ type: 'login', token: '' });
    b.send([1, 2]);
    b.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    await waitFor(() => b.ofType('error').length === 5, 'five error frames');
    for (const error of b.ofType('error')) expect(error.code).toBe(CODE.INVALID_INPUT);
    expect(b.ofType('error').map((e) => e.msg)).toEqual([
      expect.stringContaining('not JSON'),
      expect.stringContaining('param'),
      expect.stringContaining('token'),
      expect.any(String),
      expect.stringContaining('binary'),
    ]);
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes with CLOSE.BAD_FRAMES past badFrameLimit within the window', async () => {
    await start({ badFrameLimit: 5 });
    const b = await browser();
    for (let i = 0; i < 6; i++) b.send('nope');
    expect(await b.closed).toBe(CLOSE.BAD_FRAMES);
    expect(b.ofType('error')).toHaveLength(5);
  });

  it('forgives bad frames once their window has passed', async () => {
    await start({ badFrameLimit: 3, badFrameWindowMs: 100 });
    const b = await browser();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 3; i++) b.send('nope');
      await waitFor(() => b.ofType('error').length === 3 * (round + 1), 'the error frames');
      await sleep(120);
    }
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('names an unknown topic in an error frame, then closes with CLOSE.UNKNOWN_TOPIC', async () => {
    await start();
    const b = await browser();
    b.send({ type: 'sub', param: 'KLINE.EURUSD.2min' });
    expect(await b.closed).toBe(CLOSE.UNKNOWN_TOPIC);
    expect(b.ofType('error')[0]?.msg).toContain('KLINE.EURUSD.2min');
  });

  it('closes with CLOSE.TOO_MANY_SUBSCRIPTIONS past maxSubscriptions', async () => {
    await start({ maxSubscriptions: 3 });
    const b = await browser();
    for (const code of ['A', 'B', 'C']) b.send({ type: 'sub', param: `KLINE.${code}.1min` });
    b.send({ type: 'sub', param: 'KLINE.A.1min' });
    await sleep(50);
    expect(b.socket.readyState).toBe(WebSocket.OPEN);
    b.send({ type: 'sub', param: 'DAY_MARKET' });
    expect(await b.closed).toBe(CLOSE.TOO_MANY_SUBSCRIPTIONS);
    // Its subscriptions leave with it.
    await waitFor(() => gateway?.hub.stats().topics.length === 0, 'the topics released');
  });

  it('closes with 1009 a frame over maxFrameBytes', async () => {
    await start({ maxFrameBytes: 1024 });
    const b = await browser();
    // Just under the limit: read, and refused by the schema (tokens are at most 512 long).
    b.send({ type: 'login', token: 'x'.repeat(900) });
    await b.next((f) => f.type === 'error');
    b.send({ type: 'login', token: 'x'.repeat(2000) });
    expect(await b.closed).toBe(CLOSE.TOO_BIG);
    const bad = await gateway?.metrics.badFrames.get();
    expect(bad?.values.find((v) => v.labels.reason === 'oversized')?.value).toBe(1);
  });
});

describe('per-socket memory', () => {
  it("lets go of the upgrade's request and reply: the socket's only 'error' listener is the hub's", async () => {
    const g = await start();
    await browser();
    const sockets = [...(g.app.websocketServer?.clients ?? [])];
    expect(sockets).toHaveLength(1);
    // @fastify/websocket's listener closes over the request and reply of the handshake.
    expect(sockets[0]?.listenerCount('error')).toBe(1);
  });
});

describe('admission', () => {
  it('refuses a foreign Origin with 403 before the upgrade; lets allowed and absent ones in', async () => {
    const g = await start({ allowedOrigins: ['https://app.example.com'] });
    expect(await handshakeStatus(g.wsUrl, 'https://evil.example.com')).toBe(403);
    await browser({ origin: 'https://app.example.com' });
    await browser({ origin: 'https://APP.example.com:443' });
    await browser();
    expect(g.hub.stats().browsers).toBe(3);
  });

  it("allows every origin with '*'", async () => {
    await start({ allowedOrigins: '*' });
    await browser({ origin: 'https://anywhere.example' });
  });

  it('refuses connections past the per-IP limit with 429, and counts them back down', async () => {
    const g = await start({ maxConnectionsPerIp: 3, connectionsPerIpPerSecond: 1000 });
    const open = await Promise.all([1, 2, 3].map(() => browser()));
    expect(await handshakeStatus(g.wsUrl)).toBe(429);
    open[0]?.close();
    await waitFor(() => g.hub.stats().browsers === 2, 'the closed one released');
    await browser();
  });

  it('lets 500 sockets from one address in at once under the default limits', async () => {
    // Phones behind one carrier address, all reconnecting together after a restart.
    const g = await start({ heartbeatMs: 5000 });
    const phones = await Promise.all(
      Array.from({ length: 500 }, () => browser({ pingMs: 0 }).then(() => 'open' as const)),
    );
    expect(phones.filter((state) => state === 'open')).toHaveLength(500);
    expect(g.hub.stats().browsers).toBe(500);
  });

  it('refuses new sockets past the per-address rate with 429, whatever it holds', async () => {
    const g = await start({ maxConnectionsPerIp: 4, connectionsPerIpPerSecond: 1 });
    const first = await Promise.all([1, 2, 3, 4].map(() => browser()));
    for (const b of first) b.close();
    await waitFor(() => g.hub.stats().browsers === 0, 'all four released');
    // Nothing held, but the burst is spent: reconnecting in a loop is paced.
    expect(await handshakeStatus(g.wsUrl)).toBe(429);
    expect(await g.metrics.connectionsRefused.get()).toMatchObject({
      values: [{ labels: { reason: 'ip_rate' }, value: 1 }],
    });
    await sleep(1100);
    await browser();
  });

  it('offers permessage-deflate unless told not to', async () => {
    await start();
    const deflating = await browser();
    expect(deflating.socket.extensions).toBe('permessage-deflate');
    await gateway?.close();
    gateway = undefined;
    await start({ perMessageDeflate: false });
    const plain = await browser();
    expect(plain.socket.extensions).toBe('');
  });
});

describe('shutdown', () => {
  it('closes every browser with 1012 and every upstream, then refuses newcomers', async () => {
    const g = await start();
    const many = await Promise.all([1, 2, 3, 4].map(() => browser()));
    many[0]?.send({ type: 'login', token: 'good-zed' });
    await many[0]?.next((f) => f.type === 'login_result');
    await g.hub.shutdown();
    const codes = await Promise.all(many.map((b) => b.closed));
    expect(codes).toEqual([1012, 1012, 1012, 1012]);
    expect(g.hub.stats()).toMatchObject({ browsers: 0, upstream: { public: false, private: 0 } });
    await waitFor(() => upstream.open().length === 0, 'the upstream sockets closed');
    expect(await handshakeStatus(g.wsUrl)).toBe(503);
  });
});
