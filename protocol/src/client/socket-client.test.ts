import type { IncomingMessage } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { CLOSE } from '../socket/frames.js';
import {
  createSocketClient,
  type DisconnectReason,
  type FrameEvent,
  type SocketClient,
  type SocketClientOptions,
  type SocketState,
} from './socket-client.js';

// ── a real ws server that records what each connection receives ─────────────────────────────

interface Connection {
  readonly socket: WebSocket;
  readonly request: IncomingMessage;
  readonly openedAt: number;
  /** Every text but `ping`, in order. */
  readonly frames: string[];
  readonly pingTimes: number[];
  closedAt?: number;
  closeCode?: number;
}

interface TestServerOptions {
  /** Whether to answer the n-th ping (1-based) of a connection; all by default. */
  answerPing?: (n: number) => boolean;
  /** The login_result code for a token; `undefined` leaves the login unanswered. */
  loginCode?: (token: string) => number | undefined;
  onConnection?: (connection: Connection, index: number) => void;
}

const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function startServer(options: TestServerOptions = {}) {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const connections: Connection[] = [];
  wss.on('connection', (socket, request) => {
    const connection: Connection = {
      socket,
      request,
      openedAt: performance.now(),
      frames: [],
      pingTimes: [],
    };
    connections.push(connection);
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === 'ping') {
        connection.pingTimes.push(performance.now());
        if (options.answerPing?.(connection.pingTimes.length) ?? true) socket.send('pong');
        return;
      }
      connection.frames.push(text);
      const frame = JSON.parse(text) as { type: string; token?: string };
      if (frame.type !== 'login' || frame.token === undefined) return;
      const code = (options.loginCode ?? (() => 1))(frame.token);
      if (code !== undefined) socket.send(JSON.stringify({ type: 'login_result', code, msg: '' }));
    });
    socket.on('close', (code) => {
      connection.closedAt = performance.now();
      connection.closeCode = code;
    });
    options.onConnection?.(connection, connections.length - 1);
  });
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  );
  const { port } = wss.address() as { port: number };
  return { url: `ws://127.0.0.1:${port}`, connections };
}

/**
 * A client with short intervals, closed after the test: one backoff whoever ended the socket
 * (socket-silence.test.ts tells the two apart), and no silence limit, as these servers send no
 * keep-alive.
 */
function startClient(url: string, options: Partial<SocketClientOptions> = {}) {
  const backoff = options.backoff ?? { baseMs: 10, maxMs: 50 };
  const client = createSocketClient({
    url,
    WebSocketImpl: WebSocket,
    heartbeatMs: 1000,
    connectTimeoutMs: 500,
    backoff,
    unansweredBackoff: backoff,
    silenceMs: 0,
    random: () => 0,
    ...options,
  });
  cleanups.push(() => client.close());
  return client;
}

/** Records what a client emits. */
function record(client: SocketClient) {
  const seen = {
    states: [] as SocketState[],
    disconnects: [] as Array<{ reason: DisconnectReason; code?: number; answered: boolean }>,
    logins: [] as number[],
    frames: [] as FrameEvent[],
    invalid: [] as Array<{ raw: string; error: string }>,
    pongs: 0,
  };
  client.on('state', (state) => seen.states.push(state));
  client.on('disconnect', (event) => seen.disconnects.push(event));
  client.on('login', (frame) => seen.logins.push(frame.code));
  client.on('frame', (event) => seen.frames.push(event));
  client.on('invalid', (event) => seen.invalid.push(event));
  client.on('pong', () => seen.pongs++);
  return seen;
}

const parsed = (connection: Connection | undefined) =>
  (connection?.frames ?? []).map((text) => JSON.parse(text) as unknown);
const sub = (param: string) => ({ type: 'sub', param });
const unsub = (param: string) => ({ type: 'unsub', param });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const waitFor = (check: () => void, timeout = 2000) => vi.waitFor(check, { timeout, interval: 5 });

/** Counts the timers scheduled through the global setTimeout that have neither run nor been cleared. */
function trackPendingTimers() {
  const pending = new Set<unknown>();
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    callback: (...args: unknown[]) => void,
    ms?: number,
    ...args: unknown[]
  ) => {
    const id = realSetTimeout(() => {
      pending.delete(id);
      callback(...args);
    }, ms);
    pending.add(id);
    return id;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation((id) => {
    pending.delete(id);
    realClearTimeout(id);
  });
  return pending;
}

// ── tests ───────────────────────────────────────────────────────────────────────────────────

describe('socket client: login and subscriptions', () => {
  it('logs in once on open, then subscribes public topics, then private ones after login', async () => {
    const server = await startServer();
    const client = startClient(server.url, { token: 'tok-1' });
    const seen = record(client);
    client.subscribeMany(['FOREX_TRADE', 'DAY_MARKET', 'KLINE.EURUSD.1min']);
    client.connect();
    client.connect();

    await waitFor(() => expect(client.loggedIn).toBe(true));
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(4));
    expect(parsed(server.connections[0])).toEqual([
      { type: 'login', token: 'tok-1' },
      sub('DAY_MARKET'),
      sub('KLINE.EURUSD.1min'),
      sub('FOREX_TRADE'),
    ]);
    expect(seen.states).toEqual(['connecting', 'open']);
    expect(seen.logins).toEqual([1]);

    // Logging in again with the same token, or subscribing again, sends nothing.
    client.login('tok-1');
    client.subscribe('DAY_MARKET');
    client.subscribe('FOREX_TRADE');
    await sleep(50);
    expect(server.connections).toHaveLength(1);
    expect(server.connections[0]?.frames).toHaveLength(4);
  });

  it('sends one sub however often a topic is subscribed, and unsub only for an active one', async () => {
    const server = await startServer();
    const client = startClient(server.url);
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));

    client.subscribe('DAY_MARKET');
    client.subscribe('DAY_MARKET');
    client.subscribe('DAY_MARKET');
    client.unsubscribe('KLINE.EURUSD.1min');
    client.unsubscribe('DAY_MARKET');
    client.unsubscribe('DAY_MARKET');
    client.subscribe('DAY_MARKET');
    client.subscribeMany(['KLINE.EURUSD.5min', 'KLINE.EURUSD.5min']);
    client.unsubscribeMany(['KLINE.EURUSD.5min', 'KLINE.GBPUSD.5min']);

    const expected = [
      sub('DAY_MARKET'),
      unsub('DAY_MARKET'),
      sub('DAY_MARKET'),
      sub('KLINE.EURUSD.5min'),
      unsub('KLINE.EURUSD.5min'),
    ];
    await waitFor(() => expect(parsed(server.connections[0])).toHaveLength(expected.length));
    await sleep(30);
    expect(parsed(server.connections[0])).toEqual(expected);
    expect([...client.topics]).toEqual(['DAY_MARKET']);
  });

  it('only updates the topic set while disconnected', async () => {
    const server = await startServer();
    const client = startClient(server.url);
    client.subscribe('DAY_MARKET');
    client.subscribe('KLINE.EURUSD.1min');
    client.subscribe('DAY_MARKET');
    client.unsubscribe('KLINE.EURUSD.1min');
    expect([...client.topics]).toEqual(['DAY_MARKET']);

    client.connect();
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(1));
    await sleep(30);
    expect(parsed(server.connections[0])).toEqual([sub('DAY_MARKET')]);
  });

  it('refuses a name that is not a topic, and a token the protocol would refuse', async () => {
    const server = await startServer();
    const client = startClient(server.url);
    // @ts-expect-error: not a topic at the type level either
    expect(() => client.subscribe('KLINE.eurusd')).toThrow(TypeError);
    // @ts-expect-error: one bad topic refuses the whole batch
    expect(() => client.subscribeMany(['DAY_MARKET', 'NEWS'])).toThrow(/not a socket topic/);
    expect(client.topics.size).toBe(0);
    expect(() => client.login('')).toThrow(TypeError);
    expect(() => startClient(server.url, { token: 'x'.repeat(513) })).toThrow(TypeError);
  });

  it('holds private topics back until a login succeeds', async () => {
    const server = await startServer({ loginCode: (token) => (token === 'good' ? 1 : 0) });
    const client = startClient(server.url, { token: 'bad' });
    const seen = record(client);
    client.subscribeMany(['FOREX_CLOSED', 'DAY_MARKET']);
    client.connect();

    await waitFor(() => expect(seen.logins).toEqual([0]));
    expect(client.loggedIn).toBe(false);
    // The server never held FOREX_CLOSED, so unsubscribing it sends nothing.
    client.unsubscribe('FOREX_CLOSED');
    client.subscribe('FOREX_TRADE');

    client.login('good');
    await waitFor(() => expect(client.loggedIn).toBe(true));
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(4));
    expect(parsed(server.connections[0])).toEqual([
      { type: 'login', token: 'bad' },
      sub('DAY_MARKET'),
      { type: 'login', token: 'good' },
      sub('FOREX_TRADE'),
    ]);
    expect(seen.logins).toEqual([0, 1]);
  });

  it('logout sends logout, forgets the token and stops sending private subs', async () => {
    const server = await startServer();
    const client = startClient(server.url, { token: 'tok-1' });
    client.subscribeMany(['FOREX_TRADE', 'DAY_MARKET']);
    client.connect();
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(3));

    client.logout();
    expect(client.loggedIn).toBe(false);
    client.subscribe('FOREX_CLOSED');
    client.unsubscribe('FOREX_TRADE');
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(4));
    await sleep(30);
    expect(parsed(server.connections[0]).slice(3)).toEqual([{ type: 'logout' }]);

    // A new connection logs in no more: the token is gone.
    server.connections[0]?.socket.terminate();
    await waitFor(() => expect(server.connections[1]?.frames).toHaveLength(1));
    await sleep(30);
    expect(parsed(server.connections[1])).toEqual([sub('DAY_MARKET')]);
  });

  it('switching tokens logs the previous user out before logging the next one in', async () => {
    const server = await startServer();
    const client = startClient(server.url, { token: 'alice' });
    client.subscribe('FOREX_TRADE');
    client.connect();
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(2));

    client.login('bob');
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(5));
    expect(parsed(server.connections[0])).toEqual([
      { type: 'login', token: 'alice' },
      sub('FOREX_TRADE'),
      { type: 'logout' },
      { type: 'login', token: 'bob' },
      sub('FOREX_TRADE'),
    ]);
  });

  it('passes headers and origin to ws', async () => {
    const server = await startServer();
    const client = startClient(server.url, {
      headers: { lang: 'fr' },
      origin: 'https://app.example',
    });
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));
    expect(server.connections[0]?.request.headers.lang).toBe('fr');
    expect(server.connections[0]?.request.headers.origin).toBe('https://app.example');
  });

  it('uses globalThis.WebSocket by default and says so when there is none', async () => {
    const server = await startServer();
    vi.stubGlobal('WebSocket', WebSocket);
    const client = createSocketClient({ url: server.url });
    cleanups.push(() => client.close());
    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));

    vi.stubGlobal('WebSocket', undefined);
    expect(() => createSocketClient({ url: server.url })).toThrow(/pass WebSocketImpl/);
  });
});

describe('socket client: frames', () => {
  it('hands over each frame with its exact text, and per topic to onTopic listeners', async () => {
    const server = await startServer();
    const client = startClient(server.url);
    const seen = record(client);
    const quotes: FrameEvent[] = [];
    const candles: FrameEvent[] = [];
    client.onTopic('DAY_MARKET', (event) => quotes.push(event));
    const stopCandles = client.onTopic('KLINE.EURUSD.1min', (event) => {
      // Typed per topic: the candle's fields are known here.
      expect(typeof event.frame.data.Close).toBe('number');
      candles.push(event);
    });
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));

    const tick = { Id: 1, Code: 'EURUSD', Open: 1, High: 1, Low: 1, Close: 1, Change: 0, Time: 5 };
    const texts = [
      JSON.stringify({ type: 'DAY_MARKET', code: 1, data: [tick] }),
      JSON.stringify({
        type: 'KLINE.EURUSD.1min',
        code: 1,
        data: { Time: 60, Open: 1, High: 2, Low: 1, Close: 2, Volume: 3 },
      }),
      JSON.stringify({ type: 'error', code: 422, msg: 'unknown topic' }),
      JSON.stringify({ type: 'upstream', state: 'down' }),
    ];
    for (const text of texts) server.connections[0]?.socket.send(text);
    await waitFor(() => expect(seen.frames).toHaveLength(4));

    expect(seen.frames.map((event) => event.raw)).toEqual(texts);
    expect(seen.frames.map((event) => event.frame)).toEqual(texts.map((t) => JSON.parse(t)));
    expect(quotes.map((event) => event.raw)).toEqual([texts[0]]);
    expect(candles.map((event) => event.raw)).toEqual([texts[1]]);

    stopCandles();
    server.connections[0]?.socket.send(texts[1] ?? '');
    await waitFor(() => expect(seen.frames).toHaveLength(5));
    expect(candles).toHaveLength(1);
    expect(seen.invalid).toEqual([]);
  });

  it('emits invalid frames as events and keeps working', async () => {
    const server = await startServer();
    const client = startClient(server.url);
    const seen = record(client);
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));
    const socket = server.connections[0]?.socket;

    const badTick = '{"type":"DAY_MARKET","code":1,"data":[{"Id":"one"}]}';
    socket?.send('garbage');
    socket?.send(badTick);
    socket?.send('{"type":"NEWS","code":1}');
    socket?.send(Buffer.from([1, 2, 3]));
    socket?.send('{"type":"FOREX_CLOSED","code":1,"data":[7]}');
    await waitFor(() => expect(seen.frames).toHaveLength(1));

    expect(seen.invalid.map((event) => event.raw)).toEqual([
      'garbage',
      badTick,
      '{"type":"NEWS","code":1}',
      '',
    ]);
    expect(seen.invalid[1]?.error).toMatch(/^data\.0\.Id: /);
    expect(seen.frames[0]?.frame).toEqual({ type: 'FOREX_CLOSED', code: 1, data: [7] });
    expect(client.state).toBe('open');
    expect(seen.disconnects).toEqual([]);
  });

  it('without validation passes frames through as parsed JSON', async () => {
    const server = await startServer();
    const client = startClient(server.url, { validate: false });
    const seen = record(client);
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));

    const text = '{"type":"DAY_MARKET","code":1,"data":[{"Id":"one"}],"extra":true}';
    server.connections[0]?.socket.send(text);
    await waitFor(() => expect(seen.frames).toHaveLength(1));
    expect(seen.frames[0]).toEqual({ frame: JSON.parse(text), raw: text });
    expect(seen.invalid).toEqual([]);
  });
});

describe('socket client: heartbeat', () => {
  it('pings every heartbeatMs and stays connected while pongs come back', async () => {
    const heartbeatMs = 50;
    const server = await startServer();
    const client = startClient(server.url, { heartbeatMs });
    const seen = record(client);
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));
    await sleep(525);

    const pings = server.connections[0]?.pingTimes ?? [];
    expect(pings.length).toBeGreaterThanOrEqual(8);
    expect(pings.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < pings.length; i++) {
      expect((pings[i] ?? 0) - (pings[i - 1] ?? 0)).toBeGreaterThanOrEqual(heartbeatMs - 3);
    }
    expect(seen.pongs).toBeGreaterThanOrEqual(pings.length - 1);
    expect(client.lastPongAt).toBeGreaterThan(Date.now() - 2 * heartbeatMs);
    expect(server.connections).toHaveLength(1);
    expect(client.reconnects).toBe(0);
    expect(seen.disconnects).toEqual([]);
  });

  it('any pong resets the count: two missed pings in a row are tolerated', async () => {
    const server = await startServer({ answerPing: (n) => n % 3 === 0 });
    const client = startClient(server.url, { heartbeatMs: 20 });
    const seen = record(client);
    client.connect();
    await waitFor(() => expect(server.connections[0]?.pingTimes.length).toBeGreaterThanOrEqual(15));
    expect(server.connections).toHaveLength(1);
    expect(seen.disconnects).toEqual([]);
    expect(client.state).toBe('open');
  });

  it('reconnects after the third unanswered ping, not before', async () => {
    const heartbeatMs = 40;
    let answering = true;
    const server = await startServer({ answerPing: () => answering });
    const client = startClient(server.url, { heartbeatMs });
    const seen = record(client);
    client.connect();
    // Two answered pings first: only unanswered pings in a row count.
    await waitFor(() => expect(server.connections[0]?.pingTimes).toHaveLength(2));
    answering = false;

    await waitFor(() => expect(server.connections).toHaveLength(2));
    answering = true;
    const first = server.connections[0];
    // Pings 3, 4 and 5 went unanswered; the socket was dropped instead of sending a sixth.
    expect(first?.pingTimes).toHaveLength(5);
    await waitFor(() => expect(first?.closedAt).toBeDefined());
    const thirdUnanswered = first?.pingTimes[4] ?? Number.NaN;
    // The last unanswered ping had its full interval to be answered.
    expect((first?.closedAt ?? 0) - thirdUnanswered).toBeGreaterThanOrEqual(heartbeatMs - 5);
    expect(seen.disconnects).toEqual([{ reason: 'heartbeat', answered: false }]);
    await waitFor(() => expect(client.state).toBe('open'));
    expect(client.reconnects).toBe(1);
    expect(seen.states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('honours maxMissedPongs', async () => {
    const server = await startServer({ answerPing: () => false });
    const client = startClient(server.url, { heartbeatMs: 20, maxMissedPongs: 0 });
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(2));
    expect(server.connections[0]?.pingTimes).toHaveLength(1);
  });
});

describe('socket client: reconnecting', () => {
  it('gives up on a handshake that never completes after connectTimeoutMs, and retries', async () => {
    const connectTimeoutMs = 120;
    const acceptedAt: number[] = [];
    const sockets = new Set<Socket>();
    const tcp: Server = createServer((socket) => {
      acceptedAt.push(performance.now());
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // Reads the upgrade request and never answers it.
      socket.resume();
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          for (const socket of sockets) socket.destroy();
          tcp.close(() => resolve());
        }),
    );
    const { port } = tcp.address() as { port: number };
    const client = startClient(`ws://127.0.0.1:${port}`, { connectTimeoutMs });
    const seen = record(client);
    client.connect();

    await waitFor(() => expect(acceptedAt).toHaveLength(3));
    expect((acceptedAt[1] ?? 0) - (acceptedAt[0] ?? 0)).toBeGreaterThanOrEqual(
      connectTimeoutMs - 5,
    );
    expect((acceptedAt[2] ?? 0) - (acceptedAt[1] ?? 0)).toBeGreaterThanOrEqual(
      connectTimeoutMs - 5,
    );
    // The abandoned handshakes were torn down, not left hanging.
    await waitFor(() => expect(sockets.size).toBe(1));
    expect(seen.disconnects.slice(0, 2)).toEqual([
      { reason: 'connect-timeout', answered: false },
      { reason: 'connect-timeout', answered: false },
    ]);
    expect(seen.states).toEqual(['connecting', 'reconnecting']);
  });

  it('after the server drops it, logs in again and resubscribes every active topic once', async () => {
    const server = await startServer();
    const client = startClient(server.url, { token: 'tok-1' });
    const seen = record(client);
    const topics = ['DAY_MARKET', 'KLINE.EURUSD.1min', 'FOREX_TRADE', 'FOREX_CLOSED'] as const;
    client.subscribeMany(topics);
    client.connect();
    await waitFor(() => expect(server.connections[0]?.frames).toHaveLength(5));

    server.connections[0]?.socket.terminate();
    await waitFor(() => expect(server.connections[1]?.frames).toHaveLength(5));
    await waitFor(() => expect(client.loggedIn).toBe(true));
    await sleep(30);
    const frames = parsed(server.connections[1]);
    expect(frames[0]).toEqual({ type: 'login', token: 'tok-1' });
    expect(frames.slice(1)).toHaveLength(topics.length);
    expect(frames.slice(1)).toEqual(expect.arrayContaining(topics.map(sub)));
    // No close frame: the connection broke, nothing answered.
    expect(seen.disconnects).toEqual([{ reason: 'closed', code: 1006, answered: false }]);
    expect(seen.logins).toEqual([1, 1]);
    expect(seen.states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
    expect(client.reconnects).toBe(1);
  });

  it('reconnects after a clean close by the server, reporting its code', async () => {
    const server = await startServer();
    const client = startClient(server.url);
    const seen = record(client);
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));
    server.connections[0]?.socket.close(CLOSE.SERVICE_RESTART, 'restart');
    await waitFor(() => expect(server.connections).toHaveLength(2));
    expect(seen.disconnects).toEqual([
      { reason: 'closed', code: CLOSE.SERVICE_RESTART, answered: true },
    ]);
  });

  it('backs off with growing full-jitter delays until a login succeeds, then starts over', async () => {
    // random → 0.999: each delay is its ceiling minus 1 ms, i.e. 19, 39, 79, 79 ms.
    const backoff = { baseMs: 20, maxMs: 80 };
    const [first, second, capped] = [19, 39, 79];
    const expected = [first, second, capped, capped];
    let loginWorks = false;
    const server = await startServer({
      loginCode: () => (loginWorks ? 1 : undefined),
      onConnection: (connection) => {
        // Without login, drop at once; once logins work, drop shortly after the login_result.
        setTimeout(() => connection.socket.terminate(), loginWorks ? 30 : 0);
      },
    });
    const client = startClient(server.url, { token: 'tok-1', backoff, random: () => 0.999 });
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(5));
    loginWorks = true;
    await waitFor(() => expect(server.connections).toHaveLength(7));

    const opened = server.connections.map((connection) => connection.openedAt);
    const gaps = opened.slice(1).map((at, i) => at - (opened[i] ?? 0));
    expected.forEach((delay, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(delay - 2);
    });
    expect(gaps[0]).toBeLessThan(capped);
    // Connection 6 logged in, so the drop after it waited the first delay again, not the cap:
    // the gap is the 30 ms the server kept it plus about 19 ms.
    expect(gaps[5]).toBeGreaterThanOrEqual(30 + first - 2);
    expect(gaps[5]).toBeLessThan(30 + capped);
  });

  it('without a token, a good open resets the backoff', async () => {
    const server = await startServer({
      onConnection: (connection) => connection.socket.terminate(),
    });
    const client = startClient(server.url, {
      backoff: { baseMs: 20, maxMs: 1000 },
      random: () => 0.999,
    });
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(5));
    const opened = server.connections.map((connection) => connection.openedAt);
    // Growing delays would be 19 + 39 + 79 + 159 ms; each open starts over at 19 ms.
    expect((opened[4] ?? 0) - (opened[0] ?? 0)).toBeLessThan(200);
    expect(client.reconnects).toBe(4);
  });
});

describe('socket client: close', () => {
  it('closes for good: normal close code, no reconnect, no timer left', async () => {
    const pending = trackPendingTimers();
    const server = await startServer();
    const client = startClient(server.url, { heartbeatMs: 20 });
    const seen = record(client);
    client.subscribe('DAY_MARKET');
    client.connect();
    await waitFor(() => expect(server.connections[0]?.pingTimes.length).toBeGreaterThan(1));

    client.close();
    client.close();
    expect(client.state).toBe('closed');
    await waitFor(() => expect(server.connections[0]?.closeCode).toBe(CLOSE.NORMAL));
    await waitFor(() => expect(pending.size).toBe(0));
    const pings = server.connections[0]?.pingTimes.length;
    await sleep(100);
    expect(server.connections).toHaveLength(1);
    expect(server.connections[0]?.pingTimes.length).toBe(pings);
    expect(pending.size).toBe(0);
    expect(seen.states).toEqual(['connecting', 'open', 'closed']);
  });

  it('close() while waiting to reconnect cancels the reconnect', async () => {
    const pending = trackPendingTimers();
    const server = await startServer();
    const client = startClient(server.url, {
      backoff: { baseMs: 100, maxMs: 100 },
      random: () => 0.9,
    });
    client.on('disconnect', () => client.close());
    client.connect();
    await waitFor(() => expect(server.connections).toHaveLength(1));
    server.connections[0]?.socket.terminate();
    await waitFor(() => expect(client.state).toBe('closed'));
    expect(pending.size).toBe(0);
    await sleep(150);
    expect(server.connections).toHaveLength(1);
  });

  it('close() during a handshake abandons it without leaks, and connect() starts again', async () => {
    const pending = trackPendingTimers();
    const server = await startServer();
    const client = startClient(server.url);
    client.connect();
    client.close();
    expect(client.state).toBe('closed');
    expect(pending.size).toBe(0);
    await sleep(50);
    expect(server.connections.filter((c) => c.closedAt === undefined)).toHaveLength(0);

    client.connect();
    await waitFor(() => expect(client.state).toBe('open'));
    expect(server.connections.filter((c) => c.closedAt === undefined)).toHaveLength(1);
  });
});
