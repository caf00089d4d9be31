/**
 * The wire benchmark's arithmetic: a visit's raw counts into per-minute and per-second
 * figures, visits into medians per kind, and the ratios and Targets. Pure, so it
 * is tested.
 */
import { table } from '../lib/results.js';
import { median, ratio, round } from '../lib/stats.js';

/** The gateway a visit went through: compression negotiated (as shipped), or turned off. */
export type WireKind = 'compressed' | 'plain';

/** What one visit's window recorded. */
export interface VisitSample {
  readonly kind: WireKind;
  readonly windowMs: number;
  /** Bytes the gateway sent down the page's realtime socket(s), and down every connection. */
  readonly socketBytes: number;
  readonly allBytes: number;
  /** Long tasks of the page's main thread that started in the window, ms each. */
  readonly longTasks: readonly number[];
  /** The web worker's thread: script run, and any task, ms. */
  readonly workerScriptingMs: number;
  readonly workerBusyMs: number;
  /** The main thread's script time (CDP Performance.getMetrics), ms. */
  readonly mainScriptingMs: number;
  /** CPU of Chromium's network service, where the socket's messages are inflated, ms. */
  readonly networkCpuMs: number;
}

export interface VisitFigures {
  readonly kind: WireKind;
  readonly socketBytesPerMinute: number;
  readonly allBytesPerMinute: number;
  readonly longTasks: number;
  readonly workerScriptingMsPerS: number;
  readonly workerBusyMsPerS: number;
  readonly mainScriptingMsPerS: number;
  readonly networkCpuMsPerS: number;
}

export function visitFigures(sample: VisitSample): VisitFigures {
  const perMinute = 60_000 / sample.windowMs;
  const perSecond = 1000 / sample.windowMs;
  return {
    kind: sample.kind,
    socketBytesPerMinute: sample.socketBytes * perMinute,
    allBytesPerMinute: sample.allBytes * perMinute,
    longTasks: sample.longTasks.length,
    workerScriptingMsPerS: sample.workerScriptingMs * perSecond,
    workerBusyMsPerS: sample.workerBusyMs * perSecond,
    mainScriptingMsPerS: sample.mainScriptingMs * perSecond,
    networkCpuMsPerS: sample.networkCpuMs * perSecond,
  };
}

/** The wire Targets. */
export const TARGETS = {
  /** Socket bytes per minute, compressed ÷ plain. */
  socketBytesRatio: 0.35,
  /** Worker scripting, compressed ÷ plain: at most 10 % more. */
  workerScriptingRatio: 1.1,
} as const;

const FIGURES = [
  { key: 'socketBytesPerMinute', label: 'socket bytes per minute', digits: 0 },
  { key: 'allBytesPerMinute', label: 'bytes per minute, all connections', digits: 0 },
  { key: 'longTasks', label: 'long tasks in the window', digits: 1 },
  { key: 'workerScriptingMsPerS', label: 'worker scripting ms/s', digits: 2 },
  { key: 'workerBusyMsPerS', label: 'worker busy ms/s', digits: 2 },
  { key: 'mainScriptingMsPerS', label: 'main-thread scripting ms/s', digits: 2 },
  { key: 'networkCpuMsPerS', label: 'Chromium network service CPU ms/s', digits: 1 },
] as const satisfies readonly { key: keyof VisitFigures; label: string; digits: number }[];

type FigureKey = (typeof FIGURES)[number]['key'];

const verdict = (met: boolean) => (met ? 'met' : 'not met');

/** Medians per kind, the compressed ÷ plain ratios and the Targets. */
export function compareWire(visits: readonly VisitFigures[]) {
  const of = (kind: WireKind) => {
    const runs = visits.filter((visit) => visit.kind === kind);
    return Object.fromEntries(
      FIGURES.map(({ key }) => [key, median(runs.map((run) => run[key]))]),
    ) as Record<FigureKey, number>;
  };
  const compressed = of('compressed');
  const plain = of('plain');
  const ratios = Object.fromEntries(
    FIGURES.map(({ key }) => [key, round(ratio(compressed[key], plain[key]), 3)]),
  ) as Record<FigureKey, number | null>;
  const worstLongTasks = Math.max(
    0,
    ...visits.filter((v) => v.kind === 'compressed').map((v) => v.longTasks),
  );
  const plainLongTasks = Math.max(
    0,
    ...visits.filter((v) => v.kind === 'plain').map((v) => v.longTasks),
  );
  const rounded = (values: Record<FigureKey, number>) =>
    Object.fromEntries(FIGURES.map(({ key, digits }) => [key, round(values[key], digits)]));
  return {
    visits: visits.filter((visit) => visit.kind === 'compressed').length,
    compressed: rounded(compressed),
    plain: rounded(plain),
    ratio: ratios,
    targets: {
      socketBytes: verdict(
        ratio(compressed.socketBytesPerMinute, plain.socketBytesPerMinute) <=
          TARGETS.socketBytesRatio,
      ),
      // No long task in any compressed visit beyond what the plain ones had.
      longTasks: verdict(worstLongTasks <= plainLongTasks),
      workerScripting: verdict(
        ratio(compressed.workerScriptingMsPerS, plain.workerScriptingMsPerS) <=
          TARGETS.workerScriptingRatio,
      ),
    },
  };
}

export type WireComparison = ReturnType<typeof compareWire>;

function targetOf(key: FigureKey, comparison: WireComparison): [string, string] {
  switch (key) {
    case 'socketBytesPerMinute':
      return [`≤ ${TARGETS.socketBytesRatio}×`, comparison.targets.socketBytes];
    case 'longTasks':
      return ['none added', comparison.targets.longTasks];
    case 'workerScriptingMsPerS':
      return [`≤ ${TARGETS.workerScriptingRatio}×`, comparison.targets.workerScripting];
    default:
      return ['', ''];
  }
}

/** SUMMARY.md's table: one row per figure. */
export function wireMarkdown(comparison: WireComparison, described: string): string {
  const rows = FIGURES.map(({ key, label }) => [
    label,
    comparison.compressed[key],
    comparison.plain[key],
    comparison.ratio[key],
    ...targetOf(key, comparison),
  ]);
  return [
    described,
    '',
    table(['figure (median)', 'compressed', 'uncompressed', 'ratio', 'target', ''], rows),
  ].join('\n');
}
