import { CODE, type Instrument } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import {
  buyAtMarket,
  control,
  demoUser,
  openInstruments,
  startTappedMock,
  type TappedMock,
} from './test-support/mock.js';

const TABS = 3;

let upstream: TappedMock;
let gateway: Gateway;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 100 });
  gateway = await startGateway(upstream.tap.url);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await gateway.close();
  await upstream.close();
});

/** `TABS` browser sockets logged in with `token`, subscribed to both private topics. */
async function tabsOf(token: string): Promise<TestBrowser[]> {
  const tabs = await Promise.all(Array.from({ length: TABS }, () => openBrowser(gateway.wsUrl)));
  browsers.push(...tabs);
  for (const tab of tabs) tab.send({ type: 'login', token });
  const results = await Promise.all(tabs.map((tab) => tab.next((f) => f.type === 'login_result')));
  for (const result of results) expect(result.code).toBe(1);
  for (const tab of tabs) {
    tab.send({ type: 'sub', param: 'FOREX_TRADE' });
    tab.send({ type: 'sub', param: 'FOREX_CLOSED' });
  }
  return tabs;
}

/** Every order Id a tab saw in FOREX_TRADE, and every Id in FOREX_CLOSED. */
function idsSeen(tab: TestBrowser) {
  const traded = new Set<number>();
  for (const frame of tab.ofType('FOREX_TRADE')) {
    for (const update of frame.data as { Id: number }[]) traded.add(update.Id);
  }
  const closed = new Set(tab.ofType('FOREX_CLOSED').flatMap((f) => f.data as number[]));
  return { traded, closed };
}

describe('private frames of two users on several tabs (mock upstream)', () => {
  it('gives each user exactly their own FOREX_TRADE and FOREX_CLOSED', async () => {
    const alice = await demoUser(upstream.mock);
    const bob = await demoUser(upstream.mock);
    const aliceTabs = await tabsOf(alice.token);
    const bobTabs = await tabsOf(bob.token);
    await waitFor(
      () =>
        upstream.tap.privateOpen().length === 2 &&
        upstream.tap.privateOpen().every((c) => c.topics.size === 2),
      'one private upstream connection per user, both subscribed',
    );

    const instruments = (await openInstruments(upstream.mock)).slice(0, 2);
    const aliceOrders = [
      await buyAtMarket(alice, instruments[0] as Instrument),
      await buyAtMarket(alice, instruments[1] as Instrument),
    ];
    const bobOrders = [await buyAtMarket(bob, instruments[0] as Instrument)];
    for (const instrument of instruments) {
      await control(upstream.mock, '/market/price', {
        id: instrument.Id,
        price: instrument.ForexQuotations.Close * 1.001,
      });
    }
    const sawOwnTrades = (tabs: TestBrowser[], orders: number[]) => () =>
      tabs.every((tab) => orders.every((id) => idsSeen(tab).traded.has(id)));
    await waitFor(sawOwnTrades(aliceTabs, aliceOrders), "alice's tabs to see her orders", 5000);
    await waitFor(sawOwnTrades(bobTabs, bobOrders), "bob's tabs to see his order", 5000);

    await alice.api.call('close', { id: aliceOrders[0] as number });
    await bob.api.call('close', { id: bobOrders[0] as number });
    await waitFor(
      () =>
        aliceTabs.every((tab) => idsSeen(tab).closed.has(aliceOrders[0] as number)) &&
        bobTabs.every((tab) => idsSeen(tab).closed.has(bobOrders[0] as number)),
      'the close pushes',
      5000,
    );
    await sleep(300);

    for (const tab of aliceTabs) {
      const { traded, closed } = idsSeen(tab);
      expect([...traded].every((id) => aliceOrders.includes(id))).toBe(true);
      expect([...closed]).toEqual([aliceOrders[0]]);
    }
    for (const tab of bobTabs) {
      const { traded, closed } = idsSeen(tab);
      expect([...traded]).toEqual(bobOrders);
      expect([...closed]).toEqual(bobOrders);
    }
    // Every tab of a user got the same frames (one upstream connection, fanned out).
    const privateTexts = (tab: TestBrowser) =>
      tab.texts.filter((t) => t.startsWith('{"type":"FOREX_'));
    for (const tabs of [aliceTabs, bobTabs]) {
      for (const tab of tabs)
        expect(privateTexts(tab)).toEqual(privateTexts(tabs[0] as TestBrowser));
    }
    expect(upstream.tap.privateOpen()).toHaveLength(2);
    expect(gateway.hub.stats().upstream.private).toBe(2);
  });
});

describe('a second login before the first is answered (mock upstream)', () => {
  it('answers both in order, the first as replaced, and carries only the second user', async () => {
    const first = await demoUser(upstream.mock);
    const second = await demoUser(upstream.mock);
    const tab = await openBrowser(gateway.wsUrl);
    browsers.push(tab);
    tab.send({ type: 'login', token: first.token });
    tab.send({ type: 'login', token: second.token });
    tab.send({ type: 'sub', param: 'FOREX_TRADE' });
    tab.send({ type: 'sub', param: 'FOREX_CLOSED' });
    await waitFor(() => tab.ofType('login_result').length === 2, 'an answer to each login');
    expect(tab.ofType('login_result')).toEqual([
      {
        type: 'login_result',
        code: CODE.LOGIN_REPLACED,
        msg: expect.stringMatching(/later login/),
      },
      expect.objectContaining({ type: 'login_result', code: CODE.OK }),
    ]);
    const sessionOf = (token: string) =>
      upstream.tap.privateOpen().find((c) => c.sent.some((text) => text.includes(token)));
    await waitFor(
      () => sessionOf(second.token)?.topics.size === 2,
      "the second user's session subscribed to both topics",
    );
    await waitFor(() => sessionOf(first.token) === undefined, "the first user's session gone");

    const instrument = (await openInstruments(upstream.mock))[0] as Instrument;
    const firstOrder = await buyAtMarket(first, instrument);
    const secondOrder = await buyAtMarket(second, instrument);
    await control(upstream.mock, '/market/price', {
      id: instrument.Id,
      price: instrument.ForexQuotations.Close * 1.001,
    });
    await waitFor(() => idsSeen(tab).traded.has(secondOrder), "the second user's order", 5000);
    await first.api.call('close', { id: firstOrder });
    await second.api.call('close', { id: secondOrder });
    await waitFor(() => idsSeen(tab).closed.has(secondOrder), "the second user's close", 5000);
    await sleep(300);

    const { traded, closed } = idsSeen(tab);
    expect([...traded]).toEqual([secondOrder]);
    expect([...closed]).toEqual([secondOrder]);
    expect(tab.ofType('login_result')).toHaveLength(2);
    expect(tab.ofType('error')).toEqual([]);
  });
});
