import { CODE } from '@pipstream/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeUpstream,
  startFakeUpstream,
  subscriptionLog,
} from '../test-support/fake-upstream.js';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from '../test-support/harness.js';

let upstream: FakeUpstream;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

async function browser(lang?: string) {
  const b = await openBrowser(gateway.wsUrl, lang ? { headers: { lang } } : {});
  browsers.push(b);
  return b;
}

async function loggedIn(token: string, ...topics: string[]) {
  const b = await browser();
  b.send({ type: 'login', token });
  const result = await b.next((f) => f.type === 'login_result');
  expect(result.code).toBe(1);
  for (const topic of topics) b.send({ type: 'sub', param: topic });
  return b;
}

const privateConnections = () => upstream.open().filter((c) => c.token !== undefined);
const trade = (id: number) =>
  JSON.stringify({
    type: 'FOREX_TRADE',
    code: 1,
    data: [{ Id: id, UpdatePrice: 1, FactProfits: '1' }],
  });

beforeEach(async () => {
  upstream = await startFakeUpstream();
  gateway = await startGateway(upstream.url);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterEach(async () => {
  for (const b of browsers.splice(0)) b.close();
  await gateway.close();
  await upstream.close();
});

describe('private sessions', () => {
  it('opens one upstream connection per token, reused by every tab', async () => {
    const alice = await Promise.all([1, 2, 3].map(() => loggedIn('good-alice', 'FOREX_TRADE')));
    const bob = await Promise.all([1, 2].map(() => loggedIn('good-bob', 'FOREX_TRADE')));
    await waitFor(
      () =>
        privateConnections().every((c) => c.topics.has('FOREX_TRADE')) &&
        privateConnections().length === 2,
      'two private connections subscribed',
    );
    expect(gateway.hub.stats().upstream.private).toBe(2);
    for (const connection of privateConnections()) {
      expect(subscriptionLog(connection)).toEqual(['sub FOREX_TRADE']);
    }

    upstream.publish('FOREX_TRADE', trade(11), 'good-alice');
    upstream.publish('FOREX_TRADE', trade(22), 'good-bob');
    await Promise.all(alice.map((b) => b.next((f) => f.type === 'FOREX_TRADE')));
    await Promise.all(bob.map((b) => b.next((f) => f.type === 'FOREX_TRADE')));
    await sleep(50);
    for (const b of alice)
      expect(b.ofType('FOREX_TRADE').map((f) => JSON.stringify(f.data))).toEqual([
        '[{"Id":11,"UpdatePrice":1,"FactProfits":"1"}]',
      ]);
    for (const b of bob)
      expect(b.ofType('FOREX_TRADE').map((f) => JSON.stringify(f.data))).toEqual([
        '[{"Id":22,"UpdatePrice":1,"FactProfits":"1"}]',
      ]);
  });

  it('routes only to tabs of the token that subscribed the topic', async () => {
    const subscribed = await loggedIn('good-carol', 'FOREX_CLOSED');
    const other = await loggedIn('good-carol', 'FOREX_TRADE');
    await waitFor(() => privateConnections()[0]?.topics.size === 2, 'both topics upstream');
    upstream.publish('FOREX_CLOSED', JSON.stringify({ type: 'FOREX_CLOSED', code: 1, data: [5] }));
    await subscribed.next((f) => f.type === 'FOREX_CLOSED');
    await sleep(50);
    expect(other.ofType('FOREX_CLOSED')).toEqual([]);
  });

  it('refuses a private sub before login with an error frame', async () => {
    const b = await browser();
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    const error = await b.next((f) => f.type === 'error');
    expect(error).toMatchObject({
      code: CODE.INVALID_INPUT,
      msg: expect.stringContaining('log in'),
    });
    expect(privateConnections()).toEqual([]);
  });

  it('subscribes topics asked for while the login is on its way, once it succeeds', async () => {
    const b = await browser('en');
    b.send({ type: 'login', token: 'good-dave' });
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    await b.next((f) => f.type === 'login_result');
    await waitFor(
      () => privateConnections()[0]?.topics.has('FOREX_TRADE') ?? false,
      'the private sub',
    );
    expect(privateConnections()[0]?.headers.lang).toBe('en');
    upstream.publish('FOREX_TRADE', trade(1));
    await b.next((f) => f.type === 'FOREX_TRADE');
    expect(b.ofType('error')).toEqual([]);
  });

  it('relays a refused login and closes that upstream connection at once', async () => {
    const b = await browser();
    b.send({ type: 'login', token: 'bad-token' });
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    const result = await b.next((f) => f.type === 'login_result');
    expect(result.code).toBe(999);
    await waitFor(() => gateway.hub.stats().upstream.private === 0, 'the session to end');
    await waitFor(() => upstream.open().length === 1, 'only the public connection left');
    // Still not logged in: private topics are refused.
    b.send({ type: 'sub', param: 'FOREX_CLOSED' });
    await b.next((f) => f.type === 'error');
  });

  it('releases the upstream connection a linger after logout or the last tab closing', async () => {
    const a = await loggedIn('good-erin', 'FOREX_TRADE');
    const b = await loggedIn('good-erin');
    a.close();
    await sleep(150);
    expect(gateway.hub.stats().upstream.private).toBe(1);
    await waitFor(() => privateConnections()[0]?.topics.size === 0, 'FOREX_TRADE unsubscribed');
    b.send({ type: 'logout' });
    await waitFor(() => gateway.hub.stats().upstream.private === 0, 'the release');
    await waitFor(() => privateConnections().length === 0, 'the upstream socket closed');
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    await b.next((f) => f.type === 'error');
  });

  it('keeps the connection when a tab logs back in within the linger', async () => {
    // A linger no loaded machine can outlast between the logout and the login.
    await gateway.close();
    gateway = await startGateway(upstream.url, { lingerMs: 60_000 });
    const a = await loggedIn('good-fay', 'FOREX_TRADE');
    a.send({ type: 'logout' });
    await sleep(10);
    a.send({ type: 'login', token: 'good-fay' });
    await waitFor(() => a.ofType('login_result').length === 2, 'the second login_result');
    await sleep(120);
    expect(gateway.hub.stats().upstream.private).toBe(1);
    expect(
      upstream.connections.filter((c) => c.received.some((t) => t.includes('good-fay'))),
    ).toHaveLength(1);
  });

  it('moves a tab to the new token when it logs in as someone else', async () => {
    const b = await loggedIn('good-gus', 'FOREX_TRADE');
    b.send({ type: 'login', token: 'good-hal' });
    await waitFor(() => b.ofType('login_result').length === 2, 'the second login_result');
    await waitFor(() => gateway.hub.stats().upstream.private === 1, 'the old session released');
    upstream.publish('FOREX_TRADE', trade(3), 'good-gus');
    // The socket keeps its subscription across the change of user, as the upstream does.
    await waitFor(
      () => privateConnections().some((c) => c.token === 'good-hal' && c.topics.has('FOREX_TRADE')),
      'the new subscription',
    );
    upstream.publish('FOREX_TRADE', trade(4), 'good-hal');
    await b.next((f) => f.type === 'FOREX_TRADE');
    expect(b.ofType('FOREX_TRADE').map((f) => (f.data as { Id: number }[])[0]?.Id)).toEqual([4]);
  });

  it('answers a login a logout ends before the upstream answered it', async () => {
    const b = await browser();
    b.send({ type: 'login', token: 'good-ned' });
    b.send({ type: 'logout' });
    expect(await b.next((f) => f.type === 'login_result')).toEqual({
      type: 'login_result',
      code: CODE.LOGIN_REPLACED,
      msg: expect.stringMatching(/logout/),
    });
    b.send({ type: 'sub', param: 'FOREX_TRADE' });
    await b.next((f) => f.type === 'error');
    await sleep(50);
    expect(b.ofType('login_result')).toHaveLength(1);
  });

  it('answers each of two logins with the same token sent before the first answer', async () => {
    const b = await browser();
    b.send({ type: 'login', token: 'good-oz' });
    b.send({ type: 'login', token: 'good-oz' });
    await waitFor(() => b.ofType('login_result').length === 2, 'two answers');
    expect(b.ofType('login_result').map((f) => f.code)).toEqual([CODE.OK, CODE.OK]);
    expect(privateConnections()).toHaveLength(1);
  });
});

describe('private sessions, bounded', () => {
  const refusals = async () =>
    Object.fromEntries(
      (await gateway.metrics.loginsRefused.get()).values.map((v) => [v.labels.reason, v.value]),
    );

  it('ends the session a second login replaces at once, unless another tab shares it', async () => {
    await gateway.close();
    gateway = await startGateway(upstream.url, { lingerMs: 60_000 });
    const tab = await loggedIn('good-ian', 'FOREX_TRADE');
    const other = await loggedIn('good-ian');
    tab.send({ type: 'login', token: 'good-jo' });
    await waitFor(() => tab.ofType('login_result').length === 2, 'the second login_result');
    // good-ian stays: another tab is logged in with it.
    expect(privateConnections().map((c) => c.token)).toEqual(['good-ian', 'good-jo']);
    other.send({ type: 'login', token: 'good-kim' });
    await waitFor(
      () => privateConnections().every((c) => c.token !== 'good-ian'),
      'good-ian ended long before its linger',
      1000,
    );
    expect(gateway.hub.stats().upstream.private).toBe(2);
  });

  it('paces one socket’s logins; past its allowance it gets 429 and keeps its public topics', async () => {
    await gateway.close();
    gateway = await startGateway(upstream.url, { socketLogins: { burst: 2, perSecond: 2 } });
    const b = await browser();
    b.send({ type: 'sub', param: 'DAY_MARKET' });
    for (const n of [1, 2, 3, 4]) b.send({ type: 'login', token: `good-${n}` });
    // Each login answered, in order: good-2 replaces good-1 (answered as replaced unless its
    // answer beat the next login), and the refusals wait for good-2's answer.
    await waitFor(() => b.ofType('login_result').length === 4, 'four answers');
    await sleep(100);
    const [first, ...rest] = b.ofType('login_result');
    expect([CODE.LOGIN_REPLACED, CODE.OK]).toContain(first?.code);
    const tooMany = {
      type: 'login_result',
      code: CODE.RATE_LIMITED,
      msg: expect.stringMatching(/too many logins/),
    };
    expect(rest).toEqual([{ type: 'login_result', code: CODE.OK, msg: 'ok' }, tooMany, tooMany]);
    expect(await refusals()).toEqual({ socket_rate: 2 });
    // The refusals changed nothing: the socket is still in good-2's session.
    expect(privateConnections().map((c) => c.token)).toEqual(['good-2']);
    upstream.publish('DAY_MARKET', '{"type":"DAY_MARKET","code":1,"data":[]}');
    await b.next((f) => f.type === 'DAY_MARKET');
    expect(b.socket.readyState).toBe(b.socket.OPEN);
    // Refilled: the socket may log in again.
    await sleep(600);
    b.send({ type: 'login', token: 'good-5' });
    await b.next((f) => f.type === 'login_result' && f.code === CODE.OK);
  });

  it('keeps a working session through a login the limits refuse', async () => {
    await gateway.close();
    gateway = await startGateway(upstream.url, { socketLogins: { burst: 1, perSecond: 0.01 } });
    const b = await loggedIn('good-ann', 'FOREX_TRADE');
    await waitFor(
      () => privateConnections()[0]?.topics.has('FOREX_TRADE') ?? false,
      'the private sub',
    );
    b.send({ type: 'login', token: 'good-bo' });
    expect(await b.next((f) => f.type === 'login_result' && f.code !== CODE.OK)).toMatchObject({
      code: CODE.RATE_LIMITED,
    });
    // good-ann's session goes on as if the refused login had never come.
    expect(privateConnections().map((c) => c.token)).toEqual(['good-ann']);
    expect(privateConnections()[0]?.received).not.toContain('{"type":"logout"}');
    upstream.publish('FOREX_TRADE', trade(7), 'good-ann');
    await b.next((f) => f.type === 'FOREX_TRADE');
    b.send({ type: 'sub', param: 'FOREX_CLOSED' });
    await waitFor(
      () => privateConnections()[0]?.topics.has('FOREX_CLOSED') ?? false,
      'a later private sub',
    );
    expect(b.ofType('error')).toEqual([]);
  });

  it('ends the working session when the upstream refuses the token that replaces it', async () => {
    const b = await loggedIn('good-cy', 'FOREX_TRADE');
    b.send({ type: 'login', token: 'bad-dee' });
    await b.next((f) => f.type === 'login_result' && f.code !== CODE.OK);
    // As on the upstream's own socket: a failed login leaves the socket logged out.
    await waitFor(() => gateway.hub.stats().upstream.private === 0, 'no session left');
    b.send({ type: 'sub', param: 'FOREX_CLOSED' });
    await b.next((f) => f.type === 'error');
  });

  it("paces an address's logins across its sockets", async () => {
    await gateway.close();
    gateway = await startGateway(upstream.url, {
      maxPrivateSessionsPerIp: 3,
      loginsPerIpPerSecond: 1,
    });
    // Tabs of one user: one session, yet every login counts against the address's pace.
    const tabs = await Promise.all([1, 2, 3, 4].map(() => browser()));
    for (const tab of tabs) tab.send({ type: 'login', token: 'good-lee' });
    const results = await Promise.all(
      tabs.map((tab) => tab.next((f) => f.type === 'login_result')),
    );
    expect(results.map((r) => r.code).sort()).toEqual([
      CODE.OK,
      CODE.OK,
      CODE.OK,
      CODE.RATE_LIMITED,
    ]);
    expect(results.find((r) => r.code === CODE.RATE_LIMITED)?.msg).toMatch(/this address/);
    expect(await refusals()).toEqual({ address_rate: 1 });
  });

  it('caps the sessions one address opens, and in total; a lingering one gives way', async () => {
    await gateway.close();
    gateway = await startGateway(upstream.url, {
      lingerMs: 60_000,
      maxPrivateSessionsPerIp: 2,
      maxPrivateSessions: 3,
      // The caps, not the pace: an address's logins refill within a millisecond.
      loginsPerIpPerSecond: 1000,
    });
    await loggedIn('good-a1');
    const leaving = await loggedIn('good-a2');
    const third = await browser();
    third.send({ type: 'login', token: 'good-a3' });
    const refused = await third.next((f) => f.type === 'login_result');
    expect(refused).toMatchObject({
      code: CODE.SESSIONS_FULL,
      msg: expect.stringMatching(/address/),
    });
    // Another address is not held back by this one's cap.
    const away = await openBrowser(gateway.wsUrl, { localAddress: '127.0.0.2' });
    browsers.push(away);
    away.send({ type: 'login', token: 'good-b1' });
    expect(await away.next((f) => f.type === 'login_result')).toMatchObject({ code: CODE.OK });
    // Three in all: the fourth is refused wherever it comes from.
    const late = await openBrowser(gateway.wsUrl, { localAddress: '127.0.0.3' });
    browsers.push(late);
    late.send({ type: 'login', token: 'good-c1' });
    expect(await late.next((f) => f.type === 'login_result')).toMatchObject({
      code: CODE.SESSIONS_FULL,
      msg: expect.stringMatching(/server holds/),
    });
    expect(gateway.hub.stats().upstream.private).toBe(3);
    expect(await refusals()).toEqual({ address_sessions: 1, total_sessions: 1 });
    // A session nobody uses any more (lingering) makes room for a newcomer of its address.
    leaving.close();
    await waitFor(() => gateway.hub.stats().browsers === 4, 'the tab gone');
    third.send({ type: 'login', token: 'good-a3' });
    await third.next((f) => f.type === 'login_result' && f.code === CODE.OK);
    expect(
      privateConnections()
        .map((c) => c.token)
        .sort(),
    ).toEqual(['good-a1', 'good-a3', 'good-b1']);
  });
});
