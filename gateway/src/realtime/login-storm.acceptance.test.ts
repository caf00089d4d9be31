import { CODE, type Instrument } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_LOGINS } from './options.js';
import { type Gateway, openBrowser, sleep, startGateway, waitFor } from './test-support/harness.js';
import {
  buyAtMarket,
  openInstruments,
  openSockets,
  restClient,
  startTappedMock,
  type TappedMock,
} from './test-support/mock.js';

const LOGINS = 1000;

let upstream: TappedMock;
let gateway: Gateway;

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 100 });
  // The production limits and linger: only the test's timings are quick. The message budget
  // would cut this socket before its thousandth login (message-flood.acceptance.test.ts): here
  // the login limits alone are under test.
  gateway = await startGateway(upstream.tap.url, {
    lingerMs: 2000,
    socketMessages: { burst: 100_000, perSecond: 100_000 },
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

/** The token the gateway logged in with on an upstream connection (the tap saw it pass). */
function tokenOf(sent: readonly string[]): string | undefined {
  for (const text of sent) {
    if (!text.startsWith('{')) continue;
    const frame = JSON.parse(text) as { type: string; token?: string };
    if (frame.type === 'login') return frame.token;
  }
  return undefined;
}

describe('a login storm on one socket (mock upstream)', () => {
  it(`serves an accepted login, then opens at most one session for ${LOGINS} more`, async () => {
    // Demo tokens are free: one address can have a thousand in seconds.
    const api = restClient(upstream.mock);
    const tokens = await Promise.all(
      Array.from(
        { length: LOGINS + 1 },
        async () => (await api.call('createAccountDemoForU', {})).token,
      ),
    );
    const b = await openBrowser(gateway.wsUrl);
    b.send({ type: 'sub', param: 'DAY_MARKET' });
    await b.next((f) => f.type === 'DAY_MARKET');

    // An accepted login first: code 1, and a private upstream session holding its topic.
    b.send({ type: 'login', token: tokens[0] });
    expect(await b.next((f) => f.type === 'login_result')).toMatchObject({ code: CODE.OK });
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    await waitFor(
      () => upstream.tap.privateOpen().some((c) => c.topics.has('FOREX_TRADE')),
      'the private session subscribed upstream',
    );
    expect(gateway.hub.stats().upstream.private).toBe(1);
    expect(await openSockets(upstream.mock)).toBe(2);

    let mostOpen = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        mostOpen = Math.max(mostOpen, await openSockets(upstream.mock));
        await sleep(10);
      }
    })();
    for (const token of tokens.slice(1)) b.send({ type: 'login', token });
    // The rest of the socket's allowance is accepted, each replacing the one before; the others
    // are refused. The figures below say what came if not every answer did.
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
    const storm = b.ofType('login_result').slice(1);
    const accepted = storm.filter((r) => r.code === CODE.OK).length;
    const refused = storm.filter((r) => r.code === CODE.RATE_LIMITED).length;
    const serving = upstream.tap.privateOpen();
    console.info(
      `[login storm] a first login accepted (code 1, its upstream session subscribed); then ` +
        `${LOGINS} logins on the same socket: ${accepted} answered code 1 (the others let through were replaced before their answer), ${refused} refused; ` +
        `${privateOpened} upstream sessions opened in all, at most ${mostOpen} upstream sockets ` +
        `open at once (public included), ${serving.length} still serving the socket`,
    );
    // The socket's allowance of logins, each replacing the one before: never more open at once
    // than the public connection, one session and the one it is replacing.
    expect(privateOpened).toBeLessThanOrEqual(SOCKET_LOGINS.burst);
    expect(mostOpen).toBeLessThanOrEqual(3);
    expect(refused).toBeGreaterThanOrEqual(LOGINS - SOCKET_LOGINS.burst);
    // The refusals left the last accepted login's session alone: it still serves the socket.
    expect(gateway.hub.stats().upstream.private).toBe(1);
    expect(serving).toHaveLength(1);
    expect(serving[0]?.topics.has('FOREX_TRADE')).toBe(true);
    const survivor = tokenOf(serving[0]?.sent ?? []);
    expect(survivor).toBeDefined();
    const trader = restClient(upstream.mock);
    trader.setToken(survivor as string);
    const [instrument] = await openInstruments(upstream.mock);
    const orderId = await buyAtMarket(
      { api: trader, token: survivor as string },
      instrument as Instrument,
    );
    await b.next(
      (f) => f.type === 'FOREX_TRADE' && (f.data as { Id: number }[]).some((u) => u.Id === orderId),
    );
    // Refused, not thrown out: the quotes keep coming.
    const quotes = b.ofType('DAY_MARKET').length;
    await b.next((f) => f.type === 'DAY_MARKET' && b.ofType('DAY_MARKET').length > quotes);
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    b.close();
  }, 30_000);
});
