import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeConnection,
  type FakeUpstream,
  startFakeUpstream,
  subscriptionLog,
} from '../test-support/fake-upstream.js';
import {
  dayMarket,
  type Gateway,
  kline,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from '../test-support/harness.js';

const K1 = 'KLINE.EURUSD.1min';
const K5 = 'KLINE.EURUSD.5min';

let upstream: FakeUpstream;
let gateway: Gateway;
let snapshotPrice = 1.1;
const browsers: TestBrowser[] = [];

async function browser() {
  const b = await openBrowser(gateway.wsUrl);
  browsers.push(b);
  return b;
}

beforeEach(async () => {
  snapshotPrice = 1.1;
  upstream = await startFakeUpstream({
    snapshot: (topic) =>
      topic === 'DAY_MARKET' ? dayMarket([1, snapshotPrice]) : kline(topic, snapshotPrice),
  });
  gateway = await startGateway(upstream.url);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.close();
  await gateway.close();
  await upstream.close();
});

/** The public connection once it holds every topic in `topics`. */
async function publicWith(...topics: string[]): Promise<FakeConnection> {
  let found: FakeConnection | undefined;
  await waitFor(
    () => {
      found = upstream.publicOpen().find((c) => topics.every((t) => c.topics.has(t)));
      return found !== undefined;
    },
    `a public connection holding ${topics.join(', ')}`,
  );
  return found as FakeConnection;
}

describe('upstream recovery', () => {
  it('pings the upstream every heartbeat', async () => {
    const [connection] = upstream.publicOpen();
    await waitFor(
      () => (connection?.received ?? []).filter((t) => t === 'ping').length >= 3,
      'three pings',
      2000,
    );
  });

  it('reconnects after a dropped socket, resubscribes in one batch, re-logs in and tells browsers', async () => {
    const b = await browser();
    b.send({ type: 'login', token: 'good-ann' });
    await b.next((f) => f.type === 'login_result');
    for (const topic of ['DAY_MARKET', K1, K5, 'FOREX_TRADE'])
      b.send({ type: 'sub', param: topic });
    const first = await publicWith('DAY_MARKET', K1, K5);
    await waitFor(
      () => upstream.open().some((c) => c.topics.has('FOREX_TRADE')),
      'the private sub',
    );
    await b.next((f) => f.type === 'DAY_MARKET');

    snapshotPrice = 2.2;
    upstream.dropAll();
    const down = await b.next((f) => f.type === 'upstream');
    expect(down).toEqual({ type: 'upstream', state: 'down' });
    const second = await publicWith('DAY_MARKET', K1, K5);
    expect(second).not.toBe(first);
    await b.next((f) => f.type === 'upstream' && f.state === 'up');
    // One batch: the three subs, nothing else, right after the connection opened.
    expect(subscriptionLog(second).sort()).toEqual(['sub DAY_MARKET', `sub ${K1}`, `sub ${K5}`]);
    await waitFor(
      () => upstream.open().some((c) => c.token === 'good-ann' && c.topics.has('FOREX_TRADE')),
      'the private connection re-logged in and resubscribed',
    );
    // Fresh values after recovery: the new snapshot reaches the browser that stayed connected.
    await b.next((f) => f.type === 'DAY_MARKET' && JSON.stringify(f.data).includes('2.2'));
    await b.next((f) => f.type === K1 && JSON.stringify(f.data).includes('2.2'));
    expect(b.ofType('upstream')).toEqual([
      { type: 'upstream', state: 'down' },
      { type: 'upstream', state: 'up' },
    ]);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
  });

  it('serves a late subscriber the values of after the outage, never the stale ones', async () => {
    const a = await browser();
    a.send({ type: 'sub', param: 'DAY_MARKET' });
    await publicWith('DAY_MARKET');
    await a.next((f) => f.type === 'DAY_MARKET');
    snapshotPrice = 3.3;
    upstream.dropAll();
    await a.next((f) => f.type === 'upstream' && f.state === 'up');
    await a.next((f) => f.type === 'DAY_MARKET' && JSON.stringify(f.data).includes('3.3'));
    const late = await browser();
    late.send({ type: 'sub', param: 'DAY_MARKET' });
    const snapshot = await late.next((f) => f.type === 'DAY_MARKET');
    expect(snapshot.data).toEqual([expect.objectContaining({ Id: 1, Close: 3.3 })]);
  });

  it('drops an upstream that stops answering pings and reconnects', async () => {
    const b = await browser();
    b.send({ type: 'sub', param: 'DAY_MARKET' });
    const first = await publicWith('DAY_MARKET');
    const started = Date.now();
    upstream.answerPings = false;
    await b.next((f) => f.type === 'upstream' && f.state === 'down', 3000);
    const noticedMs = Date.now() - started;
    // The third missed pong at a 200 ms heartbeat, each missed 100 ms (half the interval)
    // after its ping: 2 to 3 intervals + 100 ms.
    expect(noticedMs).toBeGreaterThanOrEqual(400);
    expect(noticedMs).toBeLessThan(1500);
    await waitFor(() => first.closed, 'the silent connection closed');
    upstream.answerPings = true;
    await b.next((f) => f.type === 'upstream' && f.state === 'up', 3000);
    const reconnects = await gateway.metrics.upstreamReconnects.get();
    const publicReconnects = reconnects.values.find((v) => v.labels.kind === 'public');
    expect(publicReconnects?.value).toBeGreaterThanOrEqual(1);
  });

  it('is not ready while the upstream is away, and keeps retrying until it is back', async () => {
    const port = new URL(upstream.url).port;
    await upstream.close();
    await waitFor(() => !gateway.hub.ready(), 'ready() to turn false');
    expect(gateway.hub.stats().upstream.public).toBe(false);
    // Bring an upstream back on the same port: the hub finds it on its own.
    const again = await startFakeUpstream({ port: Number(port) });
    try {
      await waitFor(() => gateway.hub.ready(), 'ready() again', 3000);
    } finally {
      await again.close();
    }
  });
});
