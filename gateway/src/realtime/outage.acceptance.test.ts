import { DEFAULT_BACKOFF, type Instrument } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import {
  demoUser,
  openInstruments,
  type RestartableMock,
  startRestartableMock,
} from './test-support/mock.js';

const OUTAGE_MS = 3000;
const PUBLIC_BROWSERS = 20;
const USERS = 3;

let upstream: RestartableMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startRestartableMock('outage');
  gateway = await startGateway(upstream.mock.wsUrl, {
    upstreamUrl: upstream.mock.url,
    // The production backoff and heartbeat; each delay pinned at 3/4 of its window, so the
    // run is the same every time (a fresh draw could land anywhere in it).
    heartbeatMs: 5000,
    backoff: DEFAULT_BACKOFF,
    publicBackoff: undefined,
    random: () => 0.75,
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

/** Resolves with the time (performance.now()) `b` next gets a frame `match` accepts. */
async function nextAfter(b: TestBrowser, since: number, match: (type: string) => boolean) {
  await waitFor(
    () => b.frames.some((f, i) => match(f.type) && (b.arrivals[i] ?? 0) > since),
    'a frame after the restart',
    10_000,
  );
  const at = b.frames.findIndex((f, i) => match(f.type) && (b.arrivals[i] ?? 0) > since);
  return b.arrivals[at] as number;
}

describe('a 3 s upstream outage (mock upstream killed and restarted)', () => {
  it('brings every quote back within 1.5 s of the restart, private pushes within 2 s', async () => {
    const [instrument] = await openInstruments(upstream.mock);
    if (!instrument) throw new Error('no open instrument');
    for (let i = 0; i < PUBLIC_BROWSERS; i++) {
      const b = await openBrowser(gateway.wsUrl, { pingMs: 1000 });
      b.send({ type: 'sub', param: 'DAY_MARKET' });
      b.send({ type: 'sub', param: `KLINE.${instrument.Code}.1min` });
      browsers.push(b);
    }
    const traders: TestBrowser[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await demoUser(upstream.mock);
      await user.api.call('submit', {
        type: 1,
        cont: instrument.ForexMinCont,
        forex_id: instrument.Id,
        status: 1,
        multiple: (instrument as Instrument).HasForexMultiple[0]?.Value ?? 1,
      });
      const b = await openBrowser(gateway.wsUrl, { pingMs: 1000 });
      b.send({ type: 'login', token: user.token });
      b.send({ type: 'sub', param: 'FOREX_TRADE' });
      traders.push(b);
      browsers.push(b);
    }
    await Promise.all(traders.map((b) => b.next((f) => f.type === 'FOREX_TRADE', 5000)));
    await Promise.all(
      browsers.slice(0, PUBLIC_BROWSERS).map((b) => b.next((f) => f.type === 'DAY_MARKET')),
    );

    await upstream.stop();
    await Promise.all(
      browsers.map((b) => b.next((f) => f.type === 'upstream' && f.state === 'down')),
    );
    await sleep(OUTAGE_MS);
    await upstream.restart();
    const restarted = performance.now();

    const quotes = await Promise.all(
      browsers
        .slice(0, PUBLIC_BROWSERS)
        .map((b) => nextAfter(b, restarted, (t) => t === 'DAY_MARKET')),
    );
    const candles = await Promise.all(
      browsers
        .slice(0, PUBLIC_BROWSERS)
        .map((b) => nextAfter(b, restarted, (t) => t.startsWith('KLINE.'))),
    );
    const pushes = await Promise.all(
      traders.map((b) => nextAfter(b, restarted, (t) => t === 'FOREX_TRADE')),
    );
    const last = (times: number[]) => Math.max(...times) - restarted;
    console.info(
      `[outage] ${OUTAGE_MS} ms down; after the restart every browser had a quote in ` +
        `${last(quotes).toFixed(0)} ms, a candle in ${last(candles).toFixed(0)} ms, every trader ` +
        `a push in ${last(pushes).toFixed(0)} ms`,
    );
    expect(last(quotes)).toBeLessThan(1500);
    expect(last(candles)).toBeLessThan(1500);
    expect(last(pushes)).toBeLessThan(2000);
  }, 30_000);
});
