import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SOCKET_PATH } from '@pipstream/protocol';
import { z } from 'zod';
import { DEFAULT_IPV6_PREFIX_LENGTH } from './network.js';
import { POOL_CONNECTIONS, PROXY_DEFAULTS as PROXY } from './proxy/limits.js';
import { REALTIME_DEFAULTS as HUB } from './realtime/options.js';

/** Environment-like input: `process.env`, or a plain object in tests. */
export type EnvInput = Readonly<Record<string, string | undefined>>;

/** Thrown by `loadConfig`; the message names every bad variable and why, one per line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid gateway configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** `web/dist` of this checkout: two folders up from both `gateway/src` and `gateway/dist`. */
const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * An empty variable counts as unset (`PORT=` in a compose file means "the default"): this
 * project's choice, so that blanking a variable never fails the start.
 */
const unset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const text = () => z.preprocess(unset, z.string().optional());

/** A whole number written in plain decimal digits, within [min, max]; nothing else passes. */
function integer(fallback: number, min: number, max: number) {
  return text().transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const digits = raw.trim();
    const value = /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
    if (!(value >= min && value <= max)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a whole number from ${min} to ${max}, got "${raw}"`,
      });
      return z.NEVER;
    }
    return value;
  });
}

function boolean(fallback: boolean) {
  return text().transform((raw, ctx) => {
    if (raw === undefined) return fallback;
    const word = raw.trim().toLowerCase();
    if (word === 'true' || word === '1') return true;
    if (word === 'false' || word === '0') return false;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got "${raw}"` });
    return z.NEVER;
  });
}

/** An absolute URL with one of `schemes` and nothing but an origin (a trailing `/` is fine). */
function origin(schemes: readonly string[], example: string, allowPath = false) {
  return text().transform((raw, ctx) => {
    if (raw === undefined) return undefined;
    const shape = `a URL (${schemes.join(' or ')}) like ${example}${allowPath ? '' : ' with no path'}`;
    const problem = `expected ${shape}, got "${raw}"`;
    let url: URL;
    try {
      url = new URL(raw.trim());
    } catch {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash;
    if (!schemes.includes(url.protocol.slice(0, -1)) || (!allowPath && !bare) || url.username) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return allowPath ? url.href : url.origin;
  });
}

/** `*`, or a comma-separated list of browser origins such as `https://app.example.com`. */
const allowedOrigins = text().transform((raw, ctx): string[] | '*' => {
  if (raw === undefined || raw.trim() === '*') return '*';
  const origins: string[] = [];
  for (const item of raw.split(',').map((s) => s.trim())) {
    if (item === '') continue;
    let url: URL | undefined;
    try {
      url = new URL(item);
    } catch {
      url = undefined;
    }
    if (!url || url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) {
      ctx.addIssue({
        code: 'custom',
        message: `expected "*" or comma-separated origins like https://app.example.com, got "${item}"`,
      });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/**
 * `TRUST_PROXY`: whether `X-Forwarded-For` names the browser (behind a load balancer, so that
 * per-IP limits count browsers, not the balancer). `false` (default), `true` (trust every hop),
 * or a comma-separated list of the balancers' addresses or CIDRs — Fastify's `trustProxy`.
 */
const trustProxy = text().transform((raw, ctx): boolean | string[] => {
  if (raw === undefined) return false;
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === 'false') return value === 'true';
  const list = value.split(',').map((s) => s.trim());
  if (list.every((s) => /^[0-9a-f.:]+(\/\d{1,3})?$/.test(s))) return list;
  ctx.addIssue({
    code: 'custom',
    message: `expected true, false or comma-separated proxy addresses, got "${raw}"`,
  });
  return z.NEVER;
});

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every variable the gateway reads, each with its default and its check. */
const envVariables = z.object({
  PORT: integer(8080, 0, 65_535),
  /**
   * `0.0.0.0` by default (this project's choice): `npm start` is reachable from a phone on the
   * same network and through Docker's port mapping. Set `127.0.0.1` to keep it local.
   */
  HOST: text().transform((raw) => raw?.trim() ?? '0.0.0.0'),
  /**
   * Prometheus `/metrics` on a port of its own, never the public one; loopback by default (this
   * project's choice), so nothing but the host itself scrapes it until an operator says where
   * Prometheus is (compose sets 0.0.0.0 on a port it does not publish).
   */
  METRICS_PORT: integer(9464, 0, 65_535),
  METRICS_HOST: text().transform((raw) => raw?.trim() ?? '127.0.0.1'),
  UPSTREAM_URL: origin(['http', 'https'], 'https://api.example.com'),
  UPSTREAM_WS_URL: origin(['ws', 'wss'], 'wss://api.example.com/v1/ws', true),
  ALLOWED_ORIGINS: allowedOrigins,
  TRUST_PROXY: trustProxy,
  WEB_DIR: text().transform((raw) => {
    if (raw === undefined) return DEFAULT_WEB_DIR;
    return isAbsolute(raw) ? raw : resolve(raw);
  }),
  LOG_LEVEL: text().transform((raw, ctx) => {
    if (raw === undefined) return 'info';
    const level = LOG_LEVELS.find((l) => l === raw.trim().toLowerCase());
    if (level) return level;
    ctx.addIssue({
      code: 'custom',
      message: `expected one of ${LOG_LEVELS.join(', ')}, got "${raw}"`,
    });
    return z.NEVER;
  }),
  PROXY_TIMEOUT_MS: integer(10_000, 100, 300_000),
  MAX_BODY_BYTES: integer(PROXY.maxBodyBytes, KIB, 64 * MIB),
  BODY_TIMEOUT_MS: integer(PROXY.bodyTimeoutMs, 100, 600_000),
  UPSTREAM_REQUESTS_PER_IP: integer(PROXY.upstreamPerAddress, 1, POOL_CONNECTIONS),
  /** As many idle connections as sockets: a carrier's shared address, one or two per phone. */
  MAX_IDLE_CONNECTIONS_PER_IP: integer(HUB.maxConnectionsPerIp, 1, 1_000_000),
  IPV6_PREFIX_LENGTH: integer(DEFAULT_IPV6_PREFIX_LENGTH, 16, 128),
  CACHE_TTL_MS: integer(1000, 0, 60_000),
  MAX_FRAME_BYTES: integer(HUB.maxFrameBytes, 64, MIB),
  MAX_SUBSCRIPTIONS: integer(HUB.maxSubscriptions, 1, 10_000),
  MAX_CONNECTIONS_PER_IP: integer(HUB.maxConnectionsPerIp, 1, 1_000_000),
  CONNECTION_RATE_PER_IP: integer(HUB.connectionsPerIpPerSecond, 1, 1_000_000),
  MAX_PRIVATE_SESSIONS: integer(HUB.maxPrivateSessions, 1, 1_000_000),
  MAX_PRIVATE_SESSIONS_PER_IP: integer(HUB.maxPrivateSessionsPerIp, 1, 1_000_000),
  LOGIN_RATE_PER_IP: integer(HUB.loginsPerIpPerSecond, 1, 1_000_000),
  SOFT_BUFFER_BYTES: integer(HUB.softBufferBytes, KIB, 256 * MIB),
  HARD_BUFFER_BYTES: integer(HUB.hardBufferBytes, KIB, 1024 * MIB),
  HEARTBEAT_MS: integer(HUB.heartbeatMs, 100, 600_000),
  LINGER_MS: integer(HUB.lingerMs, 0, 600_000),
  BAD_FRAME_LIMIT: integer(HUB.badFrameLimit, 1, 100_000),
  SOCKET_MESSAGE_BURST: integer(HUB.socketMessages.burst, 1, 1_000_000),
  SOCKET_MESSAGE_RATE: integer(HUB.socketMessages.perSecond, 1, 1_000_000),
  SHUTDOWN_GRACE_MS: integer(10_000, 0, 600_000),
  WS_PERMESSAGE_DEFLATE: boolean(HUB.perMessageDeflate),
});

/**
 * The names of every environment variable the gateway reads: the one list that the README's
 * table and the compose file are checked against.
 */
export const GATEWAY_ENV_VARS = Object.keys(
  envVariables.shape,
) as readonly (keyof typeof envVariables.shape)[];

const envSchema = envVariables
  .superRefine((env, ctx) => {
    if (env.METRICS_PORT !== 0 && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: `must differ from PORT (${env.PORT}): /metrics is never served on the public port`,
      });
    }
    if (env.SOFT_BUFFER_BYTES >= env.HARD_BUFFER_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['SOFT_BUFFER_BYTES'],
        message: `must be below HARD_BUFFER_BYTES (${env.HARD_BUFFER_BYTES}), got ${env.SOFT_BUFFER_BYTES}`,
      });
    }
    if (env.UPSTREAM_WS_URL !== undefined && env.UPSTREAM_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['UPSTREAM_WS_URL'],
        message: 'needs UPSTREAM_URL as well (the REST calls go there)',
      });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    /** The upstream's origin; unset means "start the embedded mock" (start-all only). */
    upstreamUrl: env.UPSTREAM_URL,
    upstreamWsUrl: env.UPSTREAM_WS_URL ?? (env.UPSTREAM_URL && upstreamSocketUrl(env.UPSTREAM_URL)),
    allowedOrigins: env.ALLOWED_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    webDir: env.WEB_DIR,
    logLevel: env.LOG_LEVEL,
    proxyTimeoutMs: env.PROXY_TIMEOUT_MS,
    maxBodyBytes: env.MAX_BODY_BYTES,
    bodyTimeoutMs: env.BODY_TIMEOUT_MS,
    upstreamRequestsPerIp: env.UPSTREAM_REQUESTS_PER_IP,
    maxIdleConnectionsPerIp: env.MAX_IDLE_CONNECTIONS_PER_IP,
    ipv6PrefixLength: env.IPV6_PREFIX_LENGTH,
    cacheTtlMs: env.CACHE_TTL_MS,
    maxFrameBytes: env.MAX_FRAME_BYTES,
    maxSubscriptions: env.MAX_SUBSCRIPTIONS,
    maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP,
    connectionsPerIpPerSecond: env.CONNECTION_RATE_PER_IP,
    maxPrivateSessions: env.MAX_PRIVATE_SESSIONS,
    maxPrivateSessionsPerIp: env.MAX_PRIVATE_SESSIONS_PER_IP,
    loginsPerIpPerSecond: env.LOGIN_RATE_PER_IP,
    softBufferBytes: env.SOFT_BUFFER_BYTES,
    hardBufferBytes: env.HARD_BUFFER_BYTES,
    heartbeatMs: env.HEARTBEAT_MS,
    lingerMs: env.LINGER_MS,
    badFrameLimit: env.BAD_FRAME_LIMIT,
    socketMessages: { burst: env.SOCKET_MESSAGE_BURST, perSecond: env.SOCKET_MESSAGE_RATE },
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    perMessageDeflate: env.WS_PERMESSAGE_DEFLATE,
  }));

/** The gateway's settings, as read from the environment. */
export type GatewayConfig = z.output<typeof envSchema>;

/** Settings with a known upstream: what `buildGateway` needs. */
export type ResolvedConfig = GatewayConfig & { upstreamUrl: string; upstreamWsUrl: string };

/** `ws(s)://host/v1/ws` of an `http(s)://host` upstream. */
export function upstreamSocketUrl(upstreamUrl: string): string {
  const url = new URL(SOCKET_PATH, upstreamUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * Reads and validates the gateway's environment variables; every one has a default except
 * `UPSTREAM_URL`, which `cli.ts` requires and `start-all.ts` replaces with the embedded mock.
 *
 * @throws ConfigError naming each bad variable and what was expected of it.
 */
export function loadConfig(env: EnvInput = process.env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => `${issue.path.map(String).join('.')}: ${issue.message}`),
  );
}

/** `config` pointed at an upstream, deriving the socket URL when it is not given. */
export function withUpstream(
  config: GatewayConfig,
  upstreamUrl: string,
  upstreamWsUrl = upstreamSocketUrl(upstreamUrl),
): ResolvedConfig {
  return { ...config, upstreamUrl, upstreamWsUrl };
}
