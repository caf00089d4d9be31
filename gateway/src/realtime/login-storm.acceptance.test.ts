import { CODE } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_LOGINS } from './options.js';
import { type Gateway, openBrowser, sleep, startGateway, waitFor } from './test-support/harness.js';
import { openSockets, restClient, startTappedMock, type TappedMock } from './test-support/mock.js';

const LOGINS = 1000;

let upstream: TappedMock;
let gateway: Gateway;

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 100 });
  // The production limits and linger: only the test's timings are quick.
  gateway = await startGateway(upstream.tap.url, { lingerMs: 2000 });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

describe('a login storm on one socket (mock upstream)', () => {
  it(`opens at most one upstream session for ${LOGINS} logins, and keeps the socket's quotes`, async () => {
    // Demo tokens are free: one address can have a thousand in seconds.
    const api = restClient(upstream.mock);
    const tokens = await Promise.all(
      Array.from(
        { length: LOGINS },
        async () => (await api.call('createAccountDemoForU', {})).token,
      ),
    );
    const b = await openBrowser(gateway.wsUrl);
    b.send({ type: 'sub', param: 'DAY_MARKET' });
    await b.next((f) => f.type === 'DAY_MARKET');

    let mostOpen = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        mostOpen = Math.max(mostOpen, await openSockets(upstream.mock));
        await sleep(10);
      }
    })();
    for (const token of tokens) b.send({ type: 'login', token });
    // An answer to every login that was not replaced; the figures below say what came if not.
    await waitFor(
      () => b.ofType('login_result').length >= LOGINS - SOCKET_LOGINS.burst,
      'the login answers',
      10_000,
    ).catch(() => undefined);
    await sleep(500);
    watching = false;
    await watcher;

    // Every connection the gateway opened upstream but the shared public one.
    const privateOpened = upstream.tap.connections.length - 1;
    const results = b.ofType('login_result');
    const refused = results.filter((r) => r.code === CODE.RATE_LIMITED).length;
    console.info(
      `[login storm] ${LOGINS} logins on one socket: ${privateOpened} upstream sessions opened, ` +
        `at most ${mostOpen} upstream sockets open at once (public included), ${refused} refused`,
    );
    // The socket's allowance of logins, each replacing the one before: never more open at once
    // than the public connection, one session and the one it is replacing.
    expect(privateOpened).toBeLessThanOrEqual(SOCKET_LOGINS.burst);
    expect(mostOpen).toBeLessThanOrEqual(3);
    expect(refused).toBeGreaterThanOrEqual(LOGINS - SOCKET_LOGINS.burst);
    expect(gateway.hub.stats().upstream.private).toBeLessThanOrEqual(1);
    // Refused, not thrown out: the quotes keep coming.
    const quotes = b.ofType('DAY_MARKET').length;
    await b.next((f) => f.type === 'DAY_MARKET' && b.ofType('DAY_MARKET').length > quotes);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    b.close();
  }, 30_000);
});
