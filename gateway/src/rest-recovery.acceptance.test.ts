import type { BackoffOptions } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMetrics } from './ops/metrics.js';
import { createRealtimeHub } from './realtime/index.js';
import {
  openBrowser,
  silentLog,
  sleep,
  type TestBrowser,
  waitFor,
} from './realtime/test-support/harness.js';
import {
  buyAtMarket,
  demoUser,
  openInstruments,
  type RestartableMock,
  startRestartableMock,
} from './realtime/test-support/mock.js';
import { buildGateway, type Gateway } from './server.js';
import { testConfig } from './test-support/config.js';

/** Every upstream socket waits this long before its reconnect (random pinned at 3/4). */
const LONG: BackoffOptions = { baseMs: 20_000, maxMs: 20_000 };
const WAIT_MS = LONG.maxMs * 0.75;

let upstream: RestartableMock;
let gateway: Gateway;
let gatewayUrl: string;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startRestartableMock('rest-recovery');
  const config = testConfig(upstream.mock.url);
  const metrics = createMetrics();
  // Public and private sockets alike wait out a long backoff: only the REST answer can end it.
  const hub = createRealtimeHub(
    { ...config, backoff: LONG, publicBackoff: LONG, random: () => 0.75 },
    { metrics, log: silentLog },
  );
  gateway = buildGateway(config, { hub, metrics });
  gatewayUrl = await gateway.listen({ port: 0, host: '127.0.0.1' });
  await waitFor(() => gateway.realtime.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

describe('a REST answer through the gateway after an upstream restart (mock upstream)', () => {
  it('releases the waiting private reconnect: the push comes long before the backoff', async () => {
    const trader = await demoUser(upstream.mock);
    const [instrument] = await openInstruments(upstream.mock);
    if (!instrument) throw new Error('no open instrument');
    await buyAtMarket(trader, instrument);
    const b = await openBrowser(`${gatewayUrl.replace(/^http/, 'ws')}/v1/ws`, { pingMs: 1000 });
    browsers.push(b);
    b.send({ type: 'login', token: trader.token });
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    await b.next((f) => f.type === 'FOREX_TRADE', 5000);

    await upstream.stop();
    await b.next((f) => f.type === 'upstream' && f.state === 'down');
    await upstream.restart();
    // Back, yet nothing reconnects by itself: every socket is waiting out its backoff.
    const pushesBefore = b.ofType('FOREX_TRADE').length;
    await sleep(1000);
    expect(b.ofType('FOREX_TRADE')).toHaveLength(pushesBefore);
    expect(gateway.realtime.stats().upstream).toMatchObject({ public: false, private: 1 });

    const called = performance.now();
    const answer = await fetch(`${gatewayUrl}/v1/api/forex/trade_list?t=1`, {
      headers: { lang: 'en' },
    });
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
    await b.next(
      (f) => f.type === 'FOREX_TRADE' && b.ofType('FOREX_TRADE').length > pushesBefore,
      WAIT_MS,
    );
    const pushMs = performance.now() - called;
    console.info(
      `[rest recovery] backoff ${WAIT_MS} ms; a REST answer through the proxy, then the ` +
        `trader's private push ${pushMs.toFixed(0)} ms later`,
    );
    expect(pushMs).toBeLessThan(2000);
  }, 30_000);
});
