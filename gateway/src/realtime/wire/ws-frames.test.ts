import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { type PerMessageDeflateOptions, WebSocketServer } from 'ws';
import { waitFor } from '../../../../protocol/src/test-support/index.js';
import { DEFLATE_NEGOTIATION } from './permessage-deflate.js';
import { deflateMessage } from './shared-frame.js';
import { verifiedVersion, type WireFrames, wireFrames, wsVersion } from './ws-frames.js';

let server: WebSocketServer | undefined;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** The frames, as ws builds them: a test that fails here means ws changed under the module. */
function frames(): WireFrames {
  if (!wireFrames) throw new Error(`ws ${wsVersion} is not one ws-frames.ts was checked against`);
  return wireFrames;
}

/**
 * A server socket negotiated as the hub negotiates, its TCP socket, and the ws client at the
 * other end, which records what it decodes.
 */
async function pair(
  clientDeflate: boolean | PerMessageDeflateOptions,
  negotiation: PerMessageDeflateOptions = DEFLATE_NEGOTIATION,
  maxPayload = 100 * 1024 * 1024,
) {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    perMessageDeflate: negotiation,
    maxPayload,
  });
  server = wss;
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<[WebSocket, IncomingMessage]>((resolve) =>
    wss.once('connection', (socket, request) => resolve([socket, request])),
  );
  const { port } = wss.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: clientDeflate });
  clients.push(client);
  const received: string[] = [];
  client.on('message', (data: Buffer) => received.push(data.toString()));
  await new Promise((resolve) => client.once('open', resolve));
  const [socket, request] = await accepted;
  return { socket, tcp: request.socket, client, received };
}

const QUOTE = JSON.stringify({ type: 'DAY_MARKET', code: 1, data: 'x'.repeat(3000) });

describe('ws-frames (the ws internals the gateway relies on)', () => {
  it('holds for the installed ws, and for no other major version', () => {
    expect(verifiedVersion(wsVersion)).toBe(true);
    expect(wireFrames).toBeDefined();
    expect(verifiedVersion('8.23.0')).toBe(true);
    expect(verifiedVersion('8.40.1')).toBe(true);
    expect(verifiedVersion('8.22.9')).toBe(false);
    expect(verifiedVersion('9.0.0')).toBe(false);
  });

  it('frames a text as one final unmasked frame, RSV1 set when deflated', () => {
    expect([...frames().text(Buffer.from('hi'), false)]).toEqual([0x81, 2, 0x68, 0x69]);
    expect([...frames().text(Buffer.from('hi'), true)]).toEqual([0xc1, 2, 0x68, 0x69]);
    const long = frames().text(Buffer.alloc(2000, 0x61), false);
    expect(long.subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 0x07, 0xd0]));
    expect(long.length).toBe(2004);
    const huge = frames().text(Buffer.alloc(70_000, 0x61), false);
    expect(huge.subarray(0, 10)).toEqual(Buffer.from([0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70]));
  });

  it('writes frames in order with ws sends; ws reads the deflated ones', async () => {
    const { socket, tcp, received } = await pair(true);
    expect(socket.extensions).toBe('permessage-deflate');
    socket.send('before', { compress: false });
    frames().write(tcp, frames().text(deflateMessage(Buffer.from(QUOTE), 15), true));
    frames().write(tcp, frames().text(Buffer.from(QUOTE), false));
    socket.send('after', { compress: false });
    await waitFor(() => received.length === 4, 'four frames');
    expect(received).toEqual(['before', QUOTE, QUOTE, 'after']);
  });

  it('counts what it wrote in the socket’s bufferedAmount', async () => {
    const { socket, tcp, client } = await pair(false);
    (client as unknown as { _socket: Socket })._socket.pause();
    const big = frames().text(Buffer.alloc(8 * 1024 * 1024, 0x61), false);
    frames().write(tcp, big);
    // The kernel takes a few MiB of it; ws must see the rest as waiting.
    expect(socket.bufferedAmount).toBeGreaterThan(2 * 1024 * 1024);
  });

  it('reads the parameters of a negotiated extension', () => {
    const header = 'permessage-deflate; server_no_context_takeover; server_max_window_bits=10';
    expect(frames().params(header, 'permessage-deflate')).toEqual({
      server_no_context_takeover: [true],
      server_max_window_bits: ['10'],
    });
    expect(frames().params('x-other', 'permessage-deflate')).toBeUndefined();
    expect(frames().params('permessage-deflate; ="', 'permessage-deflate')).toBeUndefined();
  });
});

/** The zlib stream ws keeps to inflate `socket`'s messages; null or undefined: none. */
function inflaterOf(socket: WebSocket): unknown {
  const extensions = (socket as unknown as { _extensions: Record<string, { _inflate: unknown }> })
    ._extensions;
  return extensions['permessage-deflate']?._inflate;
}

/** A client's compressed text frame, written raw (masked with a zero key: payload as is). */
function rawCompressedFrame(client: WebSocket, payload: Buffer) {
  const header = Buffer.from([0xc1, 0x80 | payload.length, 0, 0, 0, 0]);
  (client as unknown as { _socket: Socket })._socket.write(Buffer.concat([header, payload]));
}

function closeCode(client: WebSocket): Promise<number> {
  return new Promise((resolve) => client.once('close', resolve));
}

/** Compresses every message, however small, as Chromium does. */
const CHROMIUM = { threshold: 0 } as const;

describe('inflating a browser’s messages one by one', () => {
  const messages = ['ping', JSON.stringify({ type: 'sub', param: 'DAY_MARKET' }), 'x'.repeat(900)];

  async function received(socket: WebSocket, client: WebSocket, sent: readonly string[]) {
    const got: string[] = [];
    socket.on('message', (data: Buffer) => got.push(data.toString()));
    for (const message of sent) client.send(message);
    await waitFor(() => got.length === sent.length, 'every frame sent');
    return got;
  }

  it('reads each compressed message whole, and keeps no inflater for the socket', async () => {
    const kept = await pair(CHROMIUM);
    const each = await pair(CHROMIUM);
    expect(frames().inflateEachMessage(each.socket, 100 * 1024 * 1024)).toBe(true);
    expect(await received(kept.socket, kept.client, messages)).toEqual(messages);
    expect(await received(each.socket, each.client, messages)).toEqual(messages);
    // The same compressed messages left ws's own path holding a zlib stream.
    expect(inflaterOf(kept.socket)).toBeTruthy();
    expect(inflaterOf(each.socket)).toBeFalsy();
  });

  it('leaves a message in fragments, and a browser keeping its context, to ws', async () => {
    const { socket, client } = await pair(CHROMIUM);
    frames().inflateEachMessage(socket, 1024);
    const got: string[] = [];
    socket.on('message', (data: Buffer) => got.push(data.toString()));
    client.send('{"type":', { fin: false });
    client.send('"ping"}', { fin: true });
    client.send('ping');
    await waitFor(() => got.length === 2, 'two frames');
    expect(got).toEqual(['{"type":"ping"}', 'ping']);
    // ws's inflater did the message in fragments, and is let go after it.
    expect(inflaterOf(socket)).toBeFalsy();
    const keeping = await pair(CHROMIUM, {
      ...DEFLATE_NEGOTIATION,
      clientNoContextTakeover: false,
    });
    expect(frames().inflateEachMessage(keeping.socket, 1024)).toBe(false);
    expect(await received(keeping.socket, keeping.client, messages)).toEqual(messages);
  });

  it('closes on a corrupt message (1007) and on one inflating past the cap (1009)', async () => {
    const corrupt = await pair(CHROMIUM, DEFLATE_NEGOTIATION, 1024);
    frames().inflateEachMessage(corrupt.socket, 1024);
    corrupt.socket.on('error', () => {});
    const corruptClosed = closeCode(corrupt.client);
    rawCompressedFrame(corrupt.client, Buffer.from([0xff, 0xff, 0xff]));
    expect(await corruptClosed).toBe(1007);

    const bomb = await pair(CHROMIUM, DEFLATE_NEGOTIATION, 1024);
    frames().inflateEachMessage(bomb.socket, 1024);
    bomb.socket.on('error', () => {});
    const bombClosed = closeCode(bomb.client);
    const deflated = deflateRawSync(Buffer.alloc(5000, 0x61));
    rawCompressedFrame(bomb.client, deflated);
    expect(deflated.length).toBeLessThan(1024);
    expect(await bombClosed).toBe(1009);
  });
});
