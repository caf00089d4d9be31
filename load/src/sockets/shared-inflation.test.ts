import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { shareInflation } from './shared-inflation.js';

const servers: WebSocketServer[] = [];
const clients: WebSocket[] = [];

afterAll(async () => {
  for (const client of clients) client.terminate();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** Two clients of a server compressing with or without context takeover; what they read. */
async function twoClients(serverNoContextTakeover: boolean, messages: readonly string[]) {
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    perMessageDeflate: { serverNoContextTakeover, threshold: 0 },
  });
  servers.push(wss);
  await new Promise((resolve) => wss.once('listening', resolve));
  const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`;
  const received: string[][] = [[], []];
  await Promise.all(
    received.map(async (into) => {
      const client = new WebSocket(url);
      clients.push(client);
      client.on('message', (data: Buffer) => into.push(data.toString()));
      await new Promise((resolve) => client.once('open', resolve));
    }),
  );
  for (const socket of wss.clients) for (const text of messages) socket.send(text);
  for (let i = 0; i < 200 && received.some((r) => r.length < messages.length); i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return received;
}

describe('shareInflation', () => {
  shareInflation();
  const quotes = ['{"type":"DAY_MARKET","data":[1,2,3]}', 'pong', '{"type":"DAY_MARKET"}'];

  it('hands every socket the text of a message compressed on its own', async () => {
    expect(await twoClients(true, [...quotes, ...quotes])).toEqual([
      [...quotes, ...quotes],
      [...quotes, ...quotes],
    ]);
  });

  it('leaves messages that depend on the ones before to ws', async () => {
    expect(await twoClients(false, [...quotes, ...quotes])).toEqual([
      [...quotes, ...quotes],
      [...quotes, ...quotes],
    ]);
  });
});
