import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './health.js';
import { createMetrics } from './metrics.js';

async function app(ready: () => boolean) {
  const metrics = createMetrics();
  const instance = Fastify();
  await instance.register(healthRoutes, { ready, metrics });
  return { instance, metrics };
}

describe('operations endpoints', () => {
  it('answers /healthz whatever the upstream does', async () => {
    const { instance } = await app(() => false);
    const res = await instance.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers /readyz 200 only while the hub is ready', async () => {
    let ready = false;
    const { instance } = await app(() => ready);

    const before = await instance.inject('/readyz');
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ ready: false });

    ready = true;
    const after = await instance.inject('/readyz');
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ ready: true });
  });

  it('serves the registry at /metrics in the Prometheus text format', async () => {
    const { instance, metrics } = await app(() => true);
    metrics.clients.set(7);

    const res = await instance.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(metrics.registry.contentType);
    expect(res.body).toMatch(/^gateway_clients 7$/m);
  });
});
