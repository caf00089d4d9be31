import type { IncomingMessage, ServerResponse } from 'node:http';
// Types only: the `websocket` route option and `fastify.websocketServer`.
import type {} from '@fastify/websocket';
import {
  CLOSE,
  type ClientFrame,
  CODE,
  CONNECT_TIMEOUT_MS,
  DEFAULT_BACKOFF,
  isPrivateTopic,
  PING,
  PONG,
  PRIVATE_TOPICS,
  parseTopic,
  SOCKET_PATH,
  type Topic,
} from '@pipstream/protocol';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import WebSocket, { type RawData } from 'ws';
import { networksBy } from '../network.js';
import { createAdmission } from './browsers/admission.js';
import { Browser, type BrowserWriter } from './browsers/browser.js';
import { type BadFrameReason, decodeBrowserFrame } from './browsers/browser-frames.js';
import { createBrowserCounters } from './browsers/counters.js';
import { keepBrowsersAlive } from './browsers/keep-alive.js';
import { fullBucket } from './browsers/rate-buckets.js';
import { HANDSHAKE_REFUSALS } from './browsers/refusals.js';
import {
  DEFAULT_BAD_FRAME_WINDOW_MS,
  type HubDeps,
  PUBLIC_BACKOFF,
  type RealtimeOptions,
  SOCKET_LOGINS,
} from './options.js';
import {
  createInstrumentCodes,
  INSTRUMENT_REFRESH_GAP_MS,
  type InstrumentCodes,
  tradeListCodes,
} from './upstream/instrument-codes.js';
import { createPrivateSessions, type UpstreamSettings } from './upstream/private-sessions.js';
import { createPublicFeed } from './upstream/public-feed.js';
import { createRecoveryBus } from './upstream/recovery.js';
import { DEFLATE_NEGOTIATION, negotiatedWindowBits } from './wire/permessage-deflate.js';
import { SharedFrame } from './wire/shared-frame.js';
import { wireFrames, wsVersion } from './wire/ws-frames.js';

export interface RealtimeHub {
  /** Registers GET /v1/ws; @fastify/websocket must be registered already. */
  readonly plugin: FastifyPluginAsync;
  /** The shared upstream connection is open and holds every topic browsers need. */
  ready(): boolean;
  /** Closes every browser (1012 by default, so it reconnects elsewhere) and every upstream. */
  shutdown(code?: number, reason?: string): Promise<void>;
  stats(): RealtimeStats;
}

export interface RealtimeStats {
  /** Browser sockets the hub serves now. */
  readonly browsers: number;
  /** `public`: the shared connection is up; `private`: per-token connections open. */
  readonly upstream: { readonly public: boolean; readonly private: number };
  /** Public topics the shared connection holds upstream. */
  readonly topics: string[];
}

/** A browser silent for this many heartbeat intervals is closed. */
const IDLE_INTERVALS = 3;
/**
 * A browser connected this many heartbeat intervals (10 s) hands its place in its address's
 * connection rate back when it drops: its reconnect is paid for. A socket dropped sooner, as
 * in a reconnect loop, does not.
 */
const SETTLED_INTERVALS = 2;
/** How often congested browsers are checked for a drained buffer. */
const DRAIN_POLL_MS = 20;
/** Time a browser gets to complete a close the hub started before it is cut off. */
const CLOSE_GRACE_MS = 1000;

const PONG_FRAME = SharedFrame.of(PONG);
const DOWN_FRAME = SharedFrame.of(JSON.stringify({ type: 'upstream', state: 'down' }));
const UP_FRAME = SharedFrame.of(JSON.stringify({ type: 'upstream', state: 'up' }));

function errorFrame(msg: string): string {
  return JSON.stringify({ type: 'error', code: CODE.INVALID_INPUT, msg });
}

/** The `lang` a browser asked for (header or `?lang=`), when it looks like a language code. */
function langOf(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined;
  const value = request.headers.lang ?? query?.lang;
  const lang = Array.isArray(value) ? value[0] : value;
  return typeof lang === 'string' && /^[A-Za-z-]{2,10}$/.test(lang) ? lang : undefined;
}

/**
 * The realtime hub at /v1/ws (docs/architecture.md#gateway): browsers speak the upstream's socket
 * protocol to it; it serves them all from one shared public upstream connection and one
 * connection per user token, with last-value snapshots, conflation for slow browsers,
 * validation of every frame, heartbeats on both sides, keep-alives to quiet browsers and upstream
 * status frames.
 *
 * Close codes (protocol CLOSE): 1009 frame over `maxFrameBytes`; 1008 per-IP limit raced past
 * the handshake check; 1012 shutdown; 4400 more than `badFrameLimit` bad frames in the window;
 * 4404 unknown topic or unlisted instrument (after an `error` frame naming it); 4408 silent
 * for three heartbeats; 4420 frames past the socket's message budget (`socketMessages`); 4429
 * more than `maxSubscriptions`; 4508 send buffer past `hardBufferBytes`. Before the
 * upgrade: 403 foreign Origin, 429 per-IP limit or connection rate, 503 shutting down. A
 * malformed frame, a binary frame or a private `sub` before login gets an `error` frame (code
 * INVALID_INPUT); a refused login, a `login_result` (private-sessions.ts). Every per-address
 * limit counts an IPv6 browser by its network (`ipv6PrefixLength`, network.ts).
 */
export function createRealtimeHub(options: RealtimeOptions, deps: HubDeps): RealtimeHub {
  const { metrics, log } = deps;
  const badFrameWindowMs = options.badFrameWindowMs ?? DEFAULT_BAD_FRAME_WINDOW_MS;
  const networkOf = networksBy(options.ipv6PrefixLength);
  const browsers = new Set<Browser>();
  const congested = new Set<Browser>();
  const closingSockets = new Set<WebSocket>();
  /** The HTTP response of each upgrade admitted, from `admit` until `accept` lets it go. */
  const upgradeResponses = new WeakMap<IncomingMessage, ServerResponse>();
  /** The compression window each upgrade negotiated (0: plain), from its handshake to `accept`. */
  const windowBitsOf = new WeakMap<IncomingMessage, number>();
  const admission = createAdmission({
    allowedOrigins: options.allowedOrigins,
    maxPerIp: options.maxConnectionsPerIp,
    perIpPerSecond: options.connectionsPerIpPerSecond,
  });
  const upstream: UpstreamSettings = {
    url: options.upstreamWsUrl,
    heartbeatMs: options.heartbeatMs,
    pongDeadlineMs: options.pongDeadlineMs,
    connectTimeoutMs: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    random: options.random ?? Math.random,
    recovery: createRecoveryBus(
      options.upstreamUrl === undefined ? undefined : new URL(options.upstreamUrl).origin,
    ),
    metrics,
    log,
  };

  let feed: ReturnType<typeof createPublicFeed> | undefined;
  let instrumentCodes: InstrumentCodes | undefined;
  let sessions: ReturnType<typeof createPrivateSessions> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let stopKeepAlive: (() => void) | undefined;
  let shuttingDown: Promise<void> | undefined;

  const counters = createBrowserCounters(metrics);

  const writer: BrowserWriter = {
    softBufferBytes: options.softBufferBytes,
    hardBufferBytes: options.hardBufferBytes,
    onCongested(browser) {
      congested.add(browser);
      drainTimer ??= setInterval(drainCongested, DRAIN_POLL_MS);
    },
    onOverflow(browser) {
      metrics.slowClientCloses.inc();
      log.info({ ip: browser.ip, buffered: browser.socket.bufferedAmount }, 'slow browser closed');
      closeBrowser(browser, CLOSE.SLOW_CONSUMER, 'slow consumer: resync over REST');
    },
    count: counters.written,
  };

  function drainCongested() {
    for (const browser of congested) if (browser.drain()) congested.delete(browser);
    if (congested.size === 0) {
      clearInterval(drainTimer);
      drainTimer = undefined;
    }
  }

  /** Tells `browser` the upstream state when it differs from what it was last told. */
  function refreshStatus(browser: Browser) {
    const down = feed?.state === 'down' || (sessions?.isDown(browser) ?? false);
    if (down === browser.toldDown) return;
    browser.toldDown = down;
    if (down) browser.dropPending();
    browser.send(down ? DOWN_FRAME : UP_FRAME);
  }

  function start() {
    feed = createPublicFeed({
      ...upstream,
      backoff: options.publicBackoff ?? PUBLIC_BACKOFF,
      lingerMs: options.lingerMs,
      onStatus() {
        for (const browser of browsers) refreshStatus(browser);
      },
    });
    sessions = createPrivateSessions({
      ...upstream,
      lingerMs: options.lingerMs,
      maxSessions: options.maxPrivateSessions,
      maxSessionsPerIp: options.maxPrivateSessionsPerIp,
      loginsPerIpPerSecond: options.loginsPerIpPerSecond,
      socketLogins: options.socketLogins ?? SOCKET_LOGINS,
      onStatus(members) {
        for (const browser of members) refreshStatus(browser);
      },
      onRefused(browser, why) {
        for (const topic of PRIVATE_TOPICS) browser.topics.delete(topic);
        refreshStatus(browser);
        // A token the upstream refuses is the browser's mistake; a limit is not.
        if (why === 'own_login') countBad(browser, 'login_refused');
      },
    });
    if (options.upstreamUrl !== undefined) {
      instrumentCodes = createInstrumentCodes({
        load: tradeListCodes(options.upstreamUrl),
        refreshGapMs: options.instrumentRefreshGapMs ?? INSTRUMENT_REFRESH_GAP_MS,
        log,
      });
    }
    idleTimer = setInterval(closeIdle, options.heartbeatMs);
    stopKeepAlive = keepBrowsersAlive(browsers);
  }

  function closeIdle() {
    const silentSince = Date.now() - IDLE_INTERVALS * options.heartbeatMs;
    for (const browser of browsers) {
      if (browser.lastSeen < silentSince) closeBrowser(browser, CLOSE.IDLE, 'idle');
    }
  }

  function accept(socket: WebSocket, request: FastifyRequest) {
    if (shuttingDown || !feed || !sessions) {
      metrics.connectionsRefused.inc({ reason: 'shutting_down' });
      socket.close(CLOSE.SERVICE_RESTART, 'server restart');
      return;
    }
    const ip = networkOf(request.ip);
    if (!admission.acquire(ip)) {
      metrics.connectionsRefused.inc({ reason: 'ip_limit' });
      socket.close(CLOSE.POLICY, 'too many connections from this address');
      return;
    }
    releaseUpgradeResponse(request.raw);
    const windowBits = windowBitsOf.get(request.raw) ?? 0;
    windowBitsOf.delete(request.raw);
    const browser = new Browser(socket, ip, langOf(request), writer, {
      tcp: request.raw.socket,
      windowBits,
    });
    browser.messages = fullBucket(options.socketMessages);
    browsers.add(browser);
    metrics.clients.inc();
    if (browser.compressed) metrics.compressingClients.inc();
    if (browser.compressed) wireFrames?.inflateEachMessage(socket, options.maxFrameBytes);
    socket.on('message', (data, isBinary) => onMessage(browser, data, isBinary));
    socket.on('close', () => release(browser));
    // @fastify/websocket's own 'error' listener holds the upgrade's request and reply (the
    // request, its headers and logger, a response object) for as long as the
    // socket lives. The hub's listener does its job instead — cut the socket off once ws has
    // sent its close frame — and counts the error as a bad frame rather than logging it as
    // the server's (this project's choice: a browser's protocol error is the browser's).
    socket.removeAllListeners('error');
    socket.on('error', (error: Error & { code?: string }) => {
      log.debug({ ip: browser.ip, err: error.message }, 'browser socket error');
      countBad(
        browser,
        error.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 'oversized' : 'protocol',
        false,
      );
      socket.terminate();
    });
    refreshStatus(browser);
  }

  function onMessage(browser: Browser, data: RawData, isBinary: boolean) {
    if (browser.released) return;
    browser.lastSeen = Date.now();
    counters.received();
    if (!browser.messages?.tryRemoveTokens(1)) {
      cutOff(browser);
      return;
    }
    if (isBinary) {
      refuseFrame(browser, 'binary', 'binary frame: the protocol is text only');
      return;
    }
    const text = data.toString();
    if (text === PING) {
      browser.send(PONG_FRAME);
      return;
    }
    const decoded = decodeBrowserFrame(text);
    if (decoded.kind === 'frame') onFrame(browser, decoded.frame);
    else if (decoded.kind === 'bad') refuseFrame(browser, decoded.reason, decoded.msg);
    else refuseTopic(browser, decoded.topic);
  }

  /**
   * A browser past its message budget: nothing more of it is read (a flooder's frames wait in
   * the kernel, not in the event loop) while its close is sent.
   */
  function cutOff(browser: Browser) {
    metrics.messageBudgetCloses.inc();
    log.info({ ip: browser.ip }, 'browser past its message budget closed');
    browser.socket.pause();
    closeBrowser(browser, CLOSE.TOO_MANY_MESSAGES, 'too many messages');
  }

  /** An unknown topic: an `error` frame naming it, then the close README promises. */
  function refuseTopic(browser: Browser, topic: string) {
    metrics.badFrames.inc({ reason: 'unknown_topic' });
    browser.send(errorFrame(`unknown topic: ${topic}`));
    closeBrowser(browser, CLOSE.UNKNOWN_TOPIC, 'unknown topic');
  }

  /**
   * Subscribes `browser` to a public topic once its instrument, for a candle topic, is one the
   * upstream lists; the topic already counts against the browser's limit while that is read.
   */
  function subscribePublic(browser: Browser, topic: Topic) {
    const parsed = parseTopic(topic);
    const known = parsed?.kind === 'KLINE' ? instrumentCodes?.check(parsed.code) : true;
    if (known === true || known === undefined) {
      feed?.subscribe(browser, topic);
      return;
    }
    const decide = (listed: boolean) => {
      // Gone, or unsubscribed meanwhile: nothing to do.
      if (browser.released || !browser.topics.has(topic)) return;
      if (listed) feed?.subscribe(browser, topic);
      else refuseTopic(browser, topic);
    };
    if (known === false) decide(false);
    else void known.then(decide);
  }

  function onFrame(browser: Browser, frame: ClientFrame) {
    if (!feed || !sessions) return;
    switch (frame.type) {
      case 'login':
        sessions.attach(browser, frame.token);
        refreshStatus(browser);
        return;
      case 'logout':
        for (const topic of PRIVATE_TOPICS) browser.topics.delete(topic);
        sessions.detach(browser);
        refreshStatus(browser);
        return;
      case 'sub': {
        const topic = frame.param;
        if (browser.topics.has(topic)) return;
        if (isPrivateTopic(topic) && !sessions.isMember(browser)) {
          refuseFrame(browser, 'login_required', `log in before subscribing to ${topic}`);
          return;
        }
        if (browser.topics.size >= options.maxSubscriptions) {
          countBad(browser, 'too_many_subscriptions', false);
          closeBrowser(browser, CLOSE.TOO_MANY_SUBSCRIPTIONS, 'too many subscriptions');
          return;
        }
        browser.topics.add(topic);
        if (isPrivateTopic(topic)) sessions.subscribe(browser, topic);
        else subscribePublic(browser, topic);
        return;
      }
      case 'unsub': {
        const topic = frame.param;
        if (!browser.topics.delete(topic)) return;
        if (isPrivateTopic(topic)) sessions.unsubscribe(browser, topic);
        else {
          feed.unsubscribe(browser, topic);
          browser.dropPendingTopic(topic);
        }
        return;
      }
    }
  }

  /** Counts a bad frame; true when the browser was closed for one too many. */
  function countBad(browser: Browser, reason: BadFrameReason, limited = true): boolean {
    metrics.badFrames.inc({ reason });
    if (!limited || browser.released) return false;
    if (!browser.countBadFrame(Date.now(), options.badFrameLimit, badFrameWindowMs)) return false;
    closeBrowser(browser, CLOSE.BAD_FRAMES, 'too many bad frames');
    return true;
  }

  function refuseFrame(browser: Browser, reason: BadFrameReason, msg: string) {
    if (!countBad(browser, reason)) browser.send(errorFrame(msg));
  }

  /**
   * Releases everything the hub holds for `browser`; its socket may still be closing. `dropped`:
   * it went away (its network, or silence), not closed by the hub for what it did.
   */
  function release(browser: Browser, dropped = true) {
    if (browser.released) return;
    browser.released = true;
    browsers.delete(browser);
    congested.delete(browser);
    // A phone that was here a while and dropped will be back: its new socket is not new traffic.
    const settled = Date.now() - browser.openedAt >= SETTLED_INTERVALS * options.heartbeatMs;
    admission.release(browser.ip, dropped && settled);
    metrics.clients.dec();
    if (browser.compressed) metrics.compressingClients.dec();
    for (const topic of browser.topics) {
      if (!isPrivateTopic(topic)) feed?.unsubscribe(browser, topic);
    }
    browser.topics.clear();
    browser.dropPending();
    sessions?.detach(browser);
  }

  /** Starts a close with `code`, releasing the browser now; cut off if it does not complete. */
  function closeBrowser(browser: Browser, code: number, reason: string) {
    release(browser, code === CLOSE.IDLE);
    const { socket } = browser;
    if (socket.readyState === WebSocket.CLOSED || closingSockets.has(socket)) return;
    closingSockets.add(socket);
    const cutOff = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    socket.once('close', () => {
      clearTimeout(cutOff);
      closingSockets.delete(socket);
    });
    socket.close(code, reason);
  }

  /**
   * Lets go of the HTTP response @fastify/websocket assigns to the TCP socket for the upgrade.
   * Once the reply is hijacked nothing ends it, so it would stay on the socket as long as the
   * browser is connected, and with it the upgrade's request, its headers, Fastify's request,
   * reply and child logger: a few KB of heap per browser, held for the socket's life, that
   * every major GC marks again. Nothing writes to it after the upgrade: ws owns
   * the socket from then on.
   */
  function releaseUpgradeResponse(raw: IncomingMessage) {
    const response = upgradeResponses.get(raw);
    upgradeResponses.delete(raw);
    if (response?.socket) response.detachSocket(response.socket);
  }

  /** Refuses a handshake with an HTTP answer before the upgrade, when it must be refused. */
  async function admit(request: FastifyRequest, reply: FastifyReply) {
    const refusal = shuttingDown
      ? 'shutting_down'
      : admission.check(request.headers.origin, networkOf(request.ip));
    if (!refusal) {
      upgradeResponses.set(request.raw, reply.raw);
      return;
    }
    metrics.connectionsRefused.inc({ reason: refusal });
    const { status, code, msg } = HANDSHAKE_REFUSALS[refusal];
    return reply.code(status).send({ code, msg });
  }

  const plugin: FastifyPluginAsync = async (fastify) => {
    const wss = fastify.websocketServer;
    if (!wss) throw new Error('the realtime hub needs @fastify/websocket registered first');
    // /v1/ws is the server's only socket route: its limits are the hub's to set.
    wss.options.maxPayload = options.maxFrameBytes;
    // Compression is offered only where frames can be shared (ws-frames.ts): ws's own
    // per-socket compression costs a compressor per browser.
    wss.options.perMessageDeflate =
      options.perMessageDeflate && wireFrames ? DEFLATE_NEGOTIATION : false;
    if (options.perMessageDeflate && !wireFrames) {
      log.warn({ ws: wsVersion }, 'ws version not verified for shared frames: sockets go plain');
    }
    wss.on('headers', (headers, request) => {
      windowBitsOf.set(request, negotiatedWindowBits(headers));
    });
    fastify.get(SOCKET_PATH, { websocket: true, onRequest: admit }, accept);
    fastify.addHook('onClose', async () => {
      await shutdown();
    });
    start();
  };

  function shutdown(code: number = CLOSE.SERVICE_RESTART, reason = 'server restart') {
    shuttingDown ??= (async () => {
      clearInterval(idleTimer);
      clearInterval(drainTimer);
      stopKeepAlive?.();
      for (const browser of [...browsers]) closeBrowser(browser, code, reason);
      await Promise.all([...closingSockets].map(closed));
      feed?.close();
      sessions?.close();
      upstream.recovery?.close();
    })();
    return shuttingDown;
  }

  return {
    plugin,
    ready: () => feed?.ready() ?? false,
    shutdown,
    stats: () => ({
      browsers: browsers.size,
      upstream: { public: feed?.state === 'up', private: sessions?.size ?? 0 },
      topics: feed?.held() ?? [],
    }),
  };
}

function closed(socket: WebSocket): Promise<void> {
  if (socket.readyState === WebSocket.CLOSED) return Promise.resolve();
  return new Promise((resolve) => socket.once('close', () => resolve()));
}
