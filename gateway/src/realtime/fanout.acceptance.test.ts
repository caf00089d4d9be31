import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { startTappedMock, type TappedMock } from './test-support/mock.js';

const BROWSERS = 500;
const TICKS = 5;

let upstream: TappedMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 100 });
  gateway = await startGateway(upstream.tap.url, {
    heartbeatMs: 2000,
    maxConnectionsPerIp: BROWSERS + 10,
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

describe('fan-out to 500 browsers (mock upstream)', () => {
  it('uses one upstream connection and one subscription; every browser gets every tick', async () => {
    const opened = performance.now();
    for (let batch = 0; batch < BROWSERS / 50; batch++) {
      const next = await Promise.all(
        Array.from({ length: 50 }, () => openBrowser(gateway.wsUrl, { pingMs: 1000 })),
      );
      for (const b of next) b.send({ type: 'sub', param: 'DAY_MARKET' });
      browsers.push(...next);
    }
    const openMs = performance.now() - opened;
    await waitFor(
      () => browsers.every((b) => b.texts.length > 0),
      'a first DAY_MARKET at every browser',
      5000,
    );

    const { tap } = upstream;
    expect(tap.connections).toHaveLength(1);
    const [connection] = tap.connections;
    expect(connection?.loggedIn).toBe(false);
    expect(connection?.sent.filter((t) => t !== 'ping')).toEqual([
      JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }),
    ]);
    expect(gateway.hub.stats()).toMatchObject({
      browsers: BROWSERS,
      upstream: { public: true, private: 0 },
      topics: ['DAY_MARKET'],
    });

    // Follow TICKS upstream frames from now on through every browser.
    const ticks = connection?.ticks ?? [];
    const from = ticks.length;
    await waitFor(() => ticks.length >= from + TICKS, `${TICKS} more ticks upstream`, 5000);
    const followed = ticks.slice(from, from + TICKS);
    await waitFor(
      () => browsers.every((b) => followed.every((t) => b.texts.includes(t.text))),
      'the followed ticks at every browser',
      5000,
    );

    const spreads: number[] = [];
    const latencies: number[] = [];
    for (const tick of followed) {
      const times = browsers.map((b) => b.arrivals[b.texts.indexOf(tick.text)] ?? Number.NaN);
      spreads.push(Math.max(...times) - Math.min(...times));
      latencies.push(Math.max(...times) - tick.at);
    }
    for (const b of browsers) {
      // The same frames, byte for byte and in order, with no quote frame in between.
      const quotes = b.texts.filter((t) => t.startsWith('{"type":"DAY_MARKET"'));
      const start = quotes.indexOf(followed[0]?.text ?? '');
      expect(quotes.slice(start, start + TICKS)).toEqual(followed.map((t) => t.text));
    }
    console.info(
      `[fan-out] ${BROWSERS} sockets opened and subscribed in ${openMs.toFixed(0)} ms; ` +
        `upstream frame → last of ${BROWSERS} browsers: ${latencies.map((ms) => ms.toFixed(1)).join(', ')} ms; ` +
        `first → last browser: ${spreads.map((ms) => ms.toFixed(1)).join(', ')} ms`,
    );
    // How fast is bench/fanout's to say, with a baseline in the same run: a bound here would
    // fail on a busy machine, not on a slower gateway.
    expect(latencies.every(Number.isFinite)).toBe(true);
  });
});
