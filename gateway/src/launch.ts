import type { AddressInfo } from 'node:net';
import { ConfigError, type GatewayConfig, loadConfig, type ResolvedConfig } from './config.js';
import { startMetricsServer } from './ops/metrics-server.js';
import { type BuildOptions, buildGateway, type Gateway } from './server.js';
import { installShutdown } from './shutdown.js';

/**
 * The configuration from `process.env`; on a bad value, prints which variable is wrong and
 * exits 2 (a usage error) before anything starts.
 */
export function loadConfigOrExit(command: string): GatewayConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${command}: ${error.message}\n`);
    process.exit(2);
  }
}

export interface LaunchOptions extends BuildOptions {
  /** Runs once the gateway has closed (after a signal): stops what was started beside it. */
  readonly onClosed?: () => Promise<unknown>;
}

/**
 * Builds the gateway, listens on `config.host:config.port`, serves `/metrics` on
 * `config.metricsHost:config.metricsPort`, and exits gracefully on SIGTERM or SIGINT. Resolves
 * with the gateway, the URL a browser opens and the one Prometheus scrapes.
 */
export async function launch(
  config: ResolvedConfig,
  options: LaunchOptions = {},
): Promise<{ app: Gateway; url: string; metricsUrl: string }> {
  const app = buildGateway(config, options);
  const { onClosed } = options;
  const metricsServer = await startMetricsServer({
    host: config.metricsHost,
    port: config.metricsPort,
    metrics: app.metrics,
  }).catch((error: unknown) => {
    throw new Error(
      `/metrics on ${config.metricsHost}:${config.metricsPort} (METRICS_PORT): ${error}`,
    );
  });
  app.addHook('onClose', async () => {
    await metricsServer.close();
    await onClosed?.();
  });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  installShutdown(app, { graceMs: config.shutdownGraceMs });
  return {
    app,
    url: browserUrl(app.server.address() as AddressInfo),
    metricsUrl: metricsServer.url,
  };
}

/** `http://host:port` for a browser: a wildcard address is opened as localhost. */
export function browserUrl(address: AddressInfo): string {
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? 'localhost'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}
