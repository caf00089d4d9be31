import type { Instrument } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Gateway,
  openBrowser,
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
import { messageOf, startWireTap, textFrames, type WireTap } from './test-support/wire-tap.js';
import { DEFLATE_FROM_BYTES } from './wire/shared-frame.js';

const HOLDINGS = 12;

let upstream: TappedMock;
let gateway: Gateway;
let wire: WireTap;
const browsers: TestBrowser[] = [];

beforeAll(async () => {
  // The market moves only when the test steps it, so two browsers see the same frames.
  upstream = await startTappedMock({ tickMs: 60_000, quoteRefreshMs: 0 });
  gateway = await startGateway(upstream.tap.url, { heartbeatMs: 5000 });
  wire = await startWireTap(gateway.port);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  for (const b of browsers) b.close();
  await wire.close();
  await gateway.close();
  await upstream.close();
});

async function browser(deflate: boolean) {
  const b = await openBrowser(wire.url, { deflate, pingMs: 0 });
  browsers.push(b);
  return b;
}

/** Does `act` to both browsers, then waits until both have `count` more frames. */
async function both(pair: TestBrowser[], act: (b: TestBrowser) => void, count = 1) {
  const before = pair.map((b) => b.texts.length);
  for (const b of pair) act(b);
  await waitFor(
    () => pair.every((b, i) => b.texts.length >= (before[i] ?? 0) + count),
    `${count} frame(s) at both browsers`,
    5000,
  );
}

const types = (b: TestBrowser) => new Set(b.frames.map((f) => f.type));

describe('compressed feeds (mock upstream)', () => {
  it('delivers every topic byte-identical after inflation, large frames compressed', async () => {
    const user = await demoUser(upstream.mock);
    const instruments = await openInstruments(upstream.mock);
    const orders: number[] = [];
    for (let i = 0; i < HOLDINGS; i++) {
      orders.push(await buyAtMarket(user, instruments[i % instruments.length] as Instrument));
    }
    const candle = `KLINE.${instruments[0]?.Code}.1min`;
    // A first browser makes the gateway hold the topics: both browsers below then get the
    // gateway's own snapshots, the same for both.
    const first = await browser(false);
    for (const topic of ['DAY_MARKET', candle]) first.send({ type: 'sub', param: topic });
    await waitFor(() => types(first).has('DAY_MARKET') && types(first).has(candle), 'snapshots');

    const compressing = await browser(true);
    const plain = await browser(false);
    const pair = [compressing, plain];
    expect(compressing.socket.extensions).toBe('permessage-deflate');
    expect(plain.socket.extensions).toBe('');
    await both(pair, (b) => b.send({ type: 'login', token: user.token }));
    await both(pair, (b) => b.send({ type: 'sub', param: 'FOREX_TRADE' }), 0);
    await both(pair, (b) => b.send({ type: 'sub', param: 'FOREX_CLOSED' }), 0);
    await both(pair, (b) => b.send({ type: 'sub', param: 'DAY_MARKET' }));
    await both(pair, (b) => b.send({ type: 'sub', param: candle }));
    await both(pair, (b) => b.send('ping'));
    await both(pair, (b) => b.send('{"type":'));
    await waitFor(
      () => upstream.tap.privateOpen()[0]?.topics.size === 2,
      'the private topics held upstream',
    );
    for (let step = 0; step < 3; step++) {
      const seen = pair.map((b) => b.ofType('FOREX_TRADE').length);
      await control(upstream.mock, '/market/step', { count: 1 });
      await waitFor(
        () => pair.every((b, i) => b.ofType('FOREX_TRADE').length > (seen[i] ?? 0)),
        'a step at both browsers',
        5000,
      );
    }
    await user.api.call('close', { id: orders[0] as number });
    await waitFor(() => pair.every((b) => types(b).has('FOREX_CLOSED')), 'the close push', 5000);
    await control(upstream.mock, '/sockets/drop');
    await waitFor(
      () => pair.every((b) => b.ofType('upstream').some((f) => f.state === 'up')),
      'the upstream down, then up',
      5000,
    );
    await waitFor(() => compressing.texts.length === plain.texts.length, 'the same count');

    const expected = [
      'DAY_MARKET',
      candle,
      'FOREX_TRADE',
      'FOREX_CLOSED',
      'pong',
      'login_result',
      'error',
      'upstream',
    ];
    expect([...types(compressing)].sort()).toEqual([...expected].sort());
    // What ws decoded for each browser is the same, frame for frame, byte for byte.
    expect(compressing.texts).toEqual(plain.texts);

    // Read off the wire without ws: RSV1 set exactly on the large frames, and each one
    // inflates to the very text the plain browser got.
    const [, compressedWire, plainWire] = wire.sockets.map(textFrames);
    const inflated = compressedWire?.map((frame) => messageOf(frame).toString()) ?? [];
    expect(inflated).toEqual(plain.texts);
    for (const [i, frame] of (compressedWire ?? []).entries()) {
      const large = Buffer.byteLength(plain.texts[i] ?? '') >= DEFLATE_FROM_BYTES;
      expect(frame.compressed, `${plain.frames[i]?.type} frame ${i}`).toBe(large);
      if (large) expect(frame.payload.length).toBeLessThan(Buffer.byteLength(inflated[i] ?? ''));
    }
    const compressedTypes = new Set(
      compressedWire?.flatMap((f, i) => (f.compressed ? [plain.frames[i]?.type] : [])),
    );
    expect(compressedTypes).toEqual(new Set(['DAY_MARKET', 'FOREX_TRADE']));
    expect(plainWire?.map((frame) => frame.payload.toString())).toEqual(plain.texts);
    expect(plainWire?.some((frame) => frame.compressed)).toBe(false);

    // The upstream's frames reach the browser as the upstream wrote them.
    const fromUpstream = new Set(upstream.tap.connections.flatMap((c) => c.received));
    const relayed = ['FOREX_TRADE', 'FOREX_CLOSED', 'login_result'];
    for (const [i, frame] of compressing.frames.entries()) {
      if (relayed.includes(frame.type)) expect(fromUpstream.has(inflated[i] ?? '')).toBe(true);
    }
    // The last quotes came with the resubscription after the drop: the upstream's own frame.
    const quotes = inflated.filter((_text, i) => compressing.frames[i]?.type === 'DAY_MARKET');
    expect(fromUpstream.has(quotes.at(-1) ?? '')).toBe(true);
  });
});
