/**
 * The upstream of the fan-out and recovery benchmarks: a small `ws` server on 127.0.0.1 that
 * speaks the gateway's upstream socket protocol (docs/architecture.md#socket-protocol: `sub`
 * / `unsub`, bare `ping` → `pong`, a snapshot to a new subscriber, as the mock upstream does)
 * and publishes DAY_MARKET, plus the KLINE topic of each instrument someone holds, at a fixed
 * rate.
 *
 * Why not the mock upstream: its simulator sends only the instruments that moved (frames of
 * varying size) stamped with its own clock, while the benchmark needs ~2 KB frames at exactly
 * 10 per second, a send time for each, and faults on cue (drop every socket, go silent while
 * keeping the TCP connection). The gateway forwards upstream frames byte for byte, so a key
 * written here (market.ts) reaches the clients unchanged, and the precise send time of each
 * key stays here, in `sentAt`.
 */
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PING, PONG, parseTopic, SOCKET_PATH } from '@pipstream/protocol';
import { type WebSocket, WebSocketServer } from 'ws';
import { wallClockMs } from './frame-keys.js';
import { type BenchMarketOptions, createBenchMarket } from './market.js';

interface Connection {
  readonly socket: WebSocket;
  readonly topics: Set<string>;
  /** Stopped answering and sending (a hung upstream that keeps its TCP connection). */
  silent: boolean;
}

/** Frames are encoded Buffers; `ws` would send a Buffer as a binary frame unless told. */
const TEXT = { binary: false } as const;

export interface FeederOptions extends BenchMarketOptions {
  /** DAY_MARKET frames per second (and KLINE frames per held topic). */
  readonly ticksPerSecond: number;
}

/** Keys of the last frames sent: anything after them is fresh. */
export interface LastKeys {
  readonly dayMarket: number;
  readonly kline: number;
}

export interface FeederEvents {
  /** An upstream connection opened (`at`: wallClockMs). */
  open: [at: number];
  /** An upstream connection closed, whoever closed it. */
  close: [at: number];
  /** A connection took a topic. */
  sub: [topic: string, at: number];
}

export async function startFeeder(options: FeederOptions) {
  const market = createBenchMarket(options);
  const connections = new Set<Connection>();
  const events = new EventEmitter<FeederEvents>();
  /** Precise send time of every DAY_MARKET frame since the last `clearLog`, by key. */
  const sentAt = new Map<number, number>();
  let lastKey = 0;
  let candleSequence = 0;
  /** The sequence each KLINE topic's latest frame carried. */
  const candleSequenceOf = new Map<string, number>();
  let ticker: NodeJS.Timeout | undefined;
  let dayMarketFrames = 0;
  let paused = false;
  /** `ticks()` callers, each waiting for the DAY_MARKET frame count to reach its mark. */
  const waiters = new Set<{ mark: number; resolve(): void }>();
  let accepted = 0;
  /** wallClockMs of the latest connection's opening. */
  let lastOpenAt = Number.NaN;

  const server = createServer((_request, response) => {
    // The gateway's REST proxy points here too; the benchmarks never call it.
    response.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: SOCKET_PATH, perMessageDeflate: false });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  wss.on('connection', (socket) => {
    const connection: Connection = { socket, topics: new Set(), silent: false };
    connections.add(connection);
    accepted++;
    lastOpenAt = wallClockMs();
    events.emit('open', lastOpenAt);
    socket.on('message', (data, isBinary) => {
      if (!isBinary && !connection.silent) onText(connection, data.toString());
    });
    socket.on('close', () => {
      connections.delete(connection);
      events.emit('close', wallClockMs());
    });
    socket.on('error', () => socket.terminate());
  });

  function onText(connection: Connection, text: string) {
    if (text === PING) {
      connection.socket.send(PONG);
      return;
    }
    let frame: { type?: unknown; param?: unknown };
    try {
      frame = JSON.parse(text);
    } catch {
      return;
    }
    const topic = typeof frame.param === 'string' ? frame.param : '';
    if (frame.type === 'unsub') connection.topics.delete(topic);
    if (frame.type !== 'sub' || connection.topics.has(topic)) return;
    const parsed = parseTopic(topic);
    if (parsed?.kind !== 'DAY_MARKET' && parsed?.kind !== 'KLINE') return;
    connection.topics.add(topic);
    events.emit('sub', topic, wallClockMs());
    // Like the mock: the latest value at once. Its keys are old, so it never counts as fresh.
    const snapshot =
      parsed.kind === 'DAY_MARKET'
        ? market.quotes()
        : market.candle(parsed.code, candleSequenceOf.get(topic) ?? 0, Date.now());
    if (snapshot) connection.socket.send(snapshot, TEXT);
  }

  /** Open connections that hold `topic` and still talk. */
  function holders(topic: string): Connection[] {
    return [...connections].filter((c) => !c.silent && c.topics.has(topic));
  }

  function tick() {
    if (paused) return;
    const dayMarket = holders('DAY_MARKET');
    if (dayMarket.length > 0) {
      // Keys strictly increase, even two frames within one millisecond.
      lastKey = Math.max(Math.floor(Date.now()), lastKey + 1);
      const frame = market.dayMarket(lastKey);
      sentAt.set(lastKey, wallClockMs());
      for (const connection of dayMarket) connection.socket.send(frame, TEXT);
      dayMarketFrames++;
      for (const waiter of waiters) {
        if (waiter.mark > dayMarketFrames) continue;
        waiters.delete(waiter);
        waiter.resolve();
      }
    }
    const klineTopics = new Set<string>();
    for (const connection of connections) {
      if (connection.silent) continue;
      for (const topic of connection.topics) if (topic.startsWith('KLINE.')) klineTopics.add(topic);
    }
    for (const topic of klineTopics) {
      const parsed = parseTopic(topic);
      if (parsed?.kind !== 'KLINE') continue;
      candleSequenceOf.set(topic, ++candleSequence);
      const frame = market.candle(parsed.code, candleSequence, Date.now());
      if (frame) for (const connection of holders(topic)) connection.socket.send(frame, TEXT);
    }
  }

  function stop() {
    clearInterval(ticker);
    ticker = undefined;
  }

  return {
    wsUrl: `ws://127.0.0.1:${port}${SOCKET_PATH}`,
    httpUrl: `http://127.0.0.1:${port}`,
    events,
    sentAt,
    codes: market.codes,

    /** Upstream connections open now. */
    openConnections: () => connections.size,
    /** Upstream connections accepted since the start. */
    accepted: () => accepted,
    /** When the latest one opened (wallClockMs; NaN before the first). */
    lastOpenAt: () => lastOpenAt,
    /** Open, talking connections holding `topic`. */
    holders: (topic: string) => holders(topic).length,
    /** Topics held by the open, talking connections (each counted once). */
    topicsHeld: () =>
      new Set([...connections].flatMap((c) => (c.silent ? [] : [...c.topics]))).size,

    /** Starts publishing (the first frame goes out after one interval). */
    start() {
      ticker ??= setInterval(tick, 1000 / options.ticksPerSecond);
    },
    stop,
    /** Resolves once `count` more DAY_MARKET frames have gone out (ticking must be on). */
    ticks(count: number): Promise<void> {
      return new Promise((resolve) => waiters.add({ mark: dayMarketFrames + count, resolve }));
    },
    /**
     * Holds publishing while `true` (the timer keeps its phase): a benchmark reads the last keys
     * and sets up what it measures without a frame slipping out meanwhile.
     */
    pause(on: boolean) {
      paused = on;
    },
    /** Forgets the send times logged so far: the measured window starts now. */
    clearLog() {
      sentAt.clear();
    },
    lastKeys: (): LastKeys => ({ dayMarket: lastKey, kline: candleSequence }),

    /** Drops every upstream connection at once, as an upstream restart would; keeps listening. */
    dropAll(): number {
      const count = connections.size;
      for (const connection of connections) {
        connection.socket.terminate();
        // Gone now, not when its 'close' comes: what is held from here on is the next one's.
        connections.delete(connection);
      }
      return count;
    },
    /**
     * Stops listening and drops every connection, as a killed upstream process would: until
     * `revive`, a connection attempt is refused. Resolves with the connections dropped.
     */
    async kill(): Promise<number> {
      const count = this.dropAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return count;
    },
    /** Listens again on the same port: the upstream restarted. */
    async revive(): Promise<void> {
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    /** Every open connection stops answering pings and gets nothing more; TCP stays open. */
    silence() {
      for (const connection of connections) connection.silent = true;
    },

    async close() {
      stop();
      for (const connection of connections) connection.socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type Feeder = Awaited<ReturnType<typeof startFeeder>>;
