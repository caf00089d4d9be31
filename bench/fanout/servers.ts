/**
 * The servers under measurement, each in its own process on a free 127.0.0.1 port and pointed
 * at the feeder: the built gateway, configured through its environment (gateway/src/config.ts)
 * as an operator would, and the raw ws baseline.
 */
import { fileURLToPath } from 'node:url';
import { freePort, type Started, start, waitForHttp } from '../lib/processes.js';
import type { Feeder } from './feeder.js';

export type ServerKind = 'gateway' | 'raw';

export interface RunningServer {
  readonly kind: ServerKind;
  readonly process: Started;
  readonly httpUrl: string;
  readonly wsUrl: string;
  /** The gateway's /metrics, on a port of its own (none for the raw baseline). */
  readonly metricsUrl?: string;
}

const GATEWAY_BIN = fileURLToPath(
  new URL('../../gateway/bin/pipstream-gateway.js', import.meta.url),
);
const RAW_SERVER = fileURLToPath(new URL('./raw-server.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

/**
 * The gateway's environment for a benchmark: production defaults but for two things. Every
 * client comes from 127.0.0.1, so the per-IP cap (1 000 by default, and the connection rate
 * past it) is lifted; and logs are kept to warnings (one line per upstream loss). /metrics
 * listens on `metricsPort` (0: any free one).
 */
export function gatewayEnv(feeder: Feeder, port: number, metricsPort = 0): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    UPSTREAM_URL: feeder.httpUrl,
    UPSTREAM_WS_URL: feeder.wsUrl,
    MAX_CONNECTIONS_PER_IP: '1000000',
    LOG_LEVEL: 'warn',
  };
}

/** Starts a `kind` server in front of `feeder` and resolves once it answers /readyz. */
export async function startServer(kind: ServerKind, feeder: Feeder): Promise<RunningServer> {
  const port = await freePort();
  const metricsPort = kind === 'gateway' ? await freePort() : undefined;
  const process_ =
    kind === 'gateway'
      ? start(process.execPath, [GATEWAY_BIN], gatewayEnv(feeder, port, metricsPort))
      : start(process.execPath, ['--import', TSX, RAW_SERVER], {
          PORT: String(port),
          UPSTREAM_WS_URL: feeder.wsUrl,
        });
  const httpUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${httpUrl}/readyz`, process_);
  } catch (error) {
    await process_.stop();
    throw error;
  }
  return {
    kind,
    process: process_,
    httpUrl,
    wsUrl: `ws://127.0.0.1:${port}/v1/ws`,
    ...(metricsPort !== undefined && { metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` }),
  };
}

/**
 * The value of one sample in Prometheus text (`name{labels} value`); `NaN` when absent.
 * `labels` is the exact label text, e.g. `kind="public"`.
 */
export function promSample(text: string, name: string, labels = ''): number {
  const head = labels ? `${name}{${labels}} ` : `${name} `;
  const line = text.split('\n').find((l) => l.startsWith(head));
  return line === undefined ? Number.NaN : Number(line.slice(head.length));
}

/** The gateway's own figures the benchmarks report beside theirs, from its /metrics. */
export async function gatewayMetrics(server: RunningServer) {
  if (!server.metricsUrl) throw new Error(`the ${server.kind} server has no /metrics`);
  const text = await (await fetch(server.metricsUrl)).text();
  return {
    /** Open public upstream connections (its gauge). */
    upstreamPublic: promSample(text, 'gateway_upstream_connections', 'kind="public"'),
    /** Quote frames held back from congested browsers and replaced by newer ones. */
    conflated: promSample(text, 'gateway_messages_conflated_total'),
    /** Browsers closed for reading too slowly. */
    slowCloses: promSample(text, 'gateway_slow_client_closes_total'),
    /** Event-loop delay since the previous scrape (prom-client resets it on each), in ms. */
    eventLoopLagMs: {
      p99: promSample(text, 'nodejs_eventloop_lag_p99_seconds') * 1000,
      max: promSample(text, 'nodejs_eventloop_lag_max_seconds') * 1000,
    },
  };
}
