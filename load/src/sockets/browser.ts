/**
 * One simulated browser: the protocol's own socket client (the one the web app's worker runs,
 * so heartbeat, login, resubscription and reconnect backoff are the app's, not a copy), on a
 * `ws` socket that offers permessage-deflate as Chromium does and sends the site's Origin.
 * Beside the client, the socket itself is watched: every frame counted by kind as it arrives
 * (also while closing, so the count matches what the server wrote), topic frames handed to a
 * sink by key, handshake refusals and closes by code, time to first tick, gaps in the quotes.
 *
 * Topic frames stop there: the client would parse each only to hand it to the app, which is
 * the phone's work, not the server's, and thousands of sockets parsing every quote would make
 * the generator the bottleneck. Everything else — pongs, login results, the gateway's own
 * frames — reaches the client as it would in the app.
 */
import {
  createSocketClient,
  PRIVATE_TOPICS,
  type Topic,
  type WebSocketConstructor,
  type WebSocketTransportOptions,
} from '@pipstream/protocol';
import WebSocket from 'ws';
import type { Recorder } from '../generator/recorder.js';
import { recordMs } from '../histogram.js';
import { BROWSER_OFFER } from './browser-offer.js';
import type { TopicFrameSink } from './delivery.js';
import { type FrameKind, readFrameOnce, upstreamState, wallClockMs } from './frames.js';

export interface BrowserPlan {
  /** Public topics: DAY_MARKET, and the candle topic of a chart when one is open. */
  readonly topics: readonly Topic[];
  /** Logged in with this token (and subscribed to the private topics once accepted). */
  readonly token?: string | undefined;
  /** The local address the socket leaves from. */
  readonly localAddress?: string | undefined;
}

export interface BrowserSetting {
  readonly url: string;
  readonly origin: string;
  readonly deflate: boolean;
  /** A DAY_MARKET silence this long or longer is a gap. */
  readonly gapMs: number;
  readonly recorder: Recorder;
  readonly sink: TopicFrameSink;
}

/** One socket of the browser's: its handshake, and what has come of it. */
interface Connection {
  readonly socket: WebSocket;
  readonly startedAt: number;
  opened: boolean;
  ticked: boolean;
  /** Why the handshake failed or the socket broke, as ws said it. */
  failure: string | undefined;
}

/** Frames the client is not handed (see above). */
const TOPIC_KINDS = new Set<FrameKind>(['DAY_MARKET', 'KLINE', 'FOREX_TRADE', 'FOREX_CLOSED']);

/**
 * How long a graceful close may take before the socket is dropped: the frames the server
 * sent before it saw the close are read meanwhile, however far behind the reading was.
 */
const CLOSE_WAIT_MS = 20_000;

/** `http 429` for a refused upgrade, the errno code (`ECONNREFUSED`) for a failed connection. */
function failureLabel(error: Error & { code?: string }): string {
  const status = /Unexpected server response: (\d+)/.exec(error.message)?.[1];
  if (status) return `http ${status}`;
  return error.code ?? 'error';
}

export class SimulatedBrowser {
  private readonly client: ReturnType<typeof createSocketClient>;
  private connection: Connection | undefined;
  private everOpened = false;
  private lastTickAt: number | undefined;

  constructor(
    plan: BrowserPlan,
    private readonly setting: BrowserSetting,
  ) {
    const browser = this;
    // `new`-able, as the client calls it: each handshake of this browser's goes through it.
    function BrowserSocket(
      url: string,
      protocols?: string | string[],
      options?: WebSocketTransportOptions,
    ) {
      return browser.attach(
        new WebSocket(url, protocols, {
          ...options,
          perMessageDeflate: setting.deflate && BROWSER_OFFER,
          // UTF-8 validation is the client's cost, not the server's.
          skipUTF8Validation: true,
          ...(plan.localAddress && { localAddress: plan.localAddress }),
        }),
      );
    }
    this.client = createSocketClient({
      url: setting.url,
      WebSocketImpl: BrowserSocket as unknown as WebSocketConstructor,
      origin: setting.origin,
      // The load reads frames by key; the app's schema checks are the app's cost.
      validate: false,
      // Topic frames are read here and never reach the client, so it cannot tell a quiet
      // socket from a dead one: the load measures silences itself, as gaps.
      silenceMs: 0,
      ...(plan.token !== undefined && { token: plan.token }),
    });
    this.client.on('login', ({ code }) => setting.recorder.login(code));
    this.client.on('disconnect', ({ reason, code }) => this.lost(reason, code));
    for (const topic of plan.topics) this.client.subscribe(topic);
    if (plan.token !== undefined) for (const topic of PRIVATE_TOPICS) this.client.subscribe(topic);
  }

  get isOpen(): boolean {
    return this.connection?.opened === true && this.connection.socket.readyState === WebSocket.OPEN;
  }

  /** Where a browser without an open socket stands: see `notOpen` in result/schema.ts. */
  get standing(): 'open' | 'waiting' | 'handshake' | 'retrying' {
    if (this.isOpen) return 'open';
    const { state } = this.client;
    if (state === 'closed') return 'waiting';
    return state === 'connecting' || this.connection?.socket.readyState === WebSocket.CONNECTING
      ? 'handshake'
      : 'retrying';
  }

  /** Whether a first handshake is still under way (the ramp limits how many at once). */
  get isFirstConnecting(): boolean {
    return !this.everOpened && this.client.state === 'connecting';
  }

  open(): void {
    this.client.connect();
  }

  private attach(socket: WebSocket): WebSocket {
    const connection: Connection = {
      socket,
      startedAt: wallClockMs(),
      opened: false,
      ticked: false,
      failure: undefined,
    };
    this.connection = connection;
    const { recorder, sink } = this.setting;
    socket.on('open', () => {
      connection.opened = true;
      recorder.connected(!this.everOpened);
      this.everOpened = true;
    });
    socket.on('error', (error) => {
      connection.failure = failureLabel(error);
    });
    // The client's `onmessage` is kept here and called by this socket's own listener.
    let onmessage: ((event: { data: unknown }) => void) | null = null;
    Object.defineProperty(socket, 'onmessage', {
      get: () => onmessage,
      set: (handler: typeof onmessage) => {
        onmessage = handler;
      },
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        onmessage?.({ data });
        return;
      }
      const kind = this.onFrame(connection, data);
      if (!TOPIC_KINDS.has(kind)) onmessage?.({ data: data.toString() });
    });
    socket.on('close', () => sink.ended(connection, wallClockMs()));
    return socket;
  }

  private onFrame(connection: Connection, data: Buffer): FrameKind {
    const at = wallClockMs();
    const { kind, topic, key } = readFrameOnce(data);
    const { recorder, sink, gapMs } = this.setting;
    recorder.frame(kind, at);
    if (kind === 'DAY_MARKET') {
      if (!connection.ticked) {
        connection.ticked = true;
        recordMs(recorder.firstTick, at - connection.startedAt);
      }
      if (this.lastTickAt !== undefined && at - this.lastTickAt >= gapMs) {
        recorder.gap(at - this.lastTickAt);
      }
      this.lastTickAt = at;
    }
    if (kind === 'upstream') {
      const state = upstreamState(data);
      if (state === 'down') recorder.upstreamDown++;
      if (state === 'up') recorder.upstreamUp++;
    }
    if (topic !== undefined && key !== undefined) sink.frame(connection, topic, key, at);
    return kind;
  }

  /** The client let a socket go: a refused handshake, or a close by the server or heartbeat. */
  private lost(reason: string, code: number | undefined): void {
    const connection = this.connection;
    const { recorder } = this.setting;
    const label = connection?.failure ?? reason;
    const counts = connection?.opened ? recorder.closed : recorder.refused;
    const key =
      connection?.opened && reason === 'closed' && code !== undefined ? String(code) : label;
    counts[key] = (counts[key] ?? 0) + 1;
  }

  /**
   * Closes for good: no reconnect; the socket closes with a handshake, and the frames the
   * server sent before it saw the close are still counted. A quote feed that stopped and
   * never came back is a gap up to now.
   */
  async close(): Promise<void> {
    const now = wallClockMs();
    if (this.lastTickAt !== undefined && now - this.lastTickAt >= this.setting.gapMs) {
      this.setting.recorder.gap(now - this.lastTickAt);
    }
    this.lastTickAt = undefined;
    const socket = this.connection?.socket;
    this.client.close();
    if (!socket || socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        socket.terminate();
        resolve();
      }, CLOSE_WAIT_MS);
      socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
