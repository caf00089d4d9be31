import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type FakeUpstream,
  startFakeUpstream,
  subscriptionLog,
} from '../test-support/fake-upstream.js';
import {
  dayMarket,
  type Gateway,
  kline,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from '../test-support/harness.js';
import { type WireFrames, wireFrames } from '../wire/ws-frames.js';

const K1 = 'KLINE.EURUSD.1min';

let upstream: FakeUpstream;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

function onlyPublic() {
  const [connection, ...more] = upstream.publicOpen();
  if (!connection || more.length > 0) throw new Error('expected one public upstream connection');
  return connection;
}

async function browser() {
  const b = await openBrowser(gateway.wsUrl);
  browsers.push(b);
  return b;
}

beforeEach(async () => {
  upstream = await startFakeUpstream({
    snapshot: (topic) => (topic === 'DAY_MARKET' ? dayMarket([1, 1.1], [2, 2.1]) : undefined),
  });
  gateway = await startGateway(upstream.url);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const b of browsers.splice(0)) b.close();
  await gateway.close();
  await upstream.close();
});

describe('public feed', () => {
  it('opens one shared upstream connection at start and is ready before any browser', () => {
    expect(upstream.publicOpen()).toHaveLength(1);
    expect(gateway.hub.stats()).toEqual({
      browsers: 0,
      upstream: { public: true, private: 0 },
      topics: [],
    });
  });

  it('subscribes upstream once for many browsers, batched in one turn', async () => {
    const many = await Promise.all(Array.from({ length: 20 }, () => browser()));
    for (const b of many) {
      b.send({ type: 'sub', param: 'DAY_MARKET' });
      b.send({ type: 'sub', param: K1 });
    }
    const connection = onlyPublic();
    await waitFor(() => connection.topics.size === 2, 'both topics upstream');
    expect(gateway.hub.stats().topics).toEqual(['DAY_MARKET', K1]);
    expect(upstream.connections).toHaveLength(1);
    expect(subscriptionLog(connection).sort()).toEqual(['sub DAY_MARKET', `sub ${K1}`]);
    // Everybody got the upstream's snapshot, then a tick.
    await Promise.all(many.map((b) => b.next((f) => f.type === 'DAY_MARKET')));
    upstream.publish('DAY_MARKET', dayMarket([1, 1.2]));
    await Promise.all(
      many.map((b) => b.next((f) => f.type === 'DAY_MARKET' && JSON.stringify(f).includes('1.2'))),
    );
  });

  it('exports bounded metrics: clients, upstream connections, subscriptions, messages', async () => {
    const many = await Promise.all(Array.from({ length: 3 }, () => browser()));
    for (const b of many) b.send({ type: 'sub', param: 'DAY_MARKET' });
    await Promise.all(many.map((b) => b.next((f) => f.type === 'DAY_MARKET')));
    await sleep(10);
    const text = await gateway.metrics.registry.metrics();
    expect(text).toContain('gateway_clients 3');
    expect(text).toContain('gateway_upstream_connections{kind="public"} 1');
    expect(text).toContain('gateway_subscriptions 1');
    expect(text).toMatch(/gateway_messages_in_total\{source="browser"\} [1-9]/);
    expect(text).toMatch(/gateway_messages_out_total\{destination="browser"\} [1-9]/);
    expect(text).toMatch(/gateway_messages_out_total\{destination="upstream"\} [1-9]/);
    // No label carries a topic, an instrument or a token.
    expect(text).not.toMatch(/DAY_MARKET|KLINE|good-/);
    for (const b of many) b.close();
    await waitFor(() => gateway.hub.stats().browsers === 0, 'the browsers released');
    expect(await gateway.metrics.registry.metrics()).toContain('gateway_clients 0');
  });

  it('writes every subscriber one and the same frame of the upstream bytes (framed once)', async () => {
    const many = await Promise.all(Array.from({ length: 10 }, () => browser()));
    for (const b of many) b.send({ type: 'sub', param: K1 });
    await waitFor(() => upstream.publish(K1, kline(K1, 0)) === 1, 'the KLINE subscription');
    await Promise.all(many.map((b) => b.next((f) => f.type === K1)));
    const write = vi.spyOn(wireFrames as WireFrames, 'write');
    const candle = kline(K1, 9.5);
    upstream.publish(K1, candle);
    await Promise.all(
      many.map((b) => b.next((f) => f.type === K1 && JSON.stringify(f).includes('9.5'))),
    );
    const frames = write.mock.calls.map(([, frame]) => frame).filter((f) => f.includes('9.5'));
    expect(frames).toHaveLength(10);
    expect(new Set(frames).size).toBe(1);
    expect(frames[0]?.subarray(-Buffer.byteLength(candle)).toString()).toBe(candle);
  });

  it('gives a new subscriber the latest quote of every instrument and the current candle at once', async () => {
    const first = await browser();
    first.send({ type: 'sub', param: 'DAY_MARKET' });
    first.send({ type: 'sub', param: K1 });
    await first.next((f) => f.type === 'DAY_MARKET');
    await waitFor(() => upstream.publish(K1, kline(K1, 7)) === 1, 'the KLINE subscription');
    upstream.publish('DAY_MARKET', dayMarket([2, 2.5]));
    upstream.publish('DAY_MARKET', dayMarket([3, 3.5]));
    await first.next((f) => f.type === 'DAY_MARKET' && JSON.stringify(f).includes('3.5'));
    await first.next((f) => f.type === K1);

    const late = await browser();
    late.send({ type: 'sub', param: 'DAY_MARKET' });
    late.send({ type: 'sub', param: K1 });
    const snapshot = await late.next((f) => f.type === 'DAY_MARKET');
    const candle = await late.next((f) => f.type === K1);
    expect(snapshot.data).toEqual([
      expect.objectContaining({ Id: 1, Close: 1.1 }),
      expect.objectContaining({ Id: 2, Close: 2.5 }),
      expect.objectContaining({ Id: 3, Close: 3.5 }),
    ]);
    expect(candle.data).toMatchObject({ Close: 7 });
    // Served from the cache: the upstream saw no second subscription.
    expect(subscriptionLog(onlyPublic())).toHaveLength(2);
  });

  it('unsubscribes upstream only after the linger, and not at all when a browser returns', async () => {
    const a = await browser();
    a.send({ type: 'sub', param: K1 });
    await waitFor(() => gateway.hub.stats().topics.includes(K1), 'the subscription');
    a.send({ type: 'unsub', param: K1 });
    await sleep(10);
    const b = await browser();
    b.send({ type: 'sub', param: K1 });
    await sleep(120);
    const connection = onlyPublic();
    expect(subscriptionLog(connection)).toEqual([`sub ${K1}`]);

    b.close();
    await waitFor(
      () => gateway.hub.stats().topics.length === 0 && connection.topics.size === 0,
      'the unsub after linger',
    );
    expect(subscriptionLog(connection)).toEqual([`sub ${K1}`, `unsub ${K1}`]);
    expect(connection.topics.size).toBe(0);
  });
});
