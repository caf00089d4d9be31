import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { Metrics } from './metrics.js';

export interface MetricsServerOptions {
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly metrics: Metrics;
}

export interface MetricsServer {
  /** `http://host:port/metrics`, the address Prometheus scrapes. */
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The Prometheus `/metrics` endpoint on a listener of its own (METRICS_HOST:METRICS_PORT), so
 * the figures — browsers, upstream connections, refusals — are never answered on the public
 * port that browsers and balancers reach: only what can reach this address scrapes it. It
 * answers nothing else.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  const { metrics } = options;
  const app = Fastify({ logger: false });
  app.get('/metrics', async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return { url: `http://${host}:${address.port}/metrics`, close: () => app.close() };
}
