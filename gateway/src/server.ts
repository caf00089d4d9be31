import compress from '@fastify/compress';
import websocket from '@fastify/websocket';
import { CLOSE } from '@pipstream/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ResolvedConfig } from './config.js';
import { limitIdleConnections } from './idle-connections.js';
import { type LogStream, loggerOptions, RedactingLogController } from './logger.js';
import { networksBy } from './network.js';
import { healthRoutes } from './ops/health.js';
import { createMetrics, type Metrics } from './ops/metrics.js';
import { proxyRoutes } from './proxy/index.js';
import { DEFAULT_THRESHOLD } from './proxy/precompressed.js';
import { HANDSHAKE_REFUSALS } from './realtime/browsers/refusals.js';
import { createRealtimeHub, type RealtimeHub, type RealtimeOptions } from './realtime/index.js';
import { createFirstScreen } from './web/first-screen/index.js';
import { webRoutes } from './web/index.js';
import {
  BASE_SETTINGS_REFRESH_MS,
  baseSettingsOf,
  createSiteOrigins,
  logosOf,
} from './web/site-origins.js';

export type { RealtimeHub, RealtimeOptions };

/** Node's time for a request's headers (its default): part of Fastify's request timeout. */
const HEADERS_TIMEOUT_MS = 60_000;

export interface BuildOptions {
  /** The realtime hub to serve /v1/ws with; default: a new one fronting `upstreamWsUrl`. */
  readonly hub?: RealtimeHub;
  /** The metrics to record into; default: a fresh registry. Share it with a hub you pass. */
  readonly metrics?: Metrics;
  /** Where log lines go; default stdout. */
  readonly logStream?: LogStream;
}

/** The gateway's Fastify instance, with the parts its operations need. */
export type Gateway = FastifyInstance & {
  /** The realtime hub; `shutdown` may be called any number of times, it runs once. */
  readonly realtime: RealtimeHub;
  readonly metrics: Metrics;
};

/**
 * Builds the gateway (not listening yet): the realtime hub at /v1/ws, the REST proxy at /api and
 * /v1/api, /healthz and /readyz, and the web build at every other path (`/metrics` is served on
 * a port of its own: `launch`). Closing it
 * (`app.close()`) first closes every browser socket with 1012 so browsers reconnect elsewhere,
 * then stops accepting, lets in-flight requests finish and closes the upstream connections.
 */
export function buildGateway(config: ResolvedConfig, options: BuildOptions = {}): Gateway {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new RedactingLogController(),
    trustProxy: config.trustProxy,
    // Requests arriving while closing get our own 503 (below), socket upgrades included.
    return503OnClosing: false,
    // Node's own bounds, behind the proxy's body deadline (proxy/request-body.ts): a request
    // must be whole within its headers' 60 s and its body's time, and a connection silent
    // longer than a request may take (a body, then the upstream's answer) is dropped.
    requestTimeout: HEADERS_TIMEOUT_MS + config.bodyTimeoutMs,
    connectionTimeout: config.bodyTimeoutMs + config.proxyTimeoutMs,
  });
  const metrics = options.metrics ?? createMetrics();
  const hub =
    options.hub ??
    createRealtimeHub(config, {
      metrics,
      log: app.log.child({ module: 'realtime' }),
    });
  app.decorate('realtime', onceShutdown(hub));
  app.decorate('metrics', metrics);
  metrics.attach({
    ready: () => hub.ready(),
    privateSessions: () => hub.stats().upstream.private,
    maxPrivateSessions: config.maxPrivateSessions,
  });
  const gateway = app as FastifyInstance as Gateway;
  const networkOf = networksBy(config.ipv6PrefixLength);
  const waiting = limitIdleConnections(app.server, {
    maxPerAddress: config.maxIdleConnectionsPerIp,
    networkOf,
    onEvicted: () => metrics.idleConnectionsClosed.inc(),
  });

  let closing = false;
  // Added before @fastify/websocket registers its own preClose (which closes sockets without a
  // code): browsers learn 1012 "service restart" before anything else stops.
  app.addHook('preClose', async () => {
    closing = true;
    await gateway.realtime.shutdown(CLOSE.SERVICE_RESTART, 'server restart');
    // Connections without a request in progress — a request's headers half sent, a socket
    // upgrade's among them — would hold the drain open until the grace ran out.
    waiting.closeWaiting();
  });
  // While draining, every request — a socket upgrade too — gets 503 with our envelope, and the
  // balancer sends it elsewhere. An upgrade's socket is Node's no more once the 'upgrade' event
  // hands it over, so nothing would close it after the answer: it is destroyed here, or it would
  // hold the drain open until the grace ran out.
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) {
      done();
      return;
    }
    const { status, code, msg } = HANDSHAKE_REFUSALS.shutting_down;
    if (request.headers.upgrade !== undefined) {
      const { socket } = request.raw;
      reply.raw.once('finish', () => socket.destroy());
    }
    reply.code(status).header('connection', 'close').send({ code, msg });
  });
  // While closing, answers end their keep-alive connection, so draining does not wait for
  // clients to drop idle connections. Callback style: it runs on every answer, and a promise and
  // a microtask each would cost more than the check itself.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Compresses every answer the client accepts compressed (web files, JSON); request bodies
  // pass to the upstream exactly as sent.
  // The same threshold as the proxy's precompressed cache answers (proxy/precompressed.ts),
  // which mirrors this plugin's choice of encoding.
  app.register(compress, { globalDecompression: false, threshold: DEFAULT_THRESHOLD });
  // The hub sets /v1/ws's compression (realtime/browsers/handshake.ts) when it registers.
  app.register(websocket, { options: { maxPayload: config.maxFrameBytes } });
  app.register(hub.plugin);
  app.register(proxyRoutes, {
    upstreamUrl: config.upstreamUrl,
    timeoutMs: config.proxyTimeoutMs,
    maxBodyBytes: config.maxBodyBytes,
    bodyTimeoutMs: config.bodyTimeoutMs,
    upstreamPerAddress: config.upstreamRequestsPerIp,
    networkOf,
    cacheTtlMs: config.cacheTtlMs,
    metrics,
  });
  app.register(healthRoutes, { ready: () => hub.ready() });
  const origins = createSiteOrigins({
    upstreamUrl: config.upstreamUrl,
    upstreamWsUrl: config.upstreamWsUrl,
    loadSettings: baseSettingsOf(config.upstreamUrl),
    loadLogos: logosOf(config.upstreamUrl),
    refreshMs: BASE_SETTINGS_REFRESH_MS,
    onError: (error) => app.log.warn({ err: String(error) }, 'base settings not read'),
  });
  app.addHook('onReady', async () => origins.start());
  app.addHook('onClose', async () => origins.stop());
  const firstScreen = createFirstScreen({
    webDir: config.webDir,
    upstreamUrl: config.upstreamUrl,
    lastQuotes: () => hub.lastQuotes?.(),
    // A hub that keeps no last quotes (a test's stand-in) never brings any.
    feedUp: () => hub.lastQuotes !== undefined && hub.ready(),
    onError: (what, error) =>
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        `${what} not read`,
      ),
  });
  app.addHook('onReady', async () => {
    void firstScreen.start();
  });
  app.register(webRoutes, { webDir: config.webDir, origins, firstScreen });
  return gateway;
}

/** `hub` whose `shutdown` runs once, however often it is asked (`app.close()` asks too). */
function onceShutdown(hub: RealtimeHub): RealtimeHub {
  let closing: Promise<void> | undefined;
  return {
    plugin: hub.plugin,
    ready: () => hub.ready(),
    stats: () => hub.stats(),
    ...(hub.lastQuotes && { lastQuotes: () => hub.lastQuotes?.() }),
    shutdown: (code, reason) => {
      closing ??= hub.shutdown(code, reason);
      return closing;
    },
  };
}
