import type { IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
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
async function pair(clientDeflate: boolean) {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    perMessageDeflate: DEFLATE_NEGOTIATION,
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

async function until(condition: () => boolean) {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
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
    await until(() => received.length === 4);
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
