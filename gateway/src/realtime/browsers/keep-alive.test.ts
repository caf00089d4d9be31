import { SILENCE_MS } from '@pipstream/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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

beforeEach(async () => {
  upstream = await startFakeUpstream();
  gateway = await startGateway(upstream.url, { heartbeatMs: 60_000 });
  await waitFor(() => gateway?.hub.ready() ?? false, 'the hub to be ready');
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.close();
  await gateway?.close();
  gateway = undefined;
  await upstream.close();
});

async function browser() {
  if (!gateway) throw new Error('no gateway');
  const b = await openBrowser(gateway.wsUrl, { pingMs: 0 });
  browsers.push(b);
  return b;
}

/** The longest time between two things `b` heard from `from` on (frames and keep-alives). */
function longestGap(b: TestBrowser, from: number, to: number): number {
  const heard = [from, ...b.arrivals, ...b.keepAlives, to]
    .filter((at) => at >= from && at <= to)
    .sort((x, y) => x - y);
  let longest = 0;
  for (let i = 1; i < heard.length; i++) {
    longest = Math.max(longest, (heard[i] ?? 0) - (heard[i - 1] ?? 0));
  }
  return longest;
}

describe('keep-alive to browsers', () => {
  it('never leaves a quiet browser silent long enough to be taken for a dead path', async () => {
    const quiet = await browser();
    const opened = performance.now();
    // Three seconds in which the hub has nothing to say to it.
    await sleep(3000);
    const now = performance.now();
    expect(quiet.frames).toEqual([]);
    expect(quiet.keepAlives.length).toBeGreaterThanOrEqual(2);
    expect(longestGap(quiet, opened, now)).toBeLessThan(SILENCE_MS);
  });

  it('sends none to a browser whose feed ticks', async () => {
    const fed = await browser();
    fed.send({ type: 'sub', param: 'DAY_MARKET' });
    await waitFor(() => upstream.publicOpen()[0]?.topics.has('DAY_MARKET') ?? false, 'the sub');
    const tick = JSON.stringify({ type: 'DAY_MARKET', code: 1, data: [] });
    const feed = setInterval(() => upstream.publish('DAY_MARKET', tick), 200);
    try {
      await waitFor(() => fed.ofType('DAY_MARKET').length > 0, 'the first tick');
      const before = fed.keepAlives.length;
      await sleep(3000);
      expect(fed.keepAlives.length).toBe(before);
    } finally {
      clearInterval(feed);
    }
  });
});
