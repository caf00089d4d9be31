/**
 * Monitoring against the compose topology run as processes (test-support/topology.ts): Debian's
 * Prometheus, on loopback with a data folder of its own, runs deploy/prometheus/prometheus.yml
 * with its intervals shortened to a second and the replicas named by address (compose finds
 * them by DNS); the rules are loaded as shipped. It sees every replica, evaluates every rule
 * and every dashboard query, and puts the upstream-down alert in pending once the mock stops.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import {
  freePort,
  type Started,
  start,
  stop,
  until,
} from '../../protocol/src/test-support/index.js';
import {
  type DeployFiles,
  PATHS,
  REPO,
  readDeployFiles,
  readmeSection,
} from './test-support/deploy-files.js';
import { browsersPerReplica, gatewayRequests } from './test-support/k8s-agreement.js';
import {
  dashboardQueries,
  exportedNames,
  metricNames,
  PROMETHEUS_SERIES,
  parseRules,
  withGrafanaVariables,
} from './test-support/monitoring-files.js';
import { findProgram, samples, startTopology, type Topology } from './test-support/topology.js';

const REPLICAS = 3;
/** What the test's Prometheus does every second, where the shipped one waits 15 s. */
const SHORT_INTERVAL = '1s';

let files: DeployFiles;
let topology: Topology;
let prometheus: Started;
let prometheusUrl: string;
let work: string;

/** The part of prometheus.yml the test rewrites. */
interface PrometheusConfig {
  global?: Record<string, unknown>;
  rule_files?: string[];
  scrape_configs?: Record<string, unknown>[];
}

/**
 * deploy/prometheus/prometheus.yml for the topology on loopback: scrape and evaluation every
 * second; the gateway job's DNS discovery replaced by the replicas' metrics addresses; the
 * rule files, named relative to the shipped file, by their absolute paths. Nothing else changes.
 */
function localPrometheusConfig(text: string, targets: readonly string[]): string {
  const config = parseYaml(text) as PrometheusConfig;
  config.global = {
    ...config.global,
    scrape_interval: SHORT_INTERVAL,
    evaluation_interval: SHORT_INTERVAL,
  };
  const folder = join(REPO, posix.dirname(PATHS.prometheus));
  config.rule_files = (config.rule_files ?? []).map((file) => join(folder, file));
  config.scrape_configs = (config.scrape_configs ?? []).map((scrape) => {
    if (!('dns_sd_configs' in scrape)) return scrape;
    const { dns_sd_configs: _byDns, ...rest } = scrape;
    return { ...rest, static_configs: [{ targets }] };
  });
  return stringify(config);
}

/** A Prometheus HTTP API answer's data; throws on an error answer. */
async function api<T>(path: string, params: Record<string, string> = {}): Promise<T> {
  const url = new URL(`/api/v1/${path}`, prometheusUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const answer = (await (await fetch(url)).json()) as { status: string; data: T; error?: string };
  if (answer.status !== 'success')
    throw new Error(`${path} ${JSON.stringify(params)}: ${answer.error}`);
  return answer.data;
}

interface VectorSample {
  readonly metric: Record<string, string>;
  readonly value: [number, string];
}

interface AlertState {
  readonly labels: Record<string, string>;
  readonly state: 'pending' | 'firing' | 'inactive';
}

beforeAll(async () => {
  files = await readDeployFiles();
  topology = await startTopology({ replicas: REPLICAS, nginx: false });
  work = await mkdtemp(join(tmpdir(), 'pipstream-ops-prometheus-'));
  const targets = topology.replicas.map((replica) => new URL(replica.metricsUrl).host);
  const config = join(work, 'prometheus.yml');
  await writeFile(config, localPrometheusConfig(files.prometheus, targets));
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = start('prometheus', findProgram('prometheus', 'prometheus'), [
    `--config.file=${config}`,
    `--storage.tsdb.path=${join(work, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=warn',
  ]);
  await until(
    () =>
      `Prometheus on ${prometheusUrl} (exited: ${!prometheus.running}, stderr: ${prometheus.stderr()})`,
    async () => (await fetch(`${prometheusUrl}/-/ready`)).status,
    (status) => status === 200,
    30_000,
  );
}, 120_000);

afterAll(async () => {
  if (prometheus) await stop(prometheus, 'SIGTERM', 10_000);
  await topology?.stop();
  if (work) await rm(work, { recursive: true, force: true });
}, 30_000);

describe('Prometheus against the compose topology, with the shipped rules', () => {
  it('scrapes every replica, each up', async () => {
    const up = await until(
      `up of ${REPLICAS} replicas`,
      () => api<{ result: VectorSample[] }>('query', { query: 'up{job="pipstream-gateway"}' }),
      ({ result }) => result.length === REPLICAS && result.every((s) => s.value[1] === '1'),
    );
    const scraped = up.result.map((sample) => sample.metric.instance).sort();
    const replicas = topology.replicas.map((replica) => new URL(replica.metricsUrl).host).sort();
    expect(scraped).toEqual(replicas);
    // And each is ready: it holds its upstream feed.
    await until(
      'every replica ready',
      () => api<{ result: VectorSample[] }>('query', { query: 'gateway_ready == 1' }),
      ({ result }) => result.length === REPLICAS,
    );
  });

  it('loads every rule of the shipped file and evaluates each without error', async () => {
    const shipped = parseRules(files.rules).map((rule) => rule.alert ?? rule.record);
    type Rules = { groups: { rules: { name: string; health: string; lastError?: string }[] }[] };
    const loaded = await until(
      'every rule evaluated',
      () => api<Rules>('rules'),
      ({ groups }) => groups.flatMap((g) => g.rules).every((rule) => rule.health !== 'unknown'),
    );
    const rules = loaded.groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.name).sort()).toEqual([...shipped].sort());
    expect(rules.filter((rule) => rule.health !== 'ok')).toEqual([]);
  });

  it('finds every metric the alert rules and the dashboard read on a replica’s /metrics', async () => {
    const exported = exportedNames(
      await (await fetch(topology.replicas[0]?.metricsUrl ?? '')).text(),
    );
    const rules = parseRules(files.rules);
    const recorded = rules.flatMap((rule) => (rule.record ? [rule.record] : []));
    const queries = [
      ...rules.map((rule) => ({ where: `rule ${rule.alert ?? rule.record}`, expr: rule.expr })),
      ...dashboardQueries(files.dashboard),
    ];
    expect(queries.length).toBeGreaterThan(rules.length);
    const missing = queries.flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((name) => !exported.has(name) && !recorded.includes(name))
        .filter((name) => !PROMETHEUS_SERIES.includes(name))
        .map((name) => `${where}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('evaluates every query of the dashboard', async () => {
    const failures: string[] = [];
    for (const { where, expr } of dashboardQueries(files.dashboard)) {
      await api('query', { query: withGrafanaVariables(expr) }).catch((error: unknown) => {
        failures.push(`${where}: ${String(error)}`);
      });
    }
    expect(failures).toEqual([]);
  });

  it("has the Kubernetes requests hold a replica's memory and CPU at the bench's figures", async () => {
    // README's figures of the fan-out bench: RSS per idle connection, frames per server CPU-s
    // at 5 000 compressing clients, frames per second each client gets.
    const performance = readmeSection(files.readme, 'Performance');
    const row = (label: string) => {
      const line = performance.split('\n').find((l) => l.startsWith(`| ${label}`));
      if (!line) throw new Error(`README's Performance table has no row "${label}"`);
      return (line.split('|')[2] ?? '')
        .split('/')
        .map((cell) => Number(cell.replace(/[^\d.]/g, '')));
    };
    const kibPerBrowser = Math.max(
      ...row('RSS per idle connection 1 000 / 5 000'),
      ...row('RSS per idle compressing connection 1 000 / 5 000'),
    );
    const framesPerCpuSecond =
      row('fan-out, every client compressing: msgs per server CPU-s')[1] ?? 0;
    const framesPerSecond = Number(/(\d+) frames\/s/.exec(performance)?.[1]);
    const browsers = browsersPerReplica(files);
    const requests = gatewayRequests(files);

    const rss = await Promise.all(
      topology.replicas.map(async (replica) => {
        const values = samples(await (await fetch(replica.metricsUrl)).text());
        return values.get('process_resident_memory_bytes') ?? Number.NaN;
      }),
    );
    const needed = Math.max(...rss) + browsers * kibPerBrowser * 1024;
    console.info(
      `[ops] replica RSS ${(Math.max(...rss) / 2 ** 20).toFixed(0)} MiB + ${browsers} × ${kibPerBrowser} KiB = ${(needed / 2 ** 20).toFixed(0)} MiB; request ${(requests.memory / 2 ** 20).toFixed(0)} MiB`,
    );
    expect(requests.memory).toBeGreaterThanOrEqual(needed);
    expect(requests.cpu).toBeGreaterThanOrEqual((browsers * framesPerSecond) / framesPerCpuSecond);
  });

  it('puts the upstream-down alert in pending on every replica once the mock stops', async () => {
    const down = () =>
      api<{ alerts: AlertState[] }>('alerts').then(({ alerts }) =>
        alerts.filter((alert) => alert.labels.alertname === 'PipstreamUpstreamDown'),
      );
    expect(await down()).toEqual([]);
    await stop(topology.mock, 'SIGTERM');
    const pending = await until(
      'PipstreamUpstreamDown pending on every replica',
      down,
      (alerts) => alerts.length === REPLICAS && alerts.every((alert) => alert.state === 'pending'),
      10_000,
    );
    expect(pending.map((alert) => alert.labels.instance).sort()).toEqual(
      topology.replicas.map((replica) => new URL(replica.metricsUrl).host).sort(),
    );
  });
});
