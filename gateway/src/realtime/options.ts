import type { BackoffOptions } from '@pipstream/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../ops/metrics.js';
import type { BucketRate } from './browsers/rate-buckets.js';

/**
 * Settings of the realtime hub. The first block is part of the gateway's configuration, under
 * the same names (config.ts), which the server hands over as it is; the optional rest tunes
 * timings that tests shorten.
 */
export interface RealtimeOptions {
  /** The upstream socket, e.g. `wss://api.example.com/v1/ws`. */
  readonly upstreamWsUrl: string;
  /**
   * The upstream's REST origin, e.g. `https://api.example.com`: an answer from it shows the
   * upstream is back, and every waiting reconnect is tried at once.
   */
  readonly upstreamUrl?: string;
  /** Browser origins allowed to open /v1/ws; `'*'` allows every origin. */
  readonly allowedOrigins: readonly string[] | '*';
  /** Largest browser frame, in bytes; a bigger one closes the socket with 1009. */
  readonly maxFrameBytes: number;
  /** Topics one browser socket may hold at once. */
  readonly maxSubscriptions: number;
  /** Browser sockets one IP address may hold at once. */
  readonly maxConnectionsPerIp: number;
  /** New browser sockets one address may open per second, past a burst of maxConnectionsPerIp. */
  readonly connectionsPerIpPerSecond: number;
  /** Private upstream sessions (one per logged-in token) the hub holds at most. */
  readonly maxPrivateSessions: number;
  /** Private upstream sessions the browsers of one address may open. */
  readonly maxPrivateSessionsPerIp: number;
  /** Logins one address may send per second, past a burst of maxPrivateSessionsPerIp. */
  readonly loginsPerIpPerSecond: number;
  /** Past this many unsent bytes a browser gets only the latest quote per instrument. */
  readonly softBufferBytes: number;
  /** Past this many unsent bytes a browser is closed with CLOSE.SLOW_CONSUMER. */
  readonly hardBufferBytes: number;
  /** Upstream ping interval; a browser silent for three of them is closed. */
  readonly heartbeatMs: number;
  /** How long an upstream subscription or private connection outlives its last browser. */
  readonly lingerMs: number;
  /** Bad frames one browser may send within `badFrameWindowMs`; one more closes it. */
  readonly badFrameLimit: number;
  /**
   * Frames of any kind one browser socket may send: `burst` at once, then `perSecond`; one more
   * closes it with CLOSE.TOO_MANY_MESSAGES.
   */
  readonly socketMessages: BucketRate;
  /** IPv6 browsers are counted by their network of this many bits for every per-address limit. */
  readonly ipv6PrefixLength: number;
  /**
   * Negotiate permessage-deflate with browsers that offer it: frames over DEFLATE_FROM_BYTES
   * then go compressed, each compressed once for all of them (shared-frame.ts).
   */
  readonly perMessageDeflate: boolean;
  /** Window of `badFrameLimit` (default 10 s). */
  readonly badFrameWindowMs?: number;
  /** Time an upstream pong gets before it counts as missed (default DEFAULT_PONG_DEADLINE_MS). */
  readonly pongDeadlineMs?: number;
  /** Time an upstream socket gets to open (default CONNECT_TIMEOUT_MS, 5 s). */
  readonly connectTimeoutMs?: number;
  /**
   * Reconnect delays of the private sessions (default: the protocol's DEFAULT_BACKOFF, 250 ms
   * doubling to 10 s). Once the upstream answers again they are all tried at once.
   */
  readonly backoff?: BackoffOptions;
  /** Reconnect delays of the shared public connection (default PUBLIC_BACKOFF). */
  readonly publicBackoff?: BackoffOptions;
  /**
   * The least time between two reads of the upstream's trade list, which unknown candle codes
   * prompt (default INSTRUMENT_REFRESH_GAP_MS). Needs `upstreamUrl`: without it, codes are not
   * checked.
   */
  readonly instrumentRefreshGapMs?: number;
  /** Logins one browser socket may send (default SOCKET_LOGINS). */
  readonly socketLogins?: BucketRate;
  /** Source in [0, 1) for the backoff jitter (default Math.random). */
  readonly random?: () => number;
}

/** The logger the hub writes to: Fastify's (pino) or anything with the same four methods. */
export type HubLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface HubDeps {
  readonly metrics: Metrics;
  readonly log: HubLog;
}

/**
 * The production defaults: config.ts falls back on them for each variable left unset, and
 * callers that do not read the environment take them as they are.
 */
export const REALTIME_DEFAULTS = {
  allowedOrigins: '*',
  maxFrameBytes: 4 * 1024,
  maxSubscriptions: 64,
  maxConnectionsPerIp: 1000,
  connectionsPerIpPerSecond: 50,
  maxPrivateSessions: 5000,
  maxPrivateSessionsPerIp: 500,
  loginsPerIpPerSecond: 20,
  softBufferBytes: 64 * 1024,
  hardBufferBytes: 1024 * 1024,
  heartbeatMs: 5000,
  lingerMs: 2000,
  badFrameLimit: 20,
  socketMessages: { burst: 500, perSecond: 50 },
  ipv6PrefixLength: 64,
  perMessageDeflate: true,
} as const satisfies Omit<RealtimeOptions, 'upstreamWsUrl'>;

export const DEFAULT_BAD_FRAME_WINDOW_MS = 10_000;

/**
 * How long an upstream pong may take before its ping counts as missed: this project's choice
 * (the product sets the ping interval and how many misses drop the connection, not when one
 * is missed). A healthy upstream answers within milliseconds, so 1 s is slack enough for a busy
 * one, and a late pong still clears the count. With the 5 s heartbeat a silent upstream is
 * let go 11–16 s after it falls silent rather than 15–20 s.
 */
export const DEFAULT_PONG_DEADLINE_MS = 1000;

/**
 * The shared public connection's reconnect delays: at most 1 s apart, so that once the upstream
 * is back every quote resumes within about a second, however long the outage. One socket per
 * replica retrying every second costs the upstream nothing; the private sessions back off
 * further (DEFAULT_BACKOFF) and are all let go the moment this one, or anything else, gets
 * through.
 */
export const PUBLIC_BACKOFF: BackoffOptions = { baseMs: 250, maxMs: 1000 };

/**
 * Logins one browser socket may send: a few at once (logging in, switching accounts), then one
 * every 10 s. A browser logs in once per socket; a login costs an upstream connection.
 */
export const SOCKET_LOGINS: BucketRate = { burst: 5, perSecond: 0.1 };
