/**
 * From what one fan-out run measured to the figures its Targets ask for, and from the runs
 * to medians, ratios and the Targets — printed, never asserted. Three kinds of run: the
 * gateway with every client compressing, the uncompressed gateway (clients offering no
 * compression, as before compressed feeds), and the raw ws relay.
 */

import { GENERATOR_BUSY_LIMIT, HOST_BUSY_LIMIT, type Saturation } from '@pipstream/load/saturation';
import { table } from '../lib/results.js';
import { median, ratio, round } from '../lib/stats.js';

/** What one run measures: which server, and whether its clients compress. */
export type RunKind = 'compressed' | 'gateway' | 'raw';

/** What one run measured, raw. */
export interface Measured {
  readonly kind: RunKind;
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
  /**
   * The load-client processes judged as the load tool judges its generators: each one's CPU
   * share of a core, the machine's busy share, and whether they saturated — a saturated run's
   * latency and delivery are partly the clients' own.
   */
  readonly generators: Saturation;
  /** Bytes the server wrote over the same time (frames on the wire, pongs included). */
  readonly writtenBytes: number;
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
  /** Bytes written per frame delivered: what a client receives per quote frame. */
  readonly bytesPerMessage: number;
  /** The busiest load-client process's CPU share of one core. */
  readonly busiestClientShare: number;
}

export function runFigures(measured: Measured): RunFigures {
  return {
    ...measured,
    messagesPerSecond: measured.received / measured.windowSeconds,
    delivered: measured.received / (measured.ticks * measured.clients),
    messagesPerCpuSecond: measured.received / measured.cpuSeconds,
    rssPerConnectionKiB:
      (measured.rssIdleBytes - measured.rssBeforeBytes) / measured.clients / 1024,
    bytesPerMessage: measured.writtenBytes / measured.received,
    busiestClientShare: Math.max(0, ...measured.generators.shares.map(({ share }) => share)),
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
  { key: 'bytesPerMessage', label: 'bytes written per frame delivered', digits: 0 },
  { key: 'busiestClientShare', label: 'busiest load process, CPU share of a core', digits: 2 },
] as const satisfies readonly { key: keyof RunFigures; label: string; digits: number }[];

type FigureKey = (typeof FIGURES)[number]['key'];
type Medians = Record<FigureKey, number | null>;

/**
 * The fan-out Targets: the gateway's against raw ws, and compression's for the
 * compressing gateway against the uncompressed one (the same ratios).
 */
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

/** A latency or delivery Target is not judged on runs whose load clients saturated. */
const SATURATED = 'clients saturated';

function ratios(subject: Record<FigureKey, number>, baseline: Record<FigureKey, number>) {
  return Object.fromEntries(
    FIGURES.map(({ key }) => [key, round(ratio(subject[key], baseline[key]), 3)]),
  ) as Medians;
}

/** Medians, ratios and Targets of the runs at one client count. */
export function compareAt(clients: number, runs: readonly RunFigures[]) {
  const at = runs.filter((run) => run.clients === clients);
  const compressedRuns = at.filter((run) => run.kind === 'compressed');
  const gatewayRuns = at.filter((run) => run.kind === 'gateway');
  const rawRuns = at.filter((run) => run.kind === 'raw');
  const compressed = medians(compressedRuns);
  const gateway = medians(gatewayRuns);
  const raw = medians(rawRuns);
  const bothGateways = [...compressedRuns, ...gatewayRuns];
  const upstream = Math.max(...bothGateways.map((run) => run.upstreamConnections));
  const gauge = Math.max(...bothGateways.map((run) => run.upstreamGauge ?? Number.NaN));
  const perCpuRatio = ratio(gateway.messagesPerCpuSecond, raw.messagesPerCpuSecond);
  const compressedPerCpu = ratio(compressed.messagesPerCpuSecond, gateway.messagesPerCpuSecond);
  const saturated = (runs: readonly RunFigures[]) => runs.some((run) => run.generators.saturated);
  /** The verdict, unless a run it stands on had its load clients saturated. */
  const unlessSaturated = (runs: readonly RunFigures[], met: boolean) =>
    saturated(runs) ? SATURATED : verdict(met);
  return {
    clients,
    runs: gatewayRuns.length,
    compressed: rounded(compressed),
    gateway: rounded(gateway),
    raw: rounded(raw),
    /** Gateway / raw ws. */
    ratio: ratios(gateway, raw),
    /** Compressing gateway / uncompressed gateway. */
    compressedRatio: ratios(compressed, gateway),
    upstreamConnections: {
      atFeeder: upstream,
      gatewayGauge: Number.isNaN(gauge) ? null : gauge,
      rawAtFeeder: Math.max(...rawRuns.map((run) => run.upstreamConnections)),
    },
    /** Runs whose load clients saturated, of the runs at this client count. */
    saturatedRuns: {
      saturated: at.filter((run) => run.generators.saturated).length,
      of: at.length,
      reasons: [...new Set(at.flatMap((run) => run.generators.reason ?? []))],
    },
    targets: {
      messagesPerCpuSecond: verdict(perCpuRatio >= TARGETS.messagesPerCpuRatio),
      delivered: unlessSaturated(gatewayRuns, gateway.delivered >= TARGETS.delivered),
      p99: unlessSaturated(
        [...gatewayRuns, ...rawRuns],
        ratio(gateway.p99Ms, raw.p99Ms) <= TARGETS.p99Ratio,
      ),
      rssPerConnection: verdict(gateway.rssPerConnectionKiB <= TARGETS.rssPerConnectionKiB),
      upstreamConnections: verdict(upstream === TARGETS.upstreamConnections),
      compressedMessagesPerCpuSecond: verdict(compressedPerCpu >= TARGETS.messagesPerCpuRatio),
      compressedDelivered: unlessSaturated(
        compressedRuns,
        compressed.delivered >= TARGETS.delivered,
      ),
      compressedP99: unlessSaturated(
        bothGateways,
        ratio(compressed.p99Ms, gateway.p99Ms) <= TARGETS.p99Ratio,
      ),
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
  const growth = (kind: RunKind, clients: number) =>
    median(
      runs
        .filter((run) => run.kind === kind && run.clients === clients)
        .map((run) => run.rssIdleBytes - run.rssBeforeBytes),
    );
  const perConnection = (kind: RunKind) =>
    round((growth(kind, most) - growth(kind, fewest)) / (most - fewest) / 1024, 2);
  return {
    between: [fewest, most],
    compressed: perConnection('compressed'),
    gateway: perConnection('gateway'),
    raw: perConnection('raw'),
  };
}

/**
 * The Targets printed beside each figure and whether each was met: the compressing gateway's
 * (against the uncompressed one), then the gateway's (against raw ws).
 */
function targetOf(key: FigureKey, comparison: Comparison): [string, string] {
  const { targets } = comparison;
  switch (key) {
    case 'messagesPerCpuSecond':
      return [
        `compressed ≥ ${TARGETS.messagesPerCpuRatio}× gateway; gateway ≥ ${TARGETS.messagesPerCpuRatio}× raw`,
        `${targets.compressedMessagesPerCpuSecond} / ${targets.messagesPerCpuSecond}`,
      ];
    case 'delivered':
      return [
        `≥ ${TARGETS.delivered * 100} %`,
        `${targets.compressedDelivered} / ${targets.delivered}`,
      ];
    case 'p99Ms':
      return [
        `compressed ≤ ${TARGETS.p99Ratio}× gateway; gateway ≤ ${TARGETS.p99Ratio}× raw`,
        `${targets.compressedP99} / ${targets.p99}`,
      ];
    case 'rssPerConnectionKiB':
      return [`gateway ≤ ${TARGETS.rssPerConnectionKiB} KiB`, targets.rssPerConnection];
    case 'busiestClientShare': {
      const { saturated, of } = comparison.saturatedRuns;
      return [
        `< ${GENERATOR_BUSY_LIMIT}, machine < ${HOST_BUSY_LIMIT} busy`,
        `saturated in ${saturated} of ${of} runs`,
      ];
    }
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
      comparison.compressed[key],
      comparison.gateway[key],
      comparison.raw[key],
      comparison.compressedRatio[key],
      comparison.ratio[key],
      ...targetOf(key, comparison),
    ]),
    [
      comparison.clients,
      'upstream connections (feeder / gateway gauge)',
      '',
      `${comparison.upstreamConnections.atFeeder} / ${comparison.upstreamConnections.gatewayGauge}`,
      comparison.upstreamConnections.rawAtFeeder,
      '',
      '',
      `= ${TARGETS.upstreamConnections}`,
      comparison.targets.upstreamConnections,
    ],
  ]);
  const marginalLine = marginal
    ? [
        '',
        `RSS per added connection between ${marginal.between.join(' and ')} clients: ` +
          `compressed ${marginal.compressed} KiB, gateway ${marginal.gateway} KiB, ` +
          `raw ws ${marginal.raw} KiB.`,
      ]
    : [];
  const header = [
    'clients',
    'figure (median)',
    'compressed',
    'gateway',
    'raw ws',
    'compressed / gateway',
    'gateway / raw',
    'target',
    '',
  ];
  const saturatedLines = comparisons
    .filter((comparison) => comparison.saturatedRuns.saturated > 0)
    .map(
      ({ clients, saturatedRuns }) =>
        `At ${clients} clients ${saturatedRuns.saturated} of ${saturatedRuns.of} runs had their load ` +
        `clients saturated (${saturatedRuns.reasons.join('; ')}): their p99 and delivery are the ` +
        "clients' as much as the server's, and those Targets are not judged.",
    );
  return [
    params,
    '',
    table(header, rows),
    ...marginalLine,
    ...(saturatedLines.length > 0 ? ['', ...saturatedLines] : []),
  ].join('\n');
}
