import type { FastifyPluginAsync } from 'fastify';
import type { Metrics } from './metrics.js';

export interface HealthOptions {
  /** True while the shared public upstream connection is logged in and subscribed. */
  readonly ready: () => boolean;
  readonly metrics: Metrics;
}

/**
 * Operations endpoints: `/healthz` (the process answers), `/readyz` (this replica can serve
 * the realtime feed: a load balancer sends browsers elsewhere while it answers 503) and the
 * Prometheus `/metrics`.
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { ready, metrics }) => {
  // Probes and scrapes arrive every few seconds: logged only when something goes wrong.
  const quiet = { logLevel: 'warn' } as const;

  app.get('/healthz', quiet, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ ok: true }),
  );

  app.get('/readyz', quiet, async (_request, reply) => {
    const isReady = ready();
    return reply
      .code(isReady ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ ready: isReady });
  });

  app.get('/metrics', quiet, async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
};
