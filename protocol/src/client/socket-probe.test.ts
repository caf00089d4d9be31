import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE, KEEP_ALIVE } from '../socket/frames.js';
import { createSocketClient, type SocketClientEvents } from './socket-client.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** How the test server treats each connection; read at each moment, so a test may change it. */
interface Behaviour {
  /** Answers `ping` with `pong`. */
  answering: boolean;
  /** Sends `KEEP_ALIVE` this often (0: never). */
  keepAliveMs?: number;
}

/** A server following `behaviour`, keeping its sockets (in order) to close or count. */
async function startServer(behaviour: Behaviour) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const sockets: WebSocket[] = [];
  wss.on('connection', (socket) => {
    sockets.push(socket);
    socket.on('message', (data) => {
      if (data.toString() === 'ping' && behaviour.answering) socket.send('pong');
    });
    const keepAlive = setInterval(() => {
      if (behaviour.keepAliveMs) socket.send(KEEP_ALIVE);
    }, behaviour.keepAliveMs || 20);
    socket.on('close', () => clearInterval(keepAlive));
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  );
  const { port } = wss.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, sockets, connections: () => sockets.length };
}

/**
 * A client whose heartbeats are far apart: only the probe, or silence past `silenceMs` (0: no
 * limit), can notice anything. After a close by the server it waits `backoffMs`, after nothing
 * answered `unansweredMs`. What it reports is recorded.
 */
function startClient(url: string, backoffMs: number, silenceMs = 0, unansweredMs = backoffMs) {
  const client = createSocketClient({
    url,
    WebSocketImpl: WebSocket,
    heartbeatMs: 60_000,
    silenceMs,
    backoff: { baseMs: backoffMs, maxMs: backoffMs },
    unansweredBackoff: { baseMs: unansweredMs, maxMs: unansweredMs },
    random: () => 0.999,
  });
  cleanups.push(() => client.close());
  const seen = {
    disconnects: [] as SocketClientEvents['disconnect'][],
    frames: [] as unknown[],
    invalid: [] as string[],
  };
  client.on('disconnect', (event) => seen.disconnects.push(event));
  client.on('frame', (event) => seen.frames.push(event.frame));
  client.on('invalid', (event) => seen.invalid.push(event.raw));
  return { client, seen, reasons: () => seen.disconnects.map((event) => event.reason) };
}

const waitFor = (check: () => void, timeout = 3000) => vi.waitFor(check, { timeout, interval: 5 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A client connected (10 ms backoff) to a server that answers pings or not. */
async function connected({ answering }: { answering: boolean }) {
  const server = await startServer({ answering });
  const { client, reasons } = startClient(server.url, 10);
  client.connect();
  await waitFor(() => expect(client.state).toBe('open'));
  return { server, client, reasons };
}

describe('socket client: probe and retry', () => {
  it('drops a silent socket within the probe timeout, long before three heartbeats', async () => {
    const { server, client, reasons } = await connected({ answering: false });
    const started = performance.now();
    client.probe(100);
    await waitFor(() => expect(reasons()).toEqual(['heartbeat']));
    expect(performance.now() - started).toBeLessThan(1000);
    await waitFor(() => expect(server.connections()).toBe(2));
  });

  it('keeps a socket whose pong comes back', async () => {
    const { server, client, reasons } = await connected({ answering: true });
    client.probe(100);
    await sleep(300);
    expect(reasons()).toEqual([]);
    expect(client.state).toBe('open');
    expect(server.connections()).toBe(1);
  });

  it('spreads a prompted retry over the first retry window, not all phones at one instant', async () => {
    const server = await startServer({ answering: false });
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
    const server = await startServer({ answering: false });
    // A backoff of a minute: only retryNow() can bring the socket back within the test.
    const { client } = startClient(server.url, 60_000);
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    client.probe(50);
    await waitFor(() => expect(client.state).toBe('reconnecting'));
    client.retryNow();
    await waitFor(() => expect(client.state).toBe('open'));
    expect(server.connections()).toBe(2);
  });

  it('replace() lets an open socket go and connects anew after the short backoff', async () => {
    const server = await startServer({ answering: true });
    const { client, seen } = startClient(server.url, 60_000, 0, 20);
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    client.replace();
    expect(client.state).toBe('reconnecting');
    await waitFor(() => expect(client.state).toBe('open'));
    expect(server.connections()).toBe(2);
    expect(seen.disconnects).toEqual([{ reason: 'replaced', answered: false }]);
    // While waiting to reconnect there is nothing to replace.
    server.sockets[1]?.close(CLOSE.SERVICE_RESTART, 'restart');
    await waitFor(() => expect(client.state).toBe('reconnecting'));
    client.replace();
    expect(seen.disconnects).toHaveLength(2);
  });
});

describe('socket client: silence', () => {
  it('replaces a socket that brings nothing for silenceMs, without waiting for pongs', async () => {
    const server = await startServer({ answering: true });
    const { client, seen } = startClient(server.url, 60_000, 200, 20);
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    const opened = performance.now();
    await waitFor(() => expect(seen.disconnects).toHaveLength(1));
    expect(performance.now() - opened).toBeGreaterThanOrEqual(190);
    expect(seen.disconnects[0]).toEqual({ reason: 'silence', answered: false });
    // Nothing answered: the short backoff, not the minute a server's close would cost.
    await waitFor(() => expect(server.connections()).toBe(2));
  });

  it('keeps a socket whose server sends keep-alives, and never hands one over as a frame', async () => {
    const server = await startServer({ answering: false, keepAliveMs: 50 });
    const { client, seen } = startClient(server.url, 60_000, 200, 20);
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    // Ten silence limits long: kept only by the keep-alives.
    await sleep(2000);
    expect(seen.disconnects).toEqual([]);
    expect(client.state).toBe('open');
    expect(server.connections()).toBe(1);
    expect(seen.frames).toEqual([]);
    expect(seen.invalid).toEqual([]);
  });

  it('waits the server’s backoff after a close frame, and the short one after a broken socket', async () => {
    const server = await startServer({ answering: true });
    const { client, seen } = startClient(server.url, 60_000, 0, 20);
    client.connect();
    await waitFor(() => expect(server.connections()).toBe(1));
    server.sockets[0]?.terminate();
    // Broken (1006): nothing answered, back within the short backoff.
    await waitFor(() => expect(server.connections()).toBe(2));
    await waitFor(() => expect(client.state).toBe('open'));
    server.sockets[1]?.close(CLOSE.SERVICE_RESTART, 'restart');
    await waitFor(() => expect(client.state).toBe('reconnecting'));
    // A close frame: the server answered, and is waited for (a minute here).
    await sleep(300);
    expect(server.connections()).toBe(2);
    expect(seen.disconnects).toEqual([
      { reason: 'closed', code: 1006, answered: false },
      { reason: 'closed', code: CLOSE.SERVICE_RESTART, answered: true },
    ]);
  });
});
