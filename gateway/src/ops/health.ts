import type { FastifyPluginAsync } from 'fastify';

export interface HealthOptions {
  /** True while the shared public upstream connection is logged in and subscribed. */
  readonly ready: () => boolean;
}

/**
 * Operations endpoints on the public port: `/healthz` (the process answers) and `/readyz` (this
 * replica can serve the realtime feed: a load balancer sends browsers elsewhere while it answers
 * 503). The Prometheus `/metrics` has a listener of its own (metrics-server.ts).
 */
export const healthRoutes: FastifyPluginAsync<HealthOptions> = async (app, { ready }) => {
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
};
