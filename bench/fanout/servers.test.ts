import { loadConfig } from '@pipstream/gateway';
import { describe, expect, it } from 'vitest';
import type { Feeder } from './feeder.js';
import { gatewayEnv, promSample } from './servers.js';

const metrics = [
  '# HELP gateway_upstream_connections Upstream sockets open now, by kind.',
  '# TYPE gateway_upstream_connections gauge',
  'gateway_upstream_connections{kind="public"} 1',
  'gateway_upstream_connections{kind="private"} 0',
  'gateway_clients 5000',
].join('\n');

describe('promSample', () => {
  it('reads one sample, with or without labels', () => {
    expect(promSample(metrics, 'gateway_upstream_connections', 'kind="public"')).toBe(1);
    expect(promSample(metrics, 'gateway_upstream_connections', 'kind="private"')).toBe(0);
    expect(promSample(metrics, 'gateway_clients')).toBe(5000);
  });

  it('is NaN for a sample that is not there', () => {
    expect(promSample(metrics, 'gateway_subscriptions')).toBeNaN();
  });
});

describe('gatewayEnv', () => {
  it('is a configuration the gateway accepts, pointed at the feeder', () => {
    const feeder = { httpUrl: 'http://127.0.0.1:9', wsUrl: 'ws://127.0.0.1:9/v1/ws' } as Feeder;
    const config = loadConfig(gatewayEnv(feeder, 8123, 8124));
    expect(config.port).toBe(8123);
    expect(config.metricsPort).toBe(8124);
    expect(config.host).toBe('127.0.0.1');
    expect(config.upstreamWsUrl).toBe('ws://127.0.0.1:9/v1/ws');
    expect(config.maxConnectionsPerIp).toBeGreaterThanOrEqual(5000);
  });
});
