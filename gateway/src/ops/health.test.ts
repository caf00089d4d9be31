import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { healthRoutes } from './health.js';

async function app(ready: () => boolean) {
  const instance = Fastify();
  await instance.register(healthRoutes, { ready });
  return { instance };
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

  it('does not answer /metrics: it has a port of its own', async () => {
    const { instance } = await app(() => true);
    expect((await instance.inject('/metrics')).statusCode).toBe(404);
  });
});
