/** The client benchmark's summary line and its SUMMARY.md section, from the medians. */

import { table } from '../lib/results.js';
import { round } from '../lib/stats.js';
import {
  type Medians,
  mediansOf,
  ratiosOf,
  type Subject,
  type Verdict,
  verdicts,
  type WindowFigures,
} from './figures.js';

/** What the report is made of. */
export interface ClientReportInput {
  readonly windows: readonly WindowFigures[];
  readonly throttles: readonly number[];
  readonly orderThrottles: readonly number[];
  readonly initialJsKB: number;
  readonly baselineScriptKB: number;
  /** The throttle the Targets are judged at. */
  readonly targetThrottle: number;
  /** Lines under the tables: what was measured with what. */
  readonly notes: readonly string[];
}

const SUBJECTS: readonly Subject[] = ['app /', 'app /order', 'baseline'];

function shown(medians: Medians) {
  return {
    firstQuoteMs: round(medians.firstQuoteMs, 0),
    startUpS: round(medians.startsAfterMs / 1000, 1),
    startUpScriptingMsPerS: round(medians.startUpScriptingMsPerS, 1),
    longTasksPerMin: round(medians.longTasksPerMinute, 1),
    frameP50Ms: round(medians.frameP50Ms, 1),
    frameP95Ms: round(medians.frameP95Ms, 1),
    scriptingMsPerS: round(medians.scriptingMsPerS, 1),
    busyMsPerS: round(medians.busyMsPerS, 1),
    heapMB: round(medians.heapMB, 1),
  };
}

/** The summary (the runner's JSON line) and the markdown. */
export function clientReport(input: ClientReportInput) {
  const byThrottle = input.throttles.map((rate) => {
    const app = mediansOf(input.windows, 'app /', rate);
    const baseline = mediansOf(input.windows, 'baseline', rate);
    const order = input.orderThrottles.includes(rate)
      ? mediansOf(input.windows, 'app /order', rate)
      : undefined;
    return { rate, app, baseline, order, ratios: ratiosOf(app, baseline) };
  });
  const atTarget = byThrottle.find((entry) => entry.rate === input.targetThrottle);
  const judged: Verdict[] = atTarget
    ? verdicts(atTarget.app, atTarget.order, atTarget.baseline, input.initialJsKB)
    : [];

  const summary: Record<string, unknown> = {
    initialJsKB: round(input.initialJsKB, 1),
    ...Object.fromEntries(
      byThrottle.map(({ rate, app, baseline, order, ratios }) => [
        `cpu${rate}x`,
        {
          app: shown(app),
          ...(order && { order: shown(order) }),
          baseline: shown(baseline),
          appOverBaseline: ratios,
        },
      ]),
    ),
    targets: `${judged.filter((v) => v.met).length}/${judged.length} met`,
    notMet: judged.filter((v) => !v.met).map((v) => `${v.target}: ${v.figure}`),
  };

  const medianRows = byThrottle.flatMap(({ rate }) =>
    SUBJECTS.flatMap((subject) => {
      const medians = mediansOf(input.windows, subject, rate);
      if (medians.runs === 0) return [];
      const figures = shown(medians);
      return [
        [
          subject,
          `${rate}×`,
          medians.runs,
          figures.firstQuoteMs,
          figures.startUpS,
          figures.startUpScriptingMsPerS,
          `${figures.longTasksPerMin} (${medians.runsWithLongTasks}/${medians.runs} runs)`,
          figures.frameP50Ms,
          figures.frameP95Ms,
          figures.scriptingMsPerS,
          figures.busyMsPerS,
          figures.heapMB,
        ],
      ];
    }),
  );
  const ratioRows = byThrottle.map(({ rate, ratios }) => [
    `${rate}×`,
    ratios.scripting,
    ratios.longTasks,
    ratios.frameP95,
  ]);
  const markdown = [
    'Medians per page and CPU slow-down (runs interleaved: app, baseline, app, baseline…).',
    '',
    table(
      [
        'page',
        'CPU',
        'runs',
        'first quote ms',
        'start-up s',
        'start-up scripting ms/s',
        'long tasks/min',
        'frame p50 ms',
        'frame p95 ms',
        'scripting ms/s',
        'main busy ms/s',
        'heap MB',
      ],
      medianRows,
    ),
    '',
    'App (`/`) ÷ baseline, on the medians (lower is better; – when the baseline is 0):',
    '',
    table(['CPU', 'scripting', 'long tasks', 'frame p95'], ratioRows),
    '',
    `Initial JS of the app: ${round(input.initialJsKB, 1)} KB gzipped (the baseline page's whole script: ${round(input.baselineScriptKB, 1)} KB).`,
    '',
    `Targets at ${input.targetThrottle}× (printed, never asserted):`,
    '',
    table(
      ['target', 'figure', 'verdict'],
      judged.map((v) => [v.target, v.figure, v.met ? 'met' : 'not met']),
    ),
    '',
    ...input.notes.map((note) => `- ${note}`),
  ].join('\n');
  return { summary, markdown };
}
