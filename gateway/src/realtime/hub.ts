// Types only: the `websocket` route option and `fastify.websocketServer`.
import type {} from '@fastify/websocket';
import {
  CLOSE,
  CONNECT_TIMEOUT_MS,
  DEFAULT_BACKOFF,
  isPrivateTopic,
  PRIVATE_TOPICS,
  SOCKET_PATH,
} from '@pipstream/protocol';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type WebSocket from 'ws';
import { networksBy } from '../network.js';
import { createAdmission } from './browsers/admission.js';
import type { Browser } from './browsers/browser.js';
import { createBrowserCommands } from './browsers/commands.js';
import { createBrowserCounters } from './browsers/counters.js';
import { createHandshake } from './browsers/handshake.js';
import { keepBrowsersAlive } from './browsers/keep-alive.js';
import { createRoster } from './browsers/roster.js';
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
  tradeListCodes,
} from './upstream/instrument-codes.js';
import { createPrivateSessions, type UpstreamSettings } from './upstream/private-sessions.js';
import { createPublicFeed } from './upstream/public-feed.js';
import { createRecoveryBus } from './upstream/recovery.js';
import { SharedFrame } from './wire/shared-frame.js';

export interface RealtimeHub {
  /** Registers GET /v1/ws; @fastify/websocket must be registered already. */
  readonly plugin: FastifyPluginAsync;
  /** The shared upstream connection is open and holds every topic browsers need. */
  ready(): boolean;
  /** Closes every browser (1012 by default, so it reconnects elsewhere) and every upstream. */
  shutdown(code?: number, reason?: string): Promise<void>;
  stats(): RealtimeStats;
  /**
   * The last quote of every instrument (DAY_MARKET ticks) and a version that changes with each
   * tick, for the page's first screen; the first call holds DAY_MARKET upstream from then on.
   */
  lastQuotes?(): { readonly version: number; readonly ticks: Iterable<unknown> } | undefined;
}

export interface RealtimeStats {
  /** Browser sockets the hub serves now. */
  readonly browsers: number;
  /** `public`: the shared connection is up; `private`: per-token connections open. */
  readonly upstream: { readonly public: boolean; readonly private: number };
  /** Public topics the shared connection holds upstream. */
  readonly topics: string[];
}

const DOWN_FRAME = SharedFrame.of(JSON.stringify({ type: 'upstream', state: 'down' }));
const UP_FRAME = SharedFrame.of(JSON.stringify({ type: 'upstream', state: 'up' }));

/**
 * The realtime hub at /v1/ws (docs/architecture.md#gateway): browsers speak the upstream's socket
 * protocol to it; it serves them all from one shared public upstream connection and one
 * connection per user token. This file only wires the modules: the handshake
 * (browsers/handshake.ts), the browsers and how each leaves (browsers/roster.ts), what a browser
 * may say (browsers/commands.ts), and the upstream side (upstream/). The close codes and HTTP
 * refusals are listed in docs/architecture.md#close-codes.
 */
export function createRealtimeHub(options: RealtimeOptions, deps: HubDeps): RealtimeHub {
  const { metrics, log } = deps;
  const networkOf = networksBy(options.ipv6PrefixLength);
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
  let sessions: ReturnType<typeof createPrivateSessions> | undefined;
  let commands: ReturnType<typeof createBrowserCommands> | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  let stopKeepAlive: (() => void) | undefined;
  let shuttingDown: Promise<void> | undefined;

  const counters = createBrowserCounters(metrics);
  const roster = createRoster({
    options: {
      ...options,
      badFrameWindowMs: options.badFrameWindowMs ?? DEFAULT_BAD_FRAME_WINDOW_MS,
    },
    admission,
    counters,
    metrics,
    log,
    onRelease(browser) {
      for (const topic of browser.topics) {
        if (!isPrivateTopic(topic)) feed?.unsubscribe(browser, topic);
      }
      browser.topics.clear();
      browser.dropPending();
      sessions?.detach(browser);
    },
  });
  const handshake = createHandshake({
    options,
    admission,
    networkOf,
    metrics,
    log,
    shuttingDown: () => shuttingDown !== undefined || !commands,
  });

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
        for (const browser of roster.browsers) refreshStatus(browser);
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
        if (why === 'own_login') roster.countBad(browser, 'login_refused');
      },
    });
    const instrumentCodes =
      options.upstreamUrl === undefined
        ? undefined
        : createInstrumentCodes({
            load: tradeListCodes(options.upstreamUrl),
            refreshGapMs: options.instrumentRefreshGapMs ?? INSTRUMENT_REFRESH_GAP_MS,
            log,
          });
    commands = createBrowserCommands({
      options,
      feed,
      sessions,
      instrumentCodes,
      roster,
      counters,
      metrics,
      log,
      refreshStatus,
    });
    idleTimer = setInterval(roster.closeIdle, options.heartbeatMs);
    stopKeepAlive = keepBrowsersAlive(roster.browsers);
  }

  function accept(socket: WebSocket, request: FastifyRequest) {
    const admitted = handshake.accept(socket, request);
    if (!admitted || !commands) return;
    const browser = roster.add(socket, admitted);
    const { onMessage } = commands;
    socket.on('message', (data, isBinary) => onMessage(browser, data, isBinary));
    refreshStatus(browser);
  }

  const plugin: FastifyPluginAsync = async (fastify) => {
    const wss = fastify.websocketServer;
    if (!wss) throw new Error('the realtime hub needs @fastify/websocket registered first');
    handshake.configure(wss);
    fastify.get(SOCKET_PATH, { websocket: true, onRequest: handshake.admit }, accept);
    fastify.addHook('onClose', async () => {
      await shutdown();
    });
    start();
  };

  function shutdown(code: number = CLOSE.SERVICE_RESTART, reason = 'server restart') {
    shuttingDown ??= (async () => {
      clearInterval(idleTimer);
      stopKeepAlive?.();
      await roster.closeAll(code, reason);
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
      browsers: roster.browsers.size,
      upstream: { public: feed?.state === 'up', private: sessions?.size ?? 0 },
      topics: feed?.held() ?? [],
    }),
    lastQuotes() {
      feed?.hold('DAY_MARKET');
      return feed?.lastQuotes();
    },
  };
}
