/**
 * From measurements to what the REST benchmark reports: per-run figures, their medians per call
 * and target, the ratios between targets (medians of the per-run ratios: each run's three
 * targets were measured back to back, so a ratio within a run cancels most of the machine's
 * drift) and the Targets, printed as met or not met, never asserted.
 */
import { table } from '../lib/results.js';
import { median, ratio, round } from '../lib/stats.js';
import type { LoadMeasurement } from './load.js';
import { CALLS, type CallName } from './session.js';
import { TARGETS, type TargetName } from './stack.js';

/** One target, one call, one run. */
export interface RunFigures {
  readonly run: number;
  readonly call: CallName;
  readonly target: TargetName;
  readonly requests: number;
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  /** Connection errors, timeouts included. */
  readonly errors: number;
  /** CPU µs the proxy (nginx's master and worker, the bare proxy, or the gateway) spent per answer; none direct. */
  readonly proxyCpuUs: number | null;
  /** CPU µs the mock spent per answer (near 0 when the gateway answers from its cache). */
  readonly mockCpuUs: number;
  /** Share of one core the load generator used: near 1, it may be what limits the figure. */
  readonly loaderCores: number;
}

/** A measurement's figures; `proxy` and `mock` are its CPU roles. */
export function runFigures(
  where: Pick<RunFigures, 'run' | 'call' | 'target'>,
  measurement: LoadMeasurement,
): RunFigures {
  const { requests, seconds, cpuSeconds } = measurement;
  const perRequest = (cpu: number | undefined) =>
    cpu === undefined || requests === 0 ? Number.NaN : (cpu * 1e6) / requests;
  return {
    ...where,
    requests,
    reqPerSec: seconds > 0 ? requests / seconds : Number.NaN,
    p50Ms: measurement.p50Ms,
    p99Ms: measurement.p99Ms,
    non2xx: measurement.non2xx,
    errors: measurement.errors,
    proxyCpuUs: where.target === 'direct' ? null : perRequest(cpuSeconds.proxy),
    mockCpuUs: perRequest(cpuSeconds.mock),
    loaderCores: seconds > 0 ? measurement.loaderCpuSeconds / seconds : Number.NaN,
  };
}

type PerTarget<T> = Readonly<Record<TargetName, T>>;

/** One call's figures, metric first: medians over runs, failure counts summed. */
export type CallFigures = {
  readonly reqPerSec: PerTarget<number | null>;
  readonly p50Ms: PerTarget<number | null>;
  readonly p99Ms: PerTarget<number | null>;
  readonly non2xx: PerTarget<number>;
  readonly errors: PerTarget<number>;
  readonly proxyCpuUsPerReq: Readonly<Record<ProxyName, number | null>>;
  readonly mockCpuUsPerReq: PerTarget<number | null>;
  /** Medians of the per-run req/s ratios: each proxy to direct, to nginx, to the bare proxy. */
  readonly vsDirect: Readonly<Record<ProxyName, number | null>>;
  readonly vsNginx: Readonly<Record<'http-proxy' | 'gateway', number | null>>;
  readonly gatewayVsHttpProxy: number | null;
};

type ProxyName = Exclude<TargetName, 'direct'>;

/** A Target next to its figure. */
export type TargetCheck = {
  readonly value: number | null;
  readonly target: string;
  readonly met: boolean;
};

/** A type, not an interface: the runner takes it as a plain record. */
export type RestSummary = {
  readonly token: CallFigures;
  readonly cached: CallFigures;
  /** Median share of one core the load generator used. */
  readonly loaderCores: number | null;
  readonly targets: {
    readonly tokenGatewayVsHttpProxy: TargetCheck;
    readonly tokenGatewayVsNginx: TargetCheck;
    readonly cachedGatewayVsNginx: TargetCheck;
    readonly gatewayNon2xxAndErrors: TargetCheck;
  };
};

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The median of `pick` over each target's runs, rounded. */
function perTarget(
  runs: readonly RunFigures[],
  pick: (run: RunFigures) => number,
  digits: number,
): PerTarget<number | null> {
  const of = (target: TargetName) =>
    round(median(runs.filter((run) => run.target === target).map(pick)), digits);
  return byTarget(of);
}

function totalPerTarget(runs: readonly RunFigures[], pick: (run: RunFigures) => number) {
  return byTarget((target) => sum(runs.filter((run) => run.target === target).map(pick)));
}

function byTarget<T>(of: (target: TargetName) => T): PerTarget<T> {
  return Object.fromEntries(TARGETS.map((target) => [target, of(target)])) as PerTarget<T>;
}

/** Decimals a ratio is printed with: enough to tell 0.397 from a 0.4 target. */
const RATIO_DIGITS = 3;

/**
 * The median over runs of `subject`'s req/s divided by `baseline`'s in the same run, unrounded
 * (a Target is checked on this, never on the printed figure); `NaN` when no run has both.
 */
function pairedRatio(runs: readonly RunFigures[], subject: TargetName, baseline: TargetName) {
  const byRun = new Map<number, Partial<Record<TargetName, number>>>();
  for (const run of runs) {
    byRun.set(run.run, { ...byRun.get(run.run), [run.target]: run.reqPerSec });
  }
  const ratios = [...byRun.values()]
    .map((rates) => ratio(rates[subject] ?? Number.NaN, rates[baseline] ?? Number.NaN))
    .filter(Number.isFinite);
  return median(ratios);
}

/** `pairedRatio` as printed. */
function shownRatio(runs: readonly RunFigures[], subject: TargetName, baseline: TargetName) {
  return round(pairedRatio(runs, subject, baseline), RATIO_DIGITS);
}

function callFigures(runs: readonly RunFigures[]): CallFigures {
  const proxyCpu = perTarget(runs, (run) => run.proxyCpuUs ?? Number.NaN, 0);
  return {
    reqPerSec: perTarget(runs, (run) => run.reqPerSec, 0),
    p50Ms: perTarget(runs, (run) => run.p50Ms, 1),
    p99Ms: perTarget(runs, (run) => run.p99Ms, 1),
    non2xx: totalPerTarget(runs, (run) => run.non2xx),
    errors: totalPerTarget(runs, (run) => run.errors),
    proxyCpuUsPerReq: {
      nginx: proxyCpu.nginx,
      'http-proxy': proxyCpu['http-proxy'],
      gateway: proxyCpu.gateway,
    },
    mockCpuUsPerReq: perTarget(runs, (run) => run.mockCpuUs, 0),
    vsDirect: {
      nginx: shownRatio(runs, 'nginx', 'direct'),
      'http-proxy': shownRatio(runs, 'http-proxy', 'direct'),
      gateway: shownRatio(runs, 'gateway', 'direct'),
    },
    vsNginx: {
      'http-proxy': shownRatio(runs, 'http-proxy', 'nginx'),
      gateway: shownRatio(runs, 'gateway', 'nginx'),
    },
    gatewayVsHttpProxy: shownRatio(runs, 'gateway', 'http-proxy'),
  };
}

/** A `measured` ratio against its `minimum`: compared unrounded, printed rounded. */
function atLeast(measured: number, minimum: number): TargetCheck {
  return {
    value: round(measured, RATIO_DIGITS),
    target: `≥ ${minimum}`,
    met: Number.isFinite(measured) && measured >= minimum,
  };
}

/** The summary of every run: medians and ratios per call, and the Targets. */
export function summarise(runs: readonly RunFigures[]): RestSummary {
  const tokenRuns = runs.filter((run) => run.call === 'token');
  const cachedRuns = runs.filter((run) => run.call === 'cached');
  const token = callFigures(tokenRuns);
  const cached = callFigures(cachedRuns);
  const gateway = runs.filter((run) => run.target === 'gateway');
  const failures = sum(gateway.map((run) => run.non2xx + run.errors));
  return {
    token,
    cached,
    loaderCores: round(median(runs.map((run) => run.loaderCores)), 2),
    targets: {
      tokenGatewayVsHttpProxy: atLeast(pairedRatio(tokenRuns, 'gateway', 'http-proxy'), 0.9),
      tokenGatewayVsNginx: atLeast(pairedRatio(tokenRuns, 'gateway', 'nginx'), 0.4),
      cachedGatewayVsNginx: atLeast(pairedRatio(cachedRuns, 'gateway', 'nginx'), 1),
      gatewayNon2xxAndErrors: { value: failures, target: '0', met: failures === 0 },
    },
  };
}

/** How a call is described in the markdown. */
export interface CallLabel {
  readonly title: string;
  readonly request: string;
}

const times = (value: number | null) => (value === null ? '–' : `${value}×`);

function callTable(figures: CallFigures): string {
  const header = [
    'target',
    'req/s',
    '× direct',
    '× nginx',
    '× http-proxy',
    'p50 ms',
    'p99 ms',
    'non-2xx',
    'errors',
    'proxy CPU µs/req',
    'mock CPU µs/req',
  ];
  const ratios: Record<TargetName, [string, string, string]> = {
    direct: ['1×', '–', '–'],
    nginx: [times(figures.vsDirect.nginx), '1×', '–'],
    'http-proxy': [
      times(figures.vsDirect['http-proxy']),
      times(figures.vsNginx['http-proxy']),
      '1×',
    ],
    gateway: [
      times(figures.vsDirect.gateway),
      times(figures.vsNginx.gateway),
      times(figures.gatewayVsHttpProxy),
    ],
  };
  const rows = TARGETS.map((target) => [
    target,
    figures.reqPerSec[target],
    ...ratios[target],
    figures.p50Ms[target],
    figures.p99Ms[target],
    figures.non2xx[target],
    figures.errors[target],
    target === 'direct' ? '–' : figures.proxyCpuUsPerReq[target],
    figures.mockCpuUsPerReq[target],
  ]);
  return table(header, rows);
}

/** Markdown for SUMMARY.md: both calls' tables and the Targets. */
export function summaryMarkdown(
  summary: RestSummary,
  labels: Readonly<Record<CallName, CallLabel>>,
  setup: string,
): string {
  const check = (name: string, { value, target, met }: TargetCheck) =>
    `- ${name}: **${value ?? 'n/a'}** (target ${target}) — ${met ? 'met' : 'not met'}`;
  const { targets } = summary;
  return [
    setup,
    '',
    ...CALLS.flatMap((call) => [
      `**${labels[call].title}** — ${labels[call].request}`,
      '',
      callTable(summary[call]),
      '',
    ]),
    'Ratios are medians of the per-run ratios of req/s; errors include timeouts. The load',
    `generator used a median ${summary.loaderCores ?? 'n/a'} of a core.`,
    '',
    'Targets (as restated with @fastify/http-proxy), never asserted:',
    '',
    check('token call, gateway ÷ bare @fastify/http-proxy', targets.tokenGatewayVsHttpProxy),
    check('token call, gateway ÷ nginx', targets.tokenGatewayVsNginx),
    check('cached public call, gateway ÷ nginx', targets.cachedGatewayVsNginx),
    check('non-2xx and errors through the gateway, both calls', targets.gatewayNon2xxAndErrors),
  ].join('\n');
}
