/**
 * @pipstream/gateway — the Fastify server between browsers and the trading upstream: the web
 * build, the REST proxy with its micro-cache, and the realtime hub that fans one upstream feed
 * out to every browser.
 */
export {
  ConfigError,
  type EnvInput,
  GATEWAY_ENV_VARS,
  type GatewayConfig,
  loadConfig,
  type ResolvedConfig,
  upstreamSocketUrl,
  withUpstream,
} from './config.js';
export { type LogStream, REDACTED_PATHS } from './logger.js';
export { createMetrics, type Metrics } from './ops/metrics.js';
export { DEFAULT_PONG_DEADLINE_MS, PUBLIC_BACKOFF } from './realtime/options.js';
export {
  type BuildOptions,
  buildGateway,
  type Gateway,
  type RealtimeHub,
  type RealtimeOptions,
} from './server.js';
export {
  closeWithin,
  installShutdown,
  type ShutdownOptions,
  type ShutdownOutcome,
} from './shutdown.js';
