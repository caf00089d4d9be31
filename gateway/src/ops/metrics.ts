import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric the gateway exports at /metrics. Labels are bounded by construction: never a user,
 * a token, an instrument or a topic — only small fixed sets (`kind`, `route`, `status`).
 */
export function createMetrics() {
  const registry = new Registry();
  // Includes nodejs_eventloop_lag_seconds (event-loop lag), heap and GC figures.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  return {
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
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
