import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PerMessageDeflateOptions } from 'ws';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream.js';
import {
  type Gateway,
  openBrowser,
  startGateway,
  type TestBrowser,
  waitFor,
} from '../test-support/harness.js';
import {
  messageOf,
  readWire,
  startWireTap,
  type WireFrame,
  type WireTap,
} from '../test-support/wire-tap.js';
import { negotiatedWindowBits } from './permessage-deflate.js';
import { type WireFrames, wireFrames } from './ws-frames.js';

let upstream: FakeUpstream;
let gateway: Gateway;
let wire: WireTap;
const browsers: TestBrowser[] = [];

beforeEach(async () => {
  upstream = await startFakeUpstream();
  gateway = await startGateway(upstream.url);
  wire = await startWireTap(gateway.port);
  await waitFor(() => gateway.hub.ready(), 'the hub to be ready');
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const b of browsers.splice(0)) b.close();
  await wire.close();
  await gateway.close();
  await upstream.close();
});

/** A quote frame whose second half repeats its first 1.5 KB apart: past a 10-bit window. */
function quotes(): string {
  const code = randomBytes(750).toString('hex');
  return JSON.stringify({
    type: 'DAY_MARKET',
    code: 1,
    data: [
      { Id: 1, Code: code, Close: 1.1 },
      { Id: 2, Code: code, Close: 2.2 },
    ],
  });
}

/**
 * A browser offering `deflate` through the wire tap, subscribed to DAY_MARKET once it has
 * answered a ping (so its own frames were read); `wire()` reads what reached it.
 */
async function browser(deflate: boolean | PerMessageDeflateOptions) {
  const b = await openBrowser(wire.url, { deflate, pingMs: 0 });
  browsers.push(b);
  const tapped = wire.sockets.at(-1);
  b.send('ping');
  b.send({ type: 'sub', param: 'DAY_MARKET' });
  await b.next((f) => f.type === 'pong');
  return {
    b,
    wire: () => readWire(Buffer.concat(tapped?.fromGateway ?? [])),
  };
}

/** Publishes one quote frame once every browser holds DAY_MARKET; resolves its text. */
async function publishQuotes(count: number): Promise<string> {
  await waitFor(() => gateway.hub.stats().topics.includes('DAY_MARKET'), 'DAY_MARKET held');
  await new Promise((resolve) => setTimeout(resolve, 50));
  const text = quotes();
  upstream.publish('DAY_MARKET', text);
  await waitFor(
    () => browsers.filter((b) => b.texts.includes(text)).length === count,
    'the quotes at every browser',
  );
  return text;
}

function quoteFrame(frames: WireFrame[]): WireFrame {
  const frame = frames.filter((f) => f.opcode === 1).at(-1);
  if (!frame) throw new Error('no text frame');
  return frame;
}

describe('permessage-deflate negotiation', () => {
  it('answers a browser’s offer with no context takeover both ways, and compresses', async () => {
    const { b, wire: read } = await browser(true);
    const text = await publishQuotes(1);
    const { extensions, frames } = read();
    expect(extensions).toBe(
      'permessage-deflate; server_no_context_takeover; client_no_context_takeover',
    );
    expect(b.socket.extensions).toBe('permessage-deflate');
    const frame = quoteFrame(frames);
    expect(frame.compressed).toBe(true);
    expect(frame.payload.length).toBeLessThan(text.length * 0.8);
    expect(messageOf(frame).toString()).toBe(text);
  });

  it('sends plain frames to a browser that offers nothing', async () => {
    const { wire: read } = await browser(false);
    await browser(true);
    const text = await publishQuotes(2);
    const { extensions, frames } = read();
    expect(extensions).toBeUndefined();
    expect(frames.some((f) => f.compressed)).toBe(false);
    expect(quoteFrame(frames).payload.toString()).toBe(text);
    const gauge = async () => (await gateway.metrics.compressingClients.get()).values[0]?.value;
    expect(await gauge()).toBe(1);
    for (const b of browsers.splice(0)) b.close();
    await waitFor(() => gateway.hub.stats().browsers === 0, 'the browsers gone');
    expect(await gauge()).toBe(0);
  });

  it('asks client_no_context_takeover of a browser that did not offer it', async () => {
    // Chromium's offer, and like Chromium compressing every message, its ping too: the
    // gateway reads each on its own.
    const { b, wire: read } = await browser({ threshold: 0 });
    const text = await publishQuotes(1);
    expect(read().extensions).toBe(
      'permessage-deflate; server_no_context_takeover; client_no_context_takeover',
    );
    expect(b.texts.filter((t) => t.includes('pong'))).toHaveLength(1);
    expect(b.texts.at(-1)).toBe(text);
    // Its compressed ping and sub were read without a zlib inflater kept for its socket.
    const [socket] = gateway.app.websocketServer.clients;
    const extensions = (socket as unknown as { _extensions: Record<string, { _inflate: unknown }> })
      ._extensions;
    expect(extensions['permessage-deflate']).toBeDefined();
    expect(extensions['permessage-deflate']?._inflate).toBeFalsy();
  });

  it('takes the client_max_window_bits and client_no_context_takeover a browser offers', async () => {
    const narrow = await browser({ clientMaxWindowBits: 10 });
    const fresh = await browser({ clientNoContextTakeover: true });
    const text = await publishQuotes(2);
    const answers = [narrow, fresh].map(({ wire: read }) => read());
    expect(answers.map((a) => a.extensions)).toEqual([
      'permessage-deflate; client_max_window_bits=10; server_no_context_takeover; client_no_context_takeover',
      'permessage-deflate; client_no_context_takeover; server_no_context_takeover',
    ]);
    // Their own frames, compressed with those settings, were read: a ping answered, a
    // subscription held. The gateway's frames go compressed as for any other browser.
    for (const { frames } of answers) {
      const frame = quoteFrame(frames);
      expect(frame.compressed).toBe(true);
      expect(messageOf(frame).toString()).toBe(text);
    }
  });

  it('keeps to the server_max_window_bits a browser asks for; below 9 it goes plain', async () => {
    const wide = await browser(true);
    const narrow = await browser({ serverMaxWindowBits: 10 });
    const tiny = await browser({ serverMaxWindowBits: 8 });
    const text = await publishQuotes(3);
    const [wideAnswer, narrowAnswer, tinyAnswer] = [wide, narrow, tiny].map(({ wire: r }) => r());
    expect(narrowAnswer?.extensions).toBe(
      'permessage-deflate; server_max_window_bits=10; server_no_context_takeover; client_no_context_takeover',
    );
    const narrowFrame = quoteFrame(narrowAnswer?.frames ?? []);
    expect(narrowFrame.compressed).toBe(true);
    expect(messageOf(narrowFrame, 10).toString()).toBe(text);
    const wideFrame = quoteFrame(wideAnswer?.frames ?? []);
    expect(() => messageOf(wideFrame, 10)).toThrow(/distance too far back/);
    expect(tinyAnswer?.extensions).toContain('server_max_window_bits=8');
    const tinyFrame = quoteFrame(tinyAnswer?.frames ?? []);
    expect(tinyFrame).toMatchObject({ compressed: false, payload: Buffer.from(text) });
  });

  it('compresses each frame once per window, the same bytes to every browser sharing it', async () => {
    const write = vi.spyOn(wireFrames as WireFrames, 'write');
    for (let i = 0; i < 4; i++) await browser(true);
    for (let i = 0; i < 3; i++) await browser({ serverMaxWindowBits: 10 });
    for (let i = 0; i < 2; i++) await browser(false);
    const text = await publishQuotes(9);
    const written = write.mock.calls
      .map(([, frame]) => frame)
      .filter((frame) => frame.length > 200 && !frame.includes('pong'));
    const last = written.slice(-9);
    const counts = new Map<Buffer, number>();
    for (const frame of last) counts.set(frame, (counts.get(frame) ?? 0) + 1);
    expect([...counts.values()].sort()).toEqual([2, 3, 4]);
    const plain = [...counts.keys()].find((frame) => frame.includes(text));
    expect(counts.get(plain as Buffer)).toBe(2);
  });

  it('refuses a malformed offer with 400 before the upgrade, and keeps serving', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`http://127.0.0.1:${gateway.port}/v1/ws`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': randomBytes(16).toString('base64'),
          'sec-websocket-extensions': 'permessage-deflate; server_max_window_bits=99',
        },
      });
      req.on('response', (res) => resolve(res.statusCode ?? 0));
      req.on('upgrade', () => reject(new Error('upgraded')));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    await browser(true);
  });
});

describe('negotiatedWindowBits', () => {
  const answer = (extensions?: string) => [
    'HTTP/1.1 101 Switching Protocols',
    ...(extensions === undefined ? [] : [`Sec-WebSocket-Extensions: ${extensions}`]),
  ];

  it('reads the window of the frames the gateway may compress; 0 for plain', () => {
    expect(negotiatedWindowBits(answer())).toBe(0);
    expect(negotiatedWindowBits(answer('permessage-deflate; server_no_context_takeover'))).toBe(15);
    expect(
      negotiatedWindowBits(
        answer('permessage-deflate; server_no_context_takeover; server_max_window_bits=12'),
      ),
    ).toBe(12);
    expect(
      negotiatedWindowBits(
        answer('permessage-deflate; server_no_context_takeover; server_max_window_bits=8'),
      ),
    ).toBe(0);
    // Without server_no_context_takeover a frame would depend on the socket's history.
    expect(negotiatedWindowBits(answer('permessage-deflate'))).toBe(0);
  });
});
