/**
 * From what one fan-out run measured to the figures issue 9 asks for, and from the runs to
 * medians, gateway/raw ratios and the Targets — printed, never asserted.
 */

import { table } from '../lib/results.js';
import { median, ratio, round } from '../lib/stats.js';
import type { ServerKind } from './servers.js';

/** What one run measured, raw. */
export interface Measured {
  readonly kind: ServerKind;
  readonly clients: number;
  /** Sockets open when the ticks started. */
  readonly connected: number;
  /** DAY_MARKET frames the feeder sent in the measured window. */
  readonly ticks: number;
  /** Of those, frames that reached a client (all clients together). */
  readonly received: number;
  readonly windowSeconds: number;
  /** Server CPU (user + system) over the window and the drain after it. */
  readonly cpuSeconds: number;
  /** The load-client processes' CPU over the same time: if they saturate, so does the run. */
  readonly clientCpuSeconds: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /**
   * Server RSS with its upstream connected and no client — once a first wave of clients has
   * connected and left (index.ts says why) — then with every client idle.
   */
  readonly rssBeforeBytes: number;
  readonly rssIdleBytes: number;
  /** Upstream connections open at the feeder while every client was connected. */
  readonly upstreamConnections: number;
  /** The gateway's own gauge of them (`null` for the raw server, which has none). */
  readonly upstreamGauge: number | null;
  /** Client sockets the server closed, by close code. */
  readonly closes: Readonly<Record<string, number>>;
  /** Frames the gateway held back from congested clients (`null` for the raw server). */
  readonly conflated: number | null;
}

export interface RunFigures extends Measured {
  readonly messagesPerSecond: number;
  /** received / (ticks × clients). */
  readonly delivered: number;
  readonly messagesPerCpuSecond: number;
  readonly rssPerConnectionKiB: number;
}

export function runFigures(measured: Measured): RunFigures {
  return {
    ...measured,
    messagesPerSecond: measured.received / measured.windowSeconds,
    delivered: measured.received / (measured.ticks * measured.clients),
    messagesPerCpuSecond: measured.received / measured.cpuSeconds,
    rssPerConnectionKiB:
      (measured.rssIdleBytes - measured.rssBeforeBytes) / measured.clients / 1024,
  };
}

/** The figures compared between the gateway and the raw server, with how to print them. */
const FIGURES = [
  { key: 'messagesPerSecond', label: 'delivered msg/s', digits: 0 },
  { key: 'delivered', label: 'fraction delivered', digits: 5 },
  { key: 'messagesPerCpuSecond', label: 'msg per server CPU-second', digits: 0 },
  { key: 'p50Ms', label: 'p50 latency (ms)', digits: 1 },
  { key: 'p99Ms', label: 'p99 latency (ms)', digits: 1 },
  { key: 'rssPerConnectionKiB', label: 'RSS per idle connection (KiB)', digits: 2 },
] as const satisfies readonly { key: keyof RunFigures; label: string; digits: number }[];

type FigureKey = (typeof FIGURES)[number]['key'];
type Medians = Record<FigureKey, number | null>;

/** Issue 9's fan-out Targets. */
export const TARGETS = {
  messagesPerCpuRatio: 0.9,
  delivered: 0.999,
  p99Ratio: 1.2,
  rssPerConnectionKiB: 12,
  upstreamConnections: 1,
} as const;

function medians(runs: readonly RunFigures[]): Record<FigureKey, number> {
  return Object.fromEntries(
    FIGURES.map(({ key }) => [key, median(runs.map((run) => run[key]))]),
  ) as Record<FigureKey, number>;
}

function rounded(values: Record<FigureKey, number>): Medians {
  return Object.fromEntries(
    FIGURES.map(({ key, digits }) => [key, round(values[key], digits)]),
  ) as Medians;
}

const verdict = (met: boolean) => (met ? 'met' : 'not met');

/** Medians, ratios and Targets of the runs at one client count. */
export function compareAt(clients: number, runs: readonly RunFigures[]) {
  const at = runs.filter((run) => run.clients === clients);
  const gatewayRuns = at.filter((run) => run.kind === 'gateway');
  const rawRuns = at.filter((run) => run.kind === 'raw');
  const gateway = medians(gatewayRuns);
  const raw = medians(rawRuns);
  const ratios = Object.fromEntries(
    FIGURES.map(({ key }) => [key, round(ratio(gateway[key], raw[key]), 3)]),
  ) as Medians;
  const upstream = Math.max(...gatewayRuns.map((run) => run.upstreamConnections));
  const gauge = Math.max(...gatewayRuns.map((run) => run.upstreamGauge ?? Number.NaN));
  const perCpuRatio = ratio(gateway.messagesPerCpuSecond, raw.messagesPerCpuSecond);
  return {
    clients,
    runs: gatewayRuns.length,
    gateway: rounded(gateway),
    raw: rounded(raw),
    ratio: ratios,
    upstreamConnections: {
      atFeeder: upstream,
      gatewayGauge: Number.isNaN(gauge) ? null : gauge,
      rawAtFeeder: Math.max(...rawRuns.map((run) => run.upstreamConnections)),
    },
    targets: {
      messagesPerCpuSecond: verdict(perCpuRatio >= TARGETS.messagesPerCpuRatio),
      delivered: verdict(gateway.delivered >= TARGETS.delivered),
      p99: verdict(ratio(gateway.p99Ms, raw.p99Ms) <= TARGETS.p99Ratio),
      rssPerConnection: verdict(gateway.rssPerConnectionKiB <= TARGETS.rssPerConnectionKiB),
      upstreamConnections: verdict(upstream === TARGETS.upstreamConnections),
    },
  };
}

export type Comparison = ReturnType<typeof compareAt>;

/**
 * RSS each added connection costs between the fewest and the most clients measured, per
 * server: (idle growth at most − idle growth at fewest) / (most − fewest). Unlike the growth at
 * one N, it leaves out what the first connections cost once (code compiled, heap grown).
 * `undefined` with a single client count.
 */
export function marginalRssKiB(runs: readonly RunFigures[]) {
  const levels = [...new Set(runs.map((run) => run.clients))].sort((a, b) => a - b);
  const fewest = levels[0];
  const most = levels.at(-1);
  if (fewest === undefined || most === undefined || fewest === most) return undefined;
  const growth = (kind: ServerKind, clients: number) =>
    median(
      runs
        .filter((run) => run.kind === kind && run.clients === clients)
        .map((run) => run.rssIdleBytes - run.rssBeforeBytes),
    );
  const perConnection = (kind: ServerKind) =>
    round((growth(kind, most) - growth(kind, fewest)) / (most - fewest) / 1024, 2);
  return { between: [fewest, most], gateway: perConnection('gateway'), raw: perConnection('raw') };
}

/** The Target printed beside each figure, and whether it was met. */
function targetOf(key: FigureKey, comparison: Comparison): [string, string] {
  const { targets } = comparison;
  switch (key) {
    case 'messagesPerCpuSecond':
      return [`≥ ${TARGETS.messagesPerCpuRatio}× raw`, targets.messagesPerCpuSecond];
    case 'delivered':
      return [`≥ ${TARGETS.delivered * 100} %`, targets.delivered];
    case 'p99Ms':
      return [`≤ ${TARGETS.p99Ratio}× raw`, targets.p99];
    case 'rssPerConnectionKiB':
      return [`≤ ${TARGETS.rssPerConnectionKiB} KiB`, targets.rssPerConnection];
    default:
      return ['', ''];
  }
}

/** SUMMARY.md's fan-out table: one row per figure and client count. */
export function markdownOf(
  comparisons: readonly Comparison[],
  marginal: ReturnType<typeof marginalRssKiB>,
  params: string,
): string {
  const rows = comparisons.flatMap((comparison) => [
    ...FIGURES.map(({ key, label }) => [
      comparison.clients,
      label,
      comparison.gateway[key],
      comparison.raw[key],
      comparison.ratio[key],
      ...targetOf(key, comparison),
    ]),
    [
      comparison.clients,
      'upstream connections (feeder / gateway gauge)',
      `${comparison.upstreamConnections.atFeeder} / ${comparison.upstreamConnections.gatewayGauge}`,
      comparison.upstreamConnections.rawAtFeeder,
      '',
      `= ${TARGETS.upstreamConnections}`,
      comparison.targets.upstreamConnections,
    ],
  ]);
  const marginalLine = marginal
    ? [
        '',
        `RSS per added connection between ${marginal.between.join(' and ')} clients: ` +
          `gateway ${marginal.gateway} KiB, raw ws ${marginal.raw} KiB.`,
      ]
    : [];
  return [
    params,
    '',
    table(['clients', 'figure (median)', 'gateway', 'raw ws', 'gateway / raw', 'target', ''], rows),
    ...marginalLine,
  ].join('\n');
}
