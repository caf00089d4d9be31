/**
 * The client benchmark's arithmetic: one window's raw recording into figures, runs into
 * medians per page and throttle, and the ratios and Targets. Pure, so it is tested.
 */
import { median, quantile, ratio, round } from '../lib/stats.js';
import type { MainThreadMetrics, WindowSample } from './probe.js';

/**
 * Which page a run measured: the app's quotes, the app's holdings, or the baseline's quotes;
 * in the trade-screen scenario, the chart with indicators and order lines or the plain chart.
 */
export type Subject = 'app /' | 'app /order' | 'baseline' | 'trade chart' | 'trade plain';

/** One window's figures. */
export interface WindowFigures {
  readonly subject: Subject;
  /** Chromium's CPU slow-down during the window. */
  readonly throttle: number;
  /** Navigation start to the first price on screen, ms (quote pages' first window only). */
  readonly firstQuoteMs?: number;
  /** First figure on screen to the window's start: the page's start-up, ms (first windows). */
  readonly startsAfterMs?: number;
  /** Main-thread script time per second over that start-up, ms. */
  readonly startUpScriptingMsPerS?: number;
  readonly seconds: number;
  readonly longTasks: number;
  readonly longTasksPerMinute: number;
  /** The longest long task, ms (0 when none). */
  readonly longestTaskMs: number;
  readonly frames: number;
  readonly frameP50Ms: number;
  readonly frameP95Ms: number;
  /** Main-thread script time per second of the window, ms. */
  readonly scriptingMsPerS: number;
  /** Main-thread busy time (any task) per second, ms. */
  readonly busyMsPerS: number;
  /** Layout and style recalculation per second, ms. */
  readonly renderingMsPerS: number;
  /** The page's JS heap in use at the end of the window, MB (main thread only). */
  readonly heapMB: number;
}

/** What a page's first window adds about its load. */
export interface LoadFigures {
  readonly firstQuoteMs?: number;
  readonly startsAfterMs: number;
  readonly startUpScriptingMsPerS: number;
}

/**
 * A page's load as figures: its start-up of `startsAfterMs` with the main thread's counters
 * `before` and `after` it, and the first quote (`undefined` for pages without one).
 */
export function loadFigures(
  startsAfterMs: number,
  before: MainThreadMetrics,
  after: MainThreadMetrics,
  firstQuoteMs?: number,
): LoadFigures {
  const scriptMs = (after.ScriptDuration - before.ScriptDuration) * 1000;
  const startUp = { startsAfterMs, startUpScriptingMsPerS: scriptMs / (startsAfterMs / 1000) };
  return firstQuoteMs === undefined ? startUp : { firstQuoteMs, ...startUp };
}

/** Turns one recorded window (and, for a page's first, its load) into figures. */
export function windowFigures(
  subject: Subject,
  throttle: number,
  sample: WindowSample,
  load?: LoadFigures,
): WindowFigures {
  const seconds = sample.ms / 1000;
  const perSecond = (before: number, after: number) =>
    ((after - before) * 1000) / (sample.countersMs / 1000);
  const { before, after } = sample;
  return {
    subject,
    throttle,
    ...load,
    seconds,
    longTasks: sample.longTasks.length,
    longTasksPerMinute: (sample.longTasks.length * 60) / seconds,
    longestTaskMs: Math.max(0, ...sample.longTasks),
    frames: sample.frames.length,
    frameP50Ms: quantile(sample.frames, 0.5),
    frameP95Ms: quantile(sample.frames, 0.95),
    scriptingMsPerS: perSecond(before.ScriptDuration, after.ScriptDuration),
    busyMsPerS: perSecond(before.TaskDuration, after.TaskDuration),
    renderingMsPerS: perSecond(
      before.LayoutDuration + before.RecalcStyleDuration,
      after.LayoutDuration + after.RecalcStyleDuration,
    ),
    heapMB: after.JSHeapUsedSize / 2 ** 20,
  };
}

/** The figures a summary reports, each a median over runs. */
const MEDIAN_FIELDS = [
  'firstQuoteMs',
  'startsAfterMs',
  'startUpScriptingMsPerS',
  'longTasksPerMinute',
  'frameP50Ms',
  'frameP95Ms',
  'scriptingMsPerS',
  'busyMsPerS',
  'renderingMsPerS',
  'heapMB',
] as const;
type MedianField = (typeof MEDIAN_FIELDS)[number];

/** Medians of one subject at one throttle. */
export type Medians = { readonly runs: number; readonly runsWithLongTasks: number } & Readonly<
  Record<MedianField, number>
>;

/** Medians of the windows of `subject` at `throttle`. */
export function mediansOf(
  windows: readonly WindowFigures[],
  subject: Subject,
  throttle: number,
): Medians {
  const chosen = windows.filter((w) => w.subject === subject && w.throttle === throttle);
  const medianOf = (field: MedianField) =>
    median(chosen.flatMap((w) => (w[field] === undefined ? [] : [w[field] as number])));
  return {
    runs: chosen.length,
    runsWithLongTasks: chosen.filter((w) => w.longTasks > 0).length,
    firstQuoteMs: medianOf('firstQuoteMs'),
    startsAfterMs: medianOf('startsAfterMs'),
    startUpScriptingMsPerS: medianOf('startUpScriptingMsPerS'),
    longTasksPerMinute: medianOf('longTasksPerMinute'),
    frameP50Ms: medianOf('frameP50Ms'),
    frameP95Ms: medianOf('frameP95Ms'),
    scriptingMsPerS: medianOf('scriptingMsPerS'),
    busyMsPerS: medianOf('busyMsPerS'),
    renderingMsPerS: medianOf('renderingMsPerS'),
    heapMB: medianOf('heapMB'),
  };
}

/** App ÷ baseline of the medians at one throttle (null when the baseline's figure is 0). */
export function ratiosOf(app: Medians, baseline: Medians) {
  return {
    scripting: round(ratio(app.scriptingMsPerS, baseline.scriptingMsPerS)),
    longTasks: round(ratio(app.longTasksPerMinute, baseline.longTasksPerMinute)),
    frameP95: round(ratio(app.frameP95Ms, baseline.frameP95Ms)),
  };
}

/** The client Targets, at 4× throttle. */
export const TARGETS = {
  firstQuoteMs: 1500,
  longTasksPerMinute: 0,
  frameP95Ms: 20,
  /** App scripting ÷ baseline scripting. */
  scriptingRatio: 0.2,
  initialJsKB: 120,
} as const;

/** One Target's verdict, for printing next to its figure. */
export interface Verdict {
  readonly target: string;
  readonly figure: number | null;
  readonly met: boolean;
}

/** The verdict of `figure` against a target it must not exceed. */
export const atMost = (target: string, figure: number, limit: number): Verdict => ({
  target,
  figure: round(figure, 2),
  met: Number.isFinite(figure) && figure <= limit,
});

/**
 * The Targets judged on the medians at 4×: the quotes page for each, and the holdings page
 * too for the two that hold on any screen (long tasks, frames).
 */
export function verdicts(
  app: Medians,
  order: Medians | undefined,
  baseline: Medians,
  initialJsKB: number,
): Verdict[] {
  const list = [
    atMost('first quote ≤ 1.5 s (ms)', app.firstQuoteMs, TARGETS.firstQuoteMs),
    atMost('long tasks / min = 0 on /', app.longTasksPerMinute, TARGETS.longTasksPerMinute),
    atMost('frame p95 ≤ 20 ms on /', app.frameP95Ms, TARGETS.frameP95Ms),
    atMost(
      'scripting ≤ 1/5 of baseline (ratio)',
      ratio(app.scriptingMsPerS, baseline.scriptingMsPerS),
      TARGETS.scriptingRatio,
    ),
  ];
  if (order) {
    list.push(
      atMost(
        'long tasks / min = 0 on /order',
        order.longTasksPerMinute,
        TARGETS.longTasksPerMinute,
      ),
      atMost('frame p95 ≤ 20 ms on /order', order.frameP95Ms, TARGETS.frameP95Ms),
    );
  }
  list.push(atMost('initial JS ≤ 120 KB gz (KB)', initialJsKB, TARGETS.initialJsKB));
  return list;
}
