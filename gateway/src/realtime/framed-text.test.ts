import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { frameText, writeFramed } from './framed-text.js';

let server: WebSocketServer | undefined;
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

/** A server socket and the client at its other end, which records what it receives. */
async function pair(perMessageDeflate: boolean) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate });
  server = wss;
  await new Promise((resolve) => wss.once('listening', resolve));
  const accepted = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
  const { port } = wss.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate });
  clients.push(client);
  const received: { text: string; binary: boolean }[] = [];
  client.on('message', (data: Buffer, binary) => received.push({ text: data.toString(), binary }));
  await new Promise((resolve) => client.once('open', resolve));
  return { socket: await accepted, received };
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
}

describe('frameText / writeFramed', () => {
  it('frames a text once into header and payload, as ws would', () => {
    const short = frameText(Buffer.from('hi'));
    expect(short && [...short]).toEqual([0x81, 2, 0x68, 0x69]);
    const long = frameText(Buffer.alloc(2000, 0x61));
    expect(long?.subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 0x07, 0xd0]));
    expect(long?.length).toBe(2004);
  });

  it('writes the framed text, in order with ordinary sends, as one text message', async () => {
    const { socket, received } = await pair(false);
    const text = JSON.stringify({ type: 'DAY_MARKET', data: 'x'.repeat(3000) });
    const framed = frameText(Buffer.from(text)) as Buffer;
    socket.send('before');
    expect(writeFramed(socket, framed)).toBe(true);
    expect(writeFramed(socket, framed)).toBe(true);
    socket.send('after');
    await until(() => received.length === 4);
    expect(received).toEqual([
      { text: 'before', binary: false },
      { text, binary: false },
      { text, binary: false },
      { text: 'after', binary: false },
    ]);
  });

  it('declines on a socket that compresses, leaving the send to ws', async () => {
    const { socket, received } = await pair(true);
    expect(socket.extensions).toContain('permessage-deflate');
    expect(writeFramed(socket, frameText(Buffer.from('quote')) as Buffer)).toBe(false);
    socket.send('ordinary');
    await until(() => received.length === 1);
    expect(received).toEqual([{ text: 'ordinary', binary: false }]);
  });
});
