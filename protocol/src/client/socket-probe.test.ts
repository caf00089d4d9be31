import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { createSocketClient } from './socket-client.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A server that answers pings only while `answering.value`, counting connections. */
async function startServer(answering: { value: boolean }) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  let connections = 0;
  wss.on('connection', (socket) => {
    connections += 1;
    socket.on('message', (data) => {
      if (data.toString() === 'ping' && answering.value) socket.send('pong');
    });
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  );
  const { port } = wss.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, connections: () => connections };
}

function startClient(url: string, backoffMs: number) {
  const client = createSocketClient({
    url,
    WebSocketImpl: WebSocket,
    // Heartbeats far apart: only the probe can notice anything within the test.
    heartbeatMs: 60_000,
    backoff: { baseMs: backoffMs, maxMs: backoffMs },
    random: () => 0.999,
  });
  cleanups.push(() => client.close());
  return client;
}

const waitFor = (check: () => void, timeout = 3000) => vi.waitFor(check, { timeout, interval: 5 });

/** A client connected (10 ms backoff) to a server that answers pings or not, and why it drops. */
async function connected({ answering }: { answering: boolean }) {
  const server = await startServer({ value: answering });
  const client = startClient(server.url, 10);
  const reasons: string[] = [];
  client.on('disconnect', (event) => reasons.push(event.reason));
  client.connect();
  await waitFor(() => expect(client.state).toBe('open'));
  return { server, client, reasons };
}

describe('socket client: probe and retry', () => {
  it('drops a silent socket within the probe timeout, long before three heartbeats', async () => {
    const { server, client, reasons } = await connected({ answering: false });
    const started = performance.now();
    client.probe(100);
    await waitFor(() => expect(reasons).toEqual(['heartbeat']));
    expect(performance.now() - started).toBeLessThan(1000);
    await waitFor(() => expect(server.connections()).toBe(2));
  });

  it('keeps a socket whose pong comes back', async () => {
    const { server, client, reasons } = await connected({ answering: true });
    client.probe(100);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reasons).toEqual([]);
    expect(client.state).toBe('open');
    expect(server.connections()).toBe(1);
  });

  it('spreads a prompted retry over the first retry window, not all phones at one instant', async () => {
    const server = await startServer({ value: false });
    const client = createSocketClient({
      url: server.url,
      WebSocketImpl: WebSocket,
      heartbeatMs: 60_000,
      backoff: { baseMs: 60_000, maxMs: 60_000 },
      // Half of the first window: half of its 1 s cap.
      random: () => 0.5,
    });
    cleanups.push(() => client.close());
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    client.probe(50);
    await waitFor(() => expect(client.state).toBe('reconnecting'));
    const prompted = performance.now();
    client.retryNow();
    await waitFor(() => expect(server.connections()).toBe(2));
    expect(performance.now() - prompted).toBeGreaterThanOrEqual(450);
  });

  it('retries within a second instead of waiting out the backoff', async () => {
    const answering = { value: false };
    const server = await startServer(answering);
    // A backoff of a minute: only retryNow() can bring the socket back within the test.
    const client = startClient(server.url, 60_000);
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    client.probe(50);
    await waitFor(() => expect(client.state).toBe('reconnecting'));
    client.retryNow();
    await waitFor(() => expect(client.state).toBe('open'));
    expect(server.connections()).toBe(2);
  });
});
