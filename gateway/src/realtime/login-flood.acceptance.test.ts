import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CODE } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { demoUser, type RestartableMock, startRestartableMock } from './test-support/mock.js';

const FLOODERS = 4;
const LOGINS = 10_000;
/** What one socket may be owed while the upstream is away (private-sessions.ts). */
const OWED_AT_MOST = 16;

let upstream: RestartableMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startRestartableMock('login-flood');
  // The message budget would cut these sockets first (message-flood.acceptance.test.ts): here
  // what a login costs is under test.
  gateway = await startGateway(upstream.mock.wsUrl, {
    upstreamUrl: upstream.mock.url,
    // The production heartbeat: the flood keeps the test's own loop busy for a while, which the
    // tests' 200 ms one would take for silent browsers.
    heartbeatMs: 5000,
    socketMessages: { burst: 1_000_000, perSecond: 1_000_000 },
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

/** Sends `count` logins with `token`, letting the socket drain now and then. */
async function flood(b: TestBrowser, token: string, count: number) {
  const frame = JSON.stringify({ type: 'login', token });
  for (let sent = 0; sent < count; sent++) {
    b.socket.send(frame);
    if (b.socket.bufferedAmount > 256 * 1024) await sleep(1);
  }
}

describe('logins with the current token while the upstream is down (mock upstream)', () => {
  it('answers the excess at once and what is owed without stopping the others', async () => {
    const { token } = await demoUser(upstream.mock);
    const watcher = await openBrowser(gateway.wsUrl);
    browsers.push(watcher);
    watcher.send({ type: 'sub', param: 'DAY_MARKET' });
    const flooders: TestBrowser[] = [];
    for (let i = 0; i < FLOODERS; i++) {
      const b = await openBrowser(gateway.wsUrl);
      b.send({ type: 'login', token });
      expect(await b.next((f) => f.type === 'login_result', 5000)).toMatchObject({
        code: CODE.OK,
      });
      flooders.push(b);
      browsers.push(b);
    }

    await upstream.stop();
    await Promise.all(
      flooders.map((b) => b.next((f) => f.type === 'upstream' && f.state === 'down')),
    );
    const heapBefore = process.memoryUsage().heapUsed;
    await Promise.all(flooders.map((b) => flood(b, token, LOGINS)));
    // Everything beyond what a socket may be owed is answered while the upstream is away.
    const answeredWhileDown = async () => {
      await waitFor(
        () => flooders.every((b) => b.ofType('login_result').length >= LOGINS - OWED_AT_MOST),
        'the excess logins answered',
        10_000,
      ).catch(() => undefined);
      return flooders.map((b) => b.ofType('login_result').length - 1);
    };
    const whileDown = await answeredWhileDown();
    const heapGrowth = process.memoryUsage().heapUsed - heapBefore;

    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    await upstream.restart();
    const restarted = performance.now();
    await waitFor(
      () => flooders.every((b) => b.ofType('login_result').length === LOGINS + 1),
      'every login answered',
      10_000,
    ).catch(() => undefined);
    // The other browser's quotes come back too.
    await waitFor(
      () =>
        watcher.frames.some(
          (f, i) => f.type === 'DAY_MARKET' && (watcher.arrivals[i] ?? 0) > restarted,
        ),
      'a quote after the restart',
      5000,
    );
    loop.disable();
    const longest = loop.max / 1e6;
    const total = flooders.map((b) => b.ofType('login_result').length - 1);
    const codes = new Set(
      flooders.flatMap((b) =>
        b
          .ofType('login_result')
          .slice(1)
          .map((f) => f.code),
      ),
    );

    console.info(
      `[login flood] ${FLOODERS} sockets x ${LOGINS} logins with their current token, upstream ` +
        `down: answered at once ${whileDown.join(', ')} (heap +${(heapGrowth / 2 ** 20).toFixed(1)} MiB); ` +
        `after the restart every socket answered ${total.join(', ')} in all, codes ${[...codes].join(', ')}; ` +
        `longest event-loop stall ${longest.toFixed(1)} ms`,
    );
    for (const answered of whileDown)
      expect(answered).toBeGreaterThanOrEqual(LOGINS - OWED_AT_MOST);
    expect(total).toEqual(Array(FLOODERS).fill(LOGINS));
    expect([...codes].every((code) => code === CODE.OK || code === CODE.RATE_LIMITED)).toBe(true);
    // A few ms of slices, not a replay of everything owed at once; generous for a loaded machine.
    expect(longest).toBeLessThan(250);
  }, 45_000);
});
