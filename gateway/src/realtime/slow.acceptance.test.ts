import type { Socket } from 'node:net';
import { CLOSE } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import {
  demoUser,
  openInstruments,
  startTappedMock,
  type TappedMock,
} from './test-support/mock.js';

const ORDERS = 300;

let upstream: TappedMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  // A step every 10 ms: with 150 holdings, ~1 MB/s of FOREX_TRADE to a logged-in browser.
  upstream = await startTappedMock({ tickMs: 10 });
  gateway = await startGateway(upstream.tap.url, {
    softBufferBytes: 8 * 1024,
    hardBufferBytes: 128 * 1024,
    heartbeatMs: 1000,
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

/**
 * A logged-in tab. The paused one offers no compression: at the mock's pace a compressing one
 * takes some 30 s to fill the kernel's buffers (slow-consumer.test.ts pauses both kinds).
 */
async function tab(token: string, deflate = true) {
  const b = await openBrowser(gateway.wsUrl, { pingMs: 300, deflate });
  browsers.push(b);
  b.send({ type: 'login', token });
  await b.next((f) => f.type === 'login_result');
  b.send({ type: 'sub', param: 'DAY_MARKET' });
  b.send({ type: 'sub', param: 'FOREX_TRADE' });
  return b;
}

describe('a browser that stops reading (mock upstream)', () => {
  it('is closed at the hard cap and released; the others are unaffected', async () => {
    const setup = performance.now();
    const user = await demoUser(upstream.mock);
    const instruments = await openInstruments(upstream.mock);
    const place = (i: number) => {
      const instrument = instruments[i % instruments.length];
      if (!instrument) throw new Error('no open instrument');
      return user.api.call('submit', {
        type: 1,
        cont: instrument.ForexMinCont,
        forex_id: instrument.Id,
        status: 1,
        multiple: instrument.HasForexMultiple[0]?.Value ?? 1,
      });
    };
    for (let i = 0; i < ORDERS; i += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, j) => place(i + j)));
    }
    const ordersMs = performance.now() - setup;
    const fast = await tab(user.token);
    const slow = await tab(user.token, false);
    await fast.next((f) => f.type === 'FOREX_TRADE');
    await slow.next((f) => f.type === 'FOREX_TRADE');

    const [feed] = upstream.tap.publicOpen();
    const followFrom = feed?.ticks.length ?? 0;
    (slow.socket as unknown as { _socket: Socket })._socket.pause();
    const paused = performance.now();
    await waitFor(() => gateway.hub.stats().browsers === 1, 'the slow browser closed', 20_000);
    const closedAfterMs = performance.now() - paused;

    expect((await gateway.metrics.slowClientCloses.get()).values[0]?.value).toBe(1);
    expect((await gateway.metrics.messagesConflated.get()).values[0]?.value).toBeGreaterThan(0);
    // The user's other tab keeps its session and its pushes.
    expect(gateway.hub.stats().upstream.private).toBe(1);
    const trades = fast.ofType('FOREX_TRADE').length;
    await waitFor(
      () => fast.ofType('FOREX_TRADE').length > trades + 10,
      'more pushes at the other tab',
    );

    // The other tab got every tick the upstream sent meanwhile, in order.
    const sent = (feed?.ticks ?? []).slice(followFrom).map((t) => t.text);
    const got = fast.texts.filter((t) => t.startsWith('{"type":"DAY_MARKET"'));
    const start = got.indexOf(sent[0] ?? '');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(got.slice(start, start + sent.length - 5)).toEqual(sent.slice(0, sent.length - 5));

    (slow.socket as unknown as { _socket: Socket })._socket.resume();
    expect([CLOSE.SLOW_CONSUMER, 1006]).toContain(await slow.closed);
    console.info(
      `[slow] ${ORDERS} orders placed in ${ordersMs.toFixed(0)} ms; paused browser closed at the ${128} KiB cap after ${closedAfterMs.toFixed(0)} ms; ` +
        `other tab followed ${sent.length} ticks without a gap; ` +
        `private bytes to the other tab: ${fast.texts.filter((t) => t.startsWith('{"type":"FOREX_TRADE"')).reduce((n, t) => n + t.length, 0)}`,
    );
  });
});
