import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { CacheOutcome } from '../proxy/micro-cache.js';
import { HANDSHAKE_REFUSALS, LOGIN_REFUSALS } from '../realtime/browsers/refusals.js';

/** The gateway these metrics belong to: what the scrape-time gauges read, and its limit. */
export interface GatewayReadings {
  /** What /readyz answers. */
  ready(): boolean;
  /** Private upstream sessions held now, open or reconnecting. */
  privateSessions(): number;
  /** MAX_PRIVATE_SESSIONS. */
  readonly maxPrivateSessions: number;
}

/** The statuses the gateway itself answers when the upstream fails (proxy/failure.ts). */
const GATEWAY_FAILURE_CODES = ['500', '502', '504'] as const;

/**
 * Every metric the gateway exports at /metrics. Labels are bounded by construction: never a user,
 * a token, an instrument or a topic — only small fixed sets (`kind`, `reason`, `outcome`,
 * `result`, and `code`, an HTTP status). The label values known in advance start at 0 (the
 * refusal reasons once `attach`ed to a gateway), so an alert sees the first outage, refusal or
 * failure as an increase rather than a series appearing.
 */
export function createMetrics() {
  const registry = new Registry();
  let gateway: GatewayReadings | undefined;
  // Includes nodejs_eventloop_lag_seconds (event-loop lag), heap and GC figures.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const metrics = {
    registry,
    clients: new Gauge({
      name: 'gateway_clients',
      help: 'Browser sockets connected now.',
      registers: [registry],
    }),
    compressingClients: new Gauge({
      name: 'gateway_clients_compressing',
      help: 'Browser sockets connected now that negotiated permessage-deflate: their large frames go compressed.',
      registers: [registry],
    }),
    upstreamConnections: new Gauge({
      name: 'gateway_upstream_connections',
      help: 'Upstream sockets open now, by kind (public: the shared feed; private: one per token).',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    upstreamReconnects: new Counter({
      name: 'gateway_upstream_reconnects_total',
      help: 'Upstream reconnections, by kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    subscriptions: new Gauge({
      name: 'gateway_subscriptions',
      help: 'Topics subscribed upstream on the shared public connection.',
      registers: [registry],
    }),
    messagesIn: new Counter({
      name: 'gateway_messages_in_total',
      help: 'Frames received, by source (upstream, browser).',
      labelNames: ['source'] as const,
      registers: [registry],
    }),
    messagesOut: new Counter({
      name: 'gateway_messages_out_total',
      help: 'Frames sent, by destination (upstream, browser).',
      labelNames: ['destination'] as const,
      registers: [registry],
    }),
    messagesConflated: new Counter({
      name: 'gateway_messages_conflated_total',
      help: 'Quote frames replaced by a newer one before a slow browser read them.',
      registers: [registry],
    }),
    slowClientCloses: new Counter({
      name: 'gateway_slow_client_closes_total',
      help: 'Browsers closed because their send buffer passed the hard cap.',
      registers: [registry],
    }),
    messageBudgetCloses: new Counter({
      name: 'gateway_message_budget_closes_total',
      help: 'Browser sockets closed (4420) for sending frames past their message budget.',
      registers: [registry],
    }),
    badFrames: new Counter({
      name: 'gateway_bad_frames_total',
      help: 'Malformed, oversized or refused browser frames, by reason.',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    connectionsRefused: new Counter({
      name: 'gateway_connections_refused_total',
      help: 'Browser sockets refused at the handshake, by reason (origin, ip_limit, ip_rate, shutting_down).',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    loginsRefused: new Counter({
      name: 'gateway_logins_refused_total',
      help: 'Socket logins refused before reaching the upstream, by reason (socket_rate, unanswered, address_rate, address_sessions, total_sessions).',
      labelNames: ['reason'] as const,
      registers: [registry],
    }),
    idleConnectionsClosed: new Counter({
      name: 'gateway_idle_connections_closed_total',
      help: 'HTTP connections waiting for a request closed as one too many of their address.',
      registers: [registry],
    }),
    proxyDuration: new Histogram({
      name: 'gateway_proxy_request_duration_seconds',
      help: 'REST proxy request duration, by outcome (upstream, cache, error).',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    proxyResponses: new Counter({
      name: 'gateway_proxy_responses_total',
      help: "REST proxy answers, by HTTP status code (the upstream's, or the gateway's own 502/504 when the upstream fails).",
      labelNames: ['code'] as const,
      registers: [registry],
    }),
    microCache: new Counter({
      name: 'gateway_micro_cache_requests_total',
      help: 'Shareable public GETs, by how the micro-cache answered (hit; coalesced: joined the same request in flight; miss: went upstream).',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    ready: new Gauge({
      name: 'gateway_ready',
      help: '1 while /readyz answers 200: the shared upstream connection is up and holds every topic browsers need.',
      registers: [registry],
      collect() {
        this.set(gateway?.ready() ? 1 : 0);
      },
    }),
    privateSessions: new Gauge({
      name: 'gateway_private_sessions',
      help: 'Private upstream sessions held now (one per logged-in token, open or reconnecting): what MAX_PRIVATE_SESSIONS caps.',
      registers: [registry],
      collect() {
        this.set(gateway?.privateSessions() ?? 0);
      },
    }),
    privateSessionsLimit: new Gauge({
      name: 'gateway_private_sessions_limit',
      help: 'MAX_PRIVATE_SESSIONS: the private upstream sessions this replica may hold.',
      registers: [registry],
    }),
    /**
     * Ties these metrics to the gateway that serves them: `gateway_ready` and
     * `gateway_private_sessions` read it at each scrape, the limit is set, and every reason it
     * can refuse a socket or a login for starts at 0 (a refusal is then an increase, which
     * rate() sees, rather than a new series).
     */
    attach(readings: GatewayReadings): void {
      gateway = readings;
      metrics.privateSessionsLimit.set(readings.maxPrivateSessions);
      for (const reason of Object.keys(HANDSHAKE_REFUSALS)) {
        metrics.connectionsRefused.inc({ reason }, 0);
      }
      for (const reason of Object.keys(LOGIN_REFUSALS)) metrics.loginsRefused.inc({ reason }, 0);
    },
  };

  for (const kind of ['public', 'private']) metrics.upstreamConnections.set({ kind }, 0);
  const cacheResults: readonly CacheOutcome[] = ['hit', 'coalesced', 'miss'];
  for (const result of cacheResults) metrics.microCache.inc({ result }, 0);
  for (const code of GATEWAY_FAILURE_CODES) metrics.proxyResponses.inc({ code }, 0);
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;
