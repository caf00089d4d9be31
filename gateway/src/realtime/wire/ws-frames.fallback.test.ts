import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream.js';
import {
  dayMarket,
  type Gateway,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from '../test-support/harness.js';

// A ws that ws-frames.ts was not checked against: no shared frames.
vi.mock('./ws-frames.js', async (original) => ({
  ...(await original<typeof import('./ws-frames.js')>()),
  wireFrames: undefined,
}));

let upstream: FakeUpstream;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startFakeUpstream();
  gateway = await startGateway(upstream.url);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

describe('without shared frames (an unverified ws)', () => {
  it('offers no compression and sends every frame plain through ws', async () => {
    const offering = await openBrowser(gateway.wsUrl, { deflate: true, pingMs: 0 });
    const plain = await openBrowser(gateway.wsUrl, { deflate: false, pingMs: 0 });
    browsers.push(offering, plain);
    expect(offering.socket.extensions).toBe('');
    for (const b of browsers) {
      b.send('ping');
      b.send({ type: 'sub', param: 'DAY_MARKET' });
      await b.next((f) => f.type === 'pong');
    }
    await waitFor(() => upstream.publicOpen()[0]?.topics.has('DAY_MARKET') ?? false, 'the sub');
    const quotes = dayMarket(...Array.from({ length: 30 }, (_, i): [number, number] => [i, i]));
    upstream.publish('DAY_MARKET', quotes);
    for (const b of browsers) {
      await b.next((f) => f.type === 'DAY_MARKET');
      expect(b.texts.at(-1)).toBe(quotes);
    }
    expect((await gateway.metrics.compressingClients.get()).values[0]?.value).toBe(0);
  });
});
