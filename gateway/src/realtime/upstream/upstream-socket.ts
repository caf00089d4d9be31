import {
  type BackoffOptions,
  CLOSE,
  fullJitterDelay,
  KEEP_ALIVE,
  MAX_MISSED_PONGS,
  PING,
  PONG,
} from '@pipstream/protocol';
import WebSocket, { type RawData } from 'ws';
import { DEFAULT_PONG_DEADLINE_MS, type HubDeps } from '../options.js';
import type { RecoveryBus } from './recovery.js';
import { classifyUpstreamFrame, type UpstreamFrame } from './upstream-frame.js';

/** How long a closing upstream gets to answer our close frame. */
const CLOSE_GRACE_MS = 1000;

export type UpstreamKind = 'public' | 'private';

/** Why an upstream socket was let go. */
export type UpstreamLoss = 'closed' | 'error' | 'heartbeat' | 'connect-timeout';

export interface UpstreamSocketOptions extends HubDeps {
  readonly url: string;
  readonly kind: UpstreamKind;
  readonly heartbeatMs: number;
  /**
   * A ping whose pong is not back this long after it went out counts as missed (default
   * DEFAULT_PONG_DEADLINE_MS, at most half of `heartbeatMs`).
   */
  readonly pongDeadlineMs?: number;
  readonly connectTimeoutMs: number;
  readonly backoff: BackoffOptions;
  readonly random: () => number;
  /**
   * Shared with the hub's other upstream sockets: this one's opening tells the others the
   * upstream is back, and their opening (or a REST answer) cuts this one's wait short — once
   * per outage, so a flapping upstream is not hammered by every socket at every sign of life.
   */
  readonly recovery?: RecoveryBus;
  /** Handshake headers (the browser's `lang` on a private connection). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Safe to log: never a token. */
  readonly logContext: Readonly<Record<string, string>>;
  /** A connection opened: the owner logs in and subscribes now. */
  onOpen(): void;
  /** Every upstream frame but `pong` and the keep-alive, classified once. */
  onFrame(frame: UpstreamFrame): void;
  /** The connection, or an attempt at one, was lost; a reconnect is scheduled. */
  onDown(reason: UpstreamLoss): void;
}

export interface UpstreamSocket {
  /** Sends one text frame; dropped when not open (the owner resends on the next `onOpen`). */
  send(text: string): void;
  /**
   * Open, and no pong missed since the last one came: a socket whose upstream fell silent is
   * not answering from its first missed pong on, before it is dropped for good.
   */
  readonly answering: boolean;
  /** Starts anew the backoff: called once the owner counts the connection as good. */
  resetBackoff(): void;
  /** Closes for good: no reconnect, every timer cleared. */
  close(): void;
}

/**
 * One upstream socket that stays connected: `ping` every `heartbeatMs`, dropped when more than
 * MAX_MISSED_PONGS in a row are missed, when it does not open within `connectTimeoutMs`, or when
 * it closes or fails — then reopened after a full-jitter backoff, or at once when the upstream
 * is seen answering again (`recovery`). Frames come up as raw Buffers
 * so the hub forwards the upstream's own bytes.
 *
 * A pong is missed when it is not back `pongDeadlineMs` after its ping (this project's choice:
 * the rule fixes how many, not when). Deciding at the deadline rather than at the next ping lets go
 * of an upstream that falls silent 2 to 3 intervals + the deadline later, instead of 3 to 4
 * intervals. Any pong, even a late one, proves the upstream alive and clears the count: a slow
 * upstream is only dropped when no pong at all comes back for two intervals + the deadline.
 *
 * The protocol's createSocketClient is not reused here: it decodes every frame to a string and
 * parses it, and sends each subscription on its own, where the hub routes by a prefix scan,
 * forwards Buffers untouched and batches its subscriptions.
 */
export function openUpstreamSocket(options: UpstreamSocketOptions): UpstreamSocket {
  const { metrics, log, kind } = options;
  const sentUpstream = metrics.messagesOut.labels({ destination: 'upstream' });
  const receivedUpstream = metrics.messagesIn.labels({ source: 'upstream' });
  const openGauge = metrics.upstreamConnections.labels({ kind });

  let socket: WebSocket | undefined;
  let open = false;
  let closed = false;
  let attempt = 0;
  const pongDeadlineMs = Math.min(
    options.pongDeadlineMs ?? DEFAULT_PONG_DEADLINE_MS,
    options.heartbeatMs / 2,
  );
  let missedPongs = 0;
  /** A ping is out and no pong has come back since. */
  let awaitingPong = false;
  let connectTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;
  let pongTimer: NodeJS.Timeout | undefined;
  let reconnectTimer: NodeJS.Timeout | undefined;
  /** Withdraws the waiting reconnect from the recovery bus. */
  let withdraw: (() => void) | undefined;
  /** The current wait was already cut short once since the last good connection. */
  let triedEarly = false;

  function connect() {
    const ws = new WebSocket(options.url, {
      perMessageDeflate: false,
      handshakeTimeout: options.connectTimeoutMs,
      ...(options.headers && { headers: { ...options.headers } }),
    });
    socket = ws;
    missedPongs = 0;
    awaitingPong = false;
    ws.on('open', () => onOpen(ws));
    ws.on('message', (data, isBinary) => onMessage(ws, data, isBinary));
    ws.on('close', () => lose(ws, 'closed'));
    ws.on('error', (error) => {
      log.debug({ ...options.logContext, err: error.message }, 'upstream socket error');
      lose(ws, 'error');
    });
    connectTimer = setTimeout(() => lose(ws, 'connect-timeout'), options.connectTimeoutMs);
  }

  function onOpen(ws: WebSocket) {
    if (ws !== socket) return;
    clearTimeout(connectTimer);
    open = true;
    openGauge.inc();
    heartbeatTimer = setInterval(beat, options.heartbeatMs);
    log.info({ ...options.logContext }, 'upstream connected');
    triedEarly = false;
    options.recovery?.answered();
    options.onOpen();
  }

  function beat() {
    if (!socket) return;
    awaitingPong = true;
    send(PING);
    clearTimeout(pongTimer);
    pongTimer = setTimeout(checkPong, pongDeadlineMs);
  }

  function checkPong() {
    pongTimer = undefined;
    if (!socket || !awaitingPong) return;
    missedPongs++;
    if (missedPongs > MAX_MISSED_PONGS) lose(socket, 'heartbeat');
  }

  function onMessage(ws: WebSocket, data: RawData, isBinary: boolean) {
    if (ws !== socket || isBinary) return;
    receivedUpstream.inc();
    const raw = toBuffer(data);
    const frame = classifyUpstreamFrame(raw);
    if (!frame) {
      log.warn({ ...options.logContext, bytes: raw.length }, 'upstream frame not understood');
      return;
    }
    if (frame.type === PONG) {
      awaitingPong = false;
      missedPongs = 0;
      return;
    }
    // The upstream's keep-alive is for a browser on it directly; browsers here get the hub's.
    if (frame.type === KEEP_ALIVE) return;
    options.onFrame(frame);
  }

  /** Lets go of `ws` (once) and schedules the next attempt. */
  function lose(ws: WebSocket, reason: UpstreamLoss) {
    if (ws !== socket) return;
    release(ws);
    log.warn({ ...options.logContext, reason, attempt }, 'upstream lost');
    const delay = fullJitterDelay(attempt, options.backoff, options.random);
    attempt++;
    reconnectTimer = setTimeout(reconnect, delay);
    if (options.recovery && !triedEarly) {
      withdraw = options.recovery.waiting(() => {
        withdraw = undefined;
        triedEarly = true;
        reconnect();
      });
    }
    options.onDown(reason);
  }

  function reconnect() {
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    withdraw?.();
    withdraw = undefined;
    metrics.upstreamReconnects.inc({ kind });
    connect();
  }

  /** Forgets `ws` and its timers; `close` lets an open socket say goodbye first. */
  function release(ws: WebSocket, how: 'close' | 'terminate' = 'terminate') {
    socket = undefined;
    clearTimeout(connectTimer);
    clearInterval(heartbeatTimer);
    heartbeatTimer = undefined;
    clearTimeout(pongTimer);
    pongTimer = undefined;
    if (open) openGauge.dec();
    open = false;
    // The 'error' listener stays: `ws` throws on an 'error' nobody listens to.
    ws.removeAllListeners('open');
    ws.removeAllListeners('message');
    ws.removeAllListeners('close');
    if (how === 'terminate' || ws.readyState !== WebSocket.OPEN) {
      ws.terminate();
      return;
    }
    ws.close(CLOSE.NORMAL);
    // An upstream that never answers the close must not hold the socket (or the process).
    setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  function send(text: string) {
    if (!open || !socket) return;
    socket.send(text);
    sentUpstream.inc();
  }

  connect();

  return {
    send,
    get answering() {
      return open && missedPongs === 0;
    },
    resetBackoff() {
      attempt = 0;
    },
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      withdraw?.();
      withdraw = undefined;
      if (socket) release(socket, 'close');
    },
  };
}

/** `ws` hands text frames as one Buffer; fragments and ArrayBuffers only with other settings. */
function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
