import { CLOSE, CODE } from '@pipstream/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../protocol/src/test-support/index.js';
import {
  type Gateway,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from './test-support/harness.js';
import { startTappedMock, type TappedMock } from './test-support/mock.js';

const FRAMES = 10_000;
const MAX_FRAME_BYTES = 4096;

/** What the gateway must do with one hostile frame. */
type Expect = 'error' | 'pong' | 'login_result' | 'nothing' | { close: number };

interface Hostile {
  readonly data: string | Buffer;
  readonly binary?: boolean;
  readonly expect: Expect;
}

/** Frames a hostile or broken client sends, each with the documented answer. */
function hostileFrames(random: () => number): () => Hostile {
  const int = (n: number) => Math.floor(random() * n);
  const junk = (length: number) =>
    Array.from({ length }, () => String.fromCharCode(32 + int(95))).join('');
  const kinds: [weight: number, make: () => Hostile][] = [
    [20, () => ({ data: `{${junk(1 + int(60))}`, expect: 'error' })],
    [8, () => ({ data: junk(1 + int(40)).replace(/^ping$/, 'pong'), expect: 'error' })],
    [8, () => ({ data: JSON.stringify([null, 1, 'x', true, {}][int(5)]), expect: 'error' })],
    [
      8,
      () => ({
        data: JSON.stringify({ type: junk(int(12)), param: 'DAY_MARKET' }),
        expect: 'error',
      }),
    ],
    [
      6,
      () => ({
        data: JSON.stringify({ type: ['sub', 'unsub', 'login'][int(3)] }),
        expect: 'error',
      }),
    ],
    [6, () => ({ data: JSON.stringify({ type: 'sub', param: int(1000) }), expect: 'error' })],
    [
      5,
      () => ({
        data: JSON.stringify({ type: 'login', token: ['', 7, null][int(3)] }),
        expect: 'error',
      }),
    ],
    [
      4,
      () => ({
        data: JSON.stringify({ type: 'login', token: 'a'.repeat(513 + int(2000)) }),
        expect: 'error',
      }),
    ],
    [
      4,
      () => ({
        data: '{"__proto__":{"type":"sub","param":"DAY_MARKET"},"constructor":{}}',
        expect: 'error',
      }),
    ],
    [4, () => ({ data: `${'['.repeat(1000 + int(1500))}${']'.repeat(1000)}`, expect: 'error' })],
    [5, () => ({ data: Buffer.from(junk(1 + int(50))), binary: true, expect: 'error' })],
    [
      5,
      () => ({
        data: JSON.stringify({ type: 'sub', param: ['FOREX_TRADE', 'FOREX_CLOSED'][int(2)] }),
        expect: 'error',
      }),
    ],
    [5, () => ({ data: 'ping', expect: 'pong' })],
    [
      4,
      () => ({
        data: JSON.stringify({ type: 'unsub', param: 'KLINE.NOPE.1min' }),
        expect: 'nothing',
      }),
    ],
    [3, () => ({ data: JSON.stringify({ type: 'logout' }), expect: 'nothing' })],
    [
      3,
      () => ({
        data: JSON.stringify({ type: ['sub', 'unsub'][int(2)], param: 'DAY_MARKET' }),
        expect: 'nothing',
      }),
    ],
    [
      1,
      () => ({
        data: JSON.stringify({ type: 'login', token: `forged-${junk(10)}` }),
        expect: 'login_result',
      }),
    ],
    [
      1,
      () => ({
        data: JSON.stringify({ type: 'sub', param: `DAY_MARKET${junk(1 + int(9))}` }),
        expect: { close: CLOSE.UNKNOWN_TOPIC },
      }),
    ],
    [
      1,
      () => ({
        data: JSON.stringify({ type: 'sub', param: 'x'.repeat(65 + int(100)) }),
        expect: { close: CLOSE.UNKNOWN_TOPIC },
      }),
    ],
    [
      1,
      () => ({
        data: `"${'x'.repeat(MAX_FRAME_BYTES + int(10_000))}"`,
        expect: { close: CLOSE.TOO_BIG },
      }),
    ],
    [1, () => ({ data: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), expect: { close: 1007 } })],
  ];
  const total = kinds.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = random() * total;
    for (const [weight, make] of kinds) {
      roll -= weight;
      if (roll < 0) return make();
    }
    return (kinds[0] as (typeof kinds)[number])[1]();
  };
}

/** Types a hostile socket's answers are checked on; quote frames it may get are ignored. */
const ANSWERS = new Set(['error', 'pong', 'login_result']);

let upstream: TappedMock;
let gateway: Gateway;

beforeAll(async () => {
  upstream = await startTappedMock({ tickMs: 50 });
  // A high bad-frame limit keeps one socket on for thousands of frames; the flood rule has its
  // own test (browser-limits.test.ts).
  gateway = await startGateway(upstream.tap.url, {
    badFrameLimit: 1_000_000,
    maxFrameBytes: MAX_FRAME_BYTES,
    heartbeatMs: 1000,
  });
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
});

describe('fuzz: 10 000 hostile frames from one client', () => {
  it('answers or closes as documented, stays up, and leaves another browser untouched', async () => {
    const observer = await openBrowser(gateway.wsUrl, { pingMs: 300 });
    observer.send({ type: 'sub', param: 'DAY_MARKET' });
    await observer.next((f) => f.type === 'DAY_MARKET');
    const [feed] = upstream.tap.publicOpen();
    const followFrom = feed?.ticks.length ?? 0;

    const next = hostileFrames(seededRandom(20_260_101));
    let socket: TestBrowser = await openBrowser(gateway.wsUrl, { pingMs: 0 });
    const closes = new Map<number, number>();
    let batch: Expect[] = [];
    let answered = 0;

    /** Waits for the answers of the batch sent on this socket and checks them as a multiset. */
    const settle = async () => {
      const wanted = batch.filter(
        (e): e is 'error' | 'pong' | 'login_result' => typeof e === 'string' && e !== 'nothing',
      );
      const answers = () => socket.frames.filter((f) => ANSWERS.has(f.type)).slice(answered);
      await waitFor(() => answers().length >= wanted.length, `${wanted.length} answers`, 5000);
      const got = answers();
      expect(got.map((f) => f.type).sort()).toEqual([...wanted].sort());
      for (const frame of got) {
        if (frame.type === 'error') expect(frame.code).toBe(CODE.INVALID_INPUT);
        if (frame.type === 'login_result') expect(frame.code).not.toBe(CODE.OK);
      }
      answered += got.length;
      batch = [];
    };

    for (let i = 0; i < FRAMES; i++) {
      const frame = next();
      socket.socket.send(frame.data, { binary: frame.binary ?? false });
      if (typeof frame.expect === 'object') {
        const code = await socket.closed;
        expect(code).toBe(frame.expect.close);
        closes.set(code, (closes.get(code) ?? 0) + 1);
        socket = await openBrowser(gateway.wsUrl, { pingMs: 0 });
        batch = [];
        answered = 0;
        continue;
      }
      batch.push(frame.expect);
      // A login's answer comes from the upstream later: settle on it alone.
      if (frame.expect === 'login_result' || batch.length >= 100) await settle();
    }
    await settle();
    socket.close();

    // The gateway is up and serving, and the observer got every tick, byte for byte.
    const fresh = await openBrowser(gateway.wsUrl);
    fresh.send({ type: 'sub', param: 'DAY_MARKET' });
    await fresh.next((f) => f.type === 'DAY_MARKET');
    const sent = (feed?.ticks ?? []).slice(followFrom).map((t) => t.text);
    const got = observer.texts.filter((t) => t.startsWith('{"type":"DAY_MARKET"'));
    const start = got.indexOf(sent[0] ?? '');
    expect(sent.length).toBeGreaterThan(10);
    expect(got.slice(start, start + sent.length - 3)).toEqual(sent.slice(0, -3));
    expect(observer.ofType('error')).toEqual([]);
    expect(upstream.tap.publicOpen()).toHaveLength(1);
    expect(gateway.hub.stats().topics).toEqual(['DAY_MARKET']);
    console.info(
      `[fuzz] ${FRAMES} frames; closes by code: ${JSON.stringify(Object.fromEntries(closes))}; ` +
        `observer followed ${sent.length} ticks`,
    );
    observer.close();
    fresh.close();
  });
});
