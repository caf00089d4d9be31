import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../protocol/src/test-support/index.js';
import {
  type Gateway,
  openBrowser,
  sleep,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { control, openInstruments, startTappedMock, type TappedMock } from './test-support/mock.js';

let upstream: TappedMock;
let gateway: Gateway;
let topics: string[] = [];

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 50 });
  gateway = await startGateway(upstream.tap.url, { maxConnectionsPerIp: 1000 });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
  const codes = (await openInstruments(upstream.mock)).slice(0, 3).map((i) => i.Code);
  topics = ['DAY_MARKET', ...codes.flatMap((code) => [`KLINE.${code}.1min`, `KLINE.${code}.5min`])];
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

interface ModelBrowser {
  readonly socket: TestBrowser;
  readonly topics: Set<string>;
}

/** What the upstream should hold once lingers ran out: every topic some browser holds. */
function union(browsers: readonly ModelBrowser[]): string[] {
  return [...new Set(browsers.flatMap((b) => [...b.topics]))].sort();
}

/**
 * Waits until the one public upstream connection holds exactly the union, as the hub itself
 * reports too (a lingering topic keeps the hub's list longer; a reconnect empties the tap's
 * until the resubscription arrives), then checks it.
 */
async function expectUpstreamMatches(browsers: readonly ModelBrowser[], when: string) {
  const expected = union(browsers);
  const held = () => [...(upstream.tap.publicOpen()[0]?.topics ?? [])].sort();
  await waitFor(
    () =>
      upstream.tap.publicOpen().length === 1 &&
      JSON.stringify(held()) === JSON.stringify(expected) &&
      JSON.stringify(gateway.hub.stats().topics) === JSON.stringify(expected) &&
      gateway.hub.ready(),
    `the upstream to hold ${expected.join(', ') || 'nothing'} (${when})`,
    5000,
  ).catch((error: Error) => {
    throw new Error(`${error.message}; it holds ${held().join(', ') || 'nothing'}`);
  });
  expect(held()).toEqual(expected);
  expect(gateway.hub.stats().topics).toEqual(expected);
}

async function churn(seed: number, operations: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const browsers: ModelBrowser[] = [];
  let drops = 0;

  for (let op = 0; op < operations; op++) {
    const roll = random();
    const target = pick(browsers);
    if (roll < 0.15 || !target) {
      if (browsers.length < 25)
        browsers.push({ socket: await openBrowser(gateway.wsUrl), topics: new Set() });
    } else if (roll < 0.5) {
      const topic = pick(topics) as string;
      target.socket.send({ type: 'sub', param: topic });
      target.topics.add(topic);
    } else if (roll < 0.8) {
      const topic = pick([...target.topics]);
      if (topic) {
        target.socket.send({ type: 'unsub', param: topic });
        target.topics.delete(topic);
      }
    } else if (roll < 0.95) {
      // Half vanish (network loss), half close properly.
      if (random() < 0.5) target.socket.close();
      else target.socket.socket.close(1000);
      browsers.splice(browsers.indexOf(target), 1);
    } else if (drops < 3) {
      drops++;
      await control(upstream.mock, '/sockets/drop');
      // Churn goes on while the gateway reconnects; check once it has settled.
      await sleep(random() * 30);
      await expectUpstreamMatches(browsers, `seed ${seed}, after upstream drop ${drops}`);
    }
    if (random() < 0.3) await sleep(random() * 15);
  }
  await expectUpstreamMatches(browsers, `seed ${seed}, end`);
  for (const b of browsers) b.socket.close();
  await expectUpstreamMatches([], `seed ${seed}, all gone`);
  return drops;
}

describe('subscription churn (mock upstream, property)', () => {
  for (const seed of [1, 42, 2026]) {
    it(`upstream subscriptions equal the union of browser subscriptions (seed ${seed})`, async () => {
      const reconnectsBefore = upstream.tap.connections.length;
      const drops = await churn(seed, 250);
      expect(drops).toBeGreaterThan(0);
      expect(upstream.tap.connections.length - reconnectsBefore).toBe(drops);
    });
  }
});
