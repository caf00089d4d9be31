import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';
import { type MetricsServer, startMetricsServer } from './metrics-server.js';

const servers: MetricsServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

describe('startMetricsServer', () => {
  it('serves the registry at /metrics in the Prometheus text format, on its own port', async () => {
    const metrics = createMetrics();
    metrics.clients.set(7);
    const server = await startMetricsServer({ host: '127.0.0.1', port: 0, metrics });
    servers.push(server);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);

    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(metrics.registry.contentType);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(/^gateway_clients 7$/m);
    // Nothing else is answered there.
    expect((await fetch(server.url.replace('/metrics', '/healthz'))).status).toBe(404);
  });
});
