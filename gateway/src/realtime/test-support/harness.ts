/**
 * Builders for the hub's tests: a Fastify server with the hub on 127.0.0.1, browser sockets
 * that record what they receive, and the shared polling wait.
 */
import { KEEP_ALIVE } from '@pipstream/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { type PerMessageDeflateOptions, WebSocket } from 'ws';
import { createFrameLog } from '../../../../protocol/src/test-support/index.js';
import { createMetrics, type Metrics } from '../../ops/metrics.js';
import { createRealtimeHub, type RealtimeHub, type RealtimeOptions } from '../index.js';
import { REALTIME_DEFAULTS } from '../options.js';
// Vitest's `--conditions import` hands @fastify/websocket ws's ESM entry; this shim (the server
// engineer's) answers its require('ws') with the CommonJS one. Side effect only.

export const silentLog = {
  info: () => {},
  warn: () => {},
  error: () => {},
  debug: () => {},
};

export interface Gateway {
  readonly app: FastifyInstance;
  readonly hub: RealtimeHub;
  readonly metrics: Metrics;
  /** `ws://127.0.0.1:port/v1/ws`. */
  readonly wsUrl: string;
  readonly port: number;
  close(): Promise<void>;
}

/** Test timings: quick heartbeats, lingers and reconnects. */
export const FAST = {
  heartbeatMs: 200,
  lingerMs: 50,
  connectTimeoutMs: 1000,
  backoff: { baseMs: 50, maxMs: 500 },
} as const;

/** Starts Fastify with @fastify/websocket and the hub in front of `upstreamWsUrl`. */
export async function startGateway(
  upstreamWsUrl: string,
  overrides: Partial<RealtimeOptions> = {},
): Promise<Gateway> {
  const metrics = createMetrics();
  const hub = createRealtimeHub(
    { ...REALTIME_DEFAULTS, ...FAST, upstreamWsUrl, ...overrides },
    { metrics, log: silentLog },
  );
  // Loaded here, so the interop shim above has surely run first.
  const { default: fastifyWebsocket } = await import('@fastify/websocket');
  const app = Fastify({ logger: false });
  await app.register(fastifyWebsocket, {
    // The default handler logs every socket error; the tests make plenty on purpose.
    errorHandler: (_error, socket) => socket.terminate(),
  });
  await app.register(hub.plugin);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    hub,
    metrics,
    port,
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    async close() {
      await hub.shutdown();
      await app.close();
    },
  };
}

export interface BrowserFrame {
  readonly type: string;
  readonly [key: string]: unknown;
}

/**
 * A browser socket that records every frame it receives, parsed ('pong' as {type:'pong'}), and
 * the hub's keep-alives apart: they are no frame of the protocol's topics or answers.
 */
export interface TestBrowser {
  readonly socket: WebSocket;
  readonly frames: BrowserFrame[];
  /** The exact text of each frame, and its arrival time (performance.now()). */
  readonly texts: string[];
  readonly arrivals: number[];
  /** The arrival time (performance.now()) of each keep-alive. */
  readonly keepAlives: number[];
  /** Resolves with the close code once the socket is closed. */
  readonly closed: Promise<number>;
  send(frame: unknown): void;
  /** The first recorded frame, past or future, that `match` accepts. */
  next(match: (frame: BrowserFrame) => boolean, timeoutMs?: number): Promise<BrowserFrame>;
  /** Frames of one type. */
  ofType(type: string): BrowserFrame[];
  close(): void;
}

export interface BrowserOptions {
  readonly origin?: string;
  readonly headers?: Record<string, string>;
  /** Sends `ping` this often, as a real client does (default 150 ms; 0: never). */
  readonly pingMs?: number;
  /** The loopback address to connect from (127.0.0.2 is another browser's address). */
  readonly localAddress?: string;
  /**
   * What the browser offers of permessage-deflate (default: ws's offer, as browsers make one:
   * `permessage-deflate; client_max_window_bits`); false offers nothing.
   */
  readonly deflate?: boolean | PerMessageDeflateOptions;
}

export async function openBrowser(url: string, options: BrowserOptions = {}): Promise<TestBrowser> {
  const socket = new WebSocket(url, {
    ...(options.origin && { origin: options.origin }),
    ...(options.headers && { headers: options.headers }),
    ...(options.localAddress && { localAddress: options.localAddress }),
    ...(options.deflate !== undefined && { perMessageDeflate: options.deflate }),
  });
  const log = createFrameLog<BrowserFrame>();
  const texts: string[] = [];
  const arrivals: number[] = [];
  const keepAlives: number[] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  socket.on('message', (data) => {
    const text = data.toString();
    if (text === KEEP_ALIVE) {
      keepAlives.push(performance.now());
      return;
    }
    texts.push(text);
    arrivals.push(performance.now());
    log.push(text === 'pong' ? { type: 'pong' } : (JSON.parse(text) as BrowserFrame));
  });
  socket.on('error', () => {});
  const pingMs = options.pingMs ?? 150;
  if (pingMs > 0) {
    const timer = setInterval(() => {
      if (socket.readyState === WebSocket.OPEN) socket.send('ping');
    }, pingMs);
    socket.once('close', () => clearInterval(timer));
  }
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`handshake refused: ${res.statusCode}`)),
    );
    socket.once('close', (code) => reject(new Error(`closed during handshake: ${code}`)));
  });
  return {
    socket,
    frames: log.frames,
    texts,
    arrivals,
    keepAlives,
    closed,
    send(frame) {
      socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
    },
    next: log.next,
    ofType: (type) => log.frames.filter((frame) => frame.type === type),
    close() {
      socket.terminate();
    },
  };
}

/** The shared waits, here too so that every hub test imports its builders from one place. */
export { sleep, waitFor } from '../../../../protocol/src/test-support/index.js';

/** A DAY_MARKET frame with one tick per [Id, Close]. */
export function dayMarket(...ticks: [id: number, close: number][]): string {
  return JSON.stringify({
    type: 'DAY_MARKET',
    code: 1,
    data: ticks.map(([Id, Close]) => ({
      Id,
      Code: `I${Id}`,
      Open: 1,
      High: Close,
      Low: 1,
      Close,
      Change: 0,
      Time: 0,
    })),
  });
}

/** A KLINE frame of `topic` closing at `close`. */
export function kline(topic: string, close: number): string {
  return JSON.stringify({
    type: topic,
    code: 1,
    data: { Time: 0, Open: 1, High: close, Low: 1, Close: close, Volume: 1 },
  });
}
