import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { control, startTappedMock, type TappedMock } from './test-support/mock.js';

let upstream: TappedMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 100 });
  gateway = await startGateway(upstream.mock.wsUrl, { heartbeatMs: 200 });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.close();
  await control(upstream.mock, '/faults/clear');
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

async function subscribed(count: number): Promise<TestBrowser[]> {
  const list = await Promise.all(Array.from({ length: count }, () => openBrowser(gateway.wsUrl)));
  browsers.push(...list);
  for (const b of list) b.send({ type: 'sub', param: 'DAY_MARKET' });
  await Promise.all(list.map((b) => b.next((f) => f.type === 'DAY_MARKET')));
  return list;
}

/** Resolves when every browser has a DAY_MARKET frame after its 'up' status frame. */
function ticksAfterUp(list: readonly TestBrowser[], timeoutMs: number) {
  return Promise.all(
    list.map(async (b) => {
      await b.next((f) => f.type === 'upstream' && f.state === 'up', timeoutMs);
      const up = b.frames.findIndex((f) => f.type === 'upstream' && f.state === 'up');
      await b.next((f) => f.type === 'DAY_MARKET' && b.frames.indexOf(f) > up, timeoutMs);
    }),
  );
}

describe('upstream recovery (mock upstream)', () => {
  it('keeps browsers connected through a dropped upstream; ticks resume within 2 s', async () => {
    const list = await subscribed(20);
    const dropped = performance.now();
    const { dropped: count } = (await control(upstream.mock, '/sockets/drop')) as {
      dropped: number;
    };
    expect(count).toBe(1);
    await Promise.all(list.map((b) => b.next((f) => f.type === 'upstream' && f.state === 'down')));
    await ticksAfterUp(list, 2000);
    const resumedMs = performance.now() - dropped;
    console.info(`[recovery] drop → ticks at all 20 browsers: ${resumedMs.toFixed(0)} ms`);
    expect(resumedMs).toBeLessThan(2000);
    for (const b of list) expect(b.socket.readyState).toBe(b.socket.OPEN);
    expect(gateway.hub.stats().topics).toEqual(['DAY_MARKET']);
  });

  it('notices an upstream that stops answering pings within 15 s and recovers', async () => {
    const list = await subscribed(5);
    const silent = performance.now();
    await control(upstream.mock, '/faults', { silentPings: true });
    await Promise.all(
      list.map((b) => b.next((f) => f.type === 'upstream' && f.state === 'down', 15_000)),
    );
    const noticedMs = performance.now() - silent;
    expect(gateway.hub.ready()).toBe(false);
    await control(upstream.mock, '/faults/clear');
    const cleared = performance.now();
    await ticksAfterUp(list, 5000);
    console.info(
      `[recovery] silent upstream noticed after ${noticedMs.toFixed(0)} ms (heartbeat 200 ms); ` +
        `ticks again ${(performance.now() - cleared).toFixed(0)} ms after the fault cleared`,
    );
    expect(noticedMs).toBeLessThan(15_000);
    await waitFor(() => gateway.hub.ready(), 'ready again');
    // Recovered for good: the next connection outlives several heartbeats, ticks flowing.
    const downs = list.map((b) => b.ofType('upstream').length);
    const quotes = list.map((b) => b.ofType('DAY_MARKET').length);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(list.map((b) => b.ofType('upstream').length)).toEqual(downs);
    for (const [i, b] of list.entries()) {
      expect(b.ofType('DAY_MARKET').length).toBeGreaterThan((quotes[i] ?? 0) + 5);
    }
  });
});
