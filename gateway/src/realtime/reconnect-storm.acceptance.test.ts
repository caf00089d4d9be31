import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_DEFAULTS } from './options.js';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { startTappedMock, type TappedMock } from './test-support/mock.js';

/** A carrier's shared address at its cap: every socket it may hold. */
const CONNECTED = REALTIME_DEFAULTS.maxConnectionsPerIp;
const RECONNECTING = 500;
/** Heartbeats a second apart: a socket is settled after two of them. */
const HEARTBEAT_MS = 1000;

let upstream: TappedMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 500 });
  // The production limits per address; the heartbeat is quicker, so that "a while" is short.
  gateway = await startGateway(upstream.tap.url, { heartbeatMs: HEARTBEAT_MS });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

/** Opens `count` sockets from 127.0.0.1, `batch` at a time; resolves with the refused count. */
async function openMany(count: number, batch: number): Promise<number> {
  let refused = 0;
  for (let opened = 0; opened < count; opened += batch) {
    const next = await Promise.allSettled(
      Array.from({ length: Math.min(batch, count - opened) }, () =>
        openBrowser(gateway.wsUrl, { pingMs: HEARTBEAT_MS / 2, deflate: false }),
      ),
    );
    for (const result of next) {
      if (result.status === 'fulfilled') browsers.push(result.value);
      else refused++;
    }
  }
  return refused;
}

describe('a carrier address reconnecting after its sockets dropped (mock upstream)', () => {
  it(`admits ${RECONNECTING} phones reconnecting at once after ${CONNECTED} dropped`, async () => {
    expect(await openMany(CONNECTED, 50)).toBe(0);
    // Connected a while: more than two heartbeats.
    await sleep(2.5 * HEARTBEAT_MS);
    for (const b of browsers.splice(0)) b.close();
    await waitFor(() => gateway.hub.stats().browsers === 0, 'every socket released', 10_000);

    const started = performance.now();
    const refused = await openMany(RECONNECTING, RECONNECTING);
    const tookMs = performance.now() - started;
    // New phones of the address, up to its cap, still find the burst new traffic uses.
    const newcomers = CONNECTED - RECONNECTING - 50;
    const newcomersRefused = await openMany(newcomers, 50);
    console.info(
      `[reconnect storm] ${CONNECTED} sockets of one address dropped; ${RECONNECTING} ` +
        `reconnecting at once: ${RECONNECTING - refused} admitted, ${refused} refused (429), ` +
        `in ${tookMs.toFixed(0)} ms; then ${newcomers} new ones: ${newcomersRefused} refused`,
    );
    expect(refused).toBe(0);
    expect(tookMs).toBeLessThan(10_000);
    expect(newcomersRefused).toBe(0);
  }, 40_000);
});
