import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from './test-support/fake-upstream.js';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';

// A context made after the flag gets `gc`; the test's own global stays as it was.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Whether `ref`'s target is collected within a few collections. */
async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt++) {
    // A WeakRef keeps its target for the rest of the job that made or read it.
    await sleep(5);
    collectGarbage();
    if (ref.deref() === undefined) return true;
  }
  return false;
}

let upstream: FakeUpstream;
let gateway: Gateway;
let browser: TestBrowser | undefined;

beforeEach(async () => {
  upstream = await startFakeUpstream();
  gateway = await startGateway(upstream.url);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterEach(async () => {
  browser?.close();
  await gateway.close();
  await upstream.close();
});

describe('an accepted browser', () => {
  it('keeps nothing of its HTTP upgrade request, and its socket keeps working', async () => {
    let upgrade: WeakRef<IncomingMessage> | undefined;
    gateway.app.server.on('upgrade', (request: IncomingMessage) => {
      upgrade = new WeakRef(request);
    });
    browser = await openBrowser(gateway.wsUrl, { pingMs: 0 });
    await waitFor(() => gateway.hub.stats().browsers === 1, 'the browser to be accepted');
    if (!upgrade) throw new Error('no upgrade seen');

    expect(await collected(upgrade)).toBe(true);

    browser.send('ping');
    await browser.next((frame) => frame.type === 'pong');
    browser.close();
    await waitFor(() => gateway.hub.stats().browsers === 0, 'the browser to be released');
  });
});
