/**
 * The trade-screen scenario's figures: the chart with three indicators, ten order lines, a
 * trailing stop and five drawings against the plain chart of the same screen, medians per
 * subject, the ratio of main-thread scripting and the trade screen's targets. Pure, so it is
 * tested.
 */
import { table } from '../lib/results.js';
import { ratio, round } from '../lib/stats.js';
import { atMost, type Medians, mediansOf, type Verdict, type WindowFigures } from './figures.js';

/** The trade screen's targets at 4× CPU slow-down. */
export const TRADE_TARGETS = {
  longTasksPerMinute: 0,
  frameP95Ms: 20,
  /** Chart scripting ÷ plain chart scripting. */
  scriptingRatio: 1.2,
} as const;

/** The verdicts of the chart's medians against the plain chart's. */
export function tradeVerdicts(chart: Medians, plain: Medians): Verdict[] {
  return [
    atMost('long tasks / min = 0', chart.longTasksPerMinute, TRADE_TARGETS.longTasksPerMinute),
    atMost('frame p95 ≤ 20 ms', chart.frameP95Ms, TRADE_TARGETS.frameP95Ms),
    atMost(
      'scripting ≤ 1.2 × the plain chart (ratio)',
      ratio(chart.scriptingMsPerS, plain.scriptingMsPerS),
      TRADE_TARGETS.scriptingRatio,
    ),
  ];
}

function shown(medians: Medians) {
  return {
    runs: medians.runs,
    longTasksPerMin: round(medians.longTasksPerMinute, 1),
    frameP50Ms: round(medians.frameP50Ms, 1),
    frameP95Ms: round(medians.frameP95Ms, 1),
    scriptingMsPerS: round(medians.scriptingMsPerS, 1),
    busyMsPerS: round(medians.busyMsPerS, 1),
    renderingMsPerS: round(medians.renderingMsPerS, 1),
    heapMB: round(medians.heapMB, 1),
  };
}

export interface TradeReportInput {
  readonly windows: readonly WindowFigures[];
  readonly throttle: number;
  readonly notes: readonly string[];
}

/** The summary line and the SUMMARY.md section of the scenario. */
export function tradeReport({ windows, throttle, notes }: TradeReportInput) {
  const chart = mediansOf(windows, 'trade chart', throttle);
  const plain = mediansOf(windows, 'trade plain', throttle);
  const verdicts = tradeVerdicts(chart, plain);
  const scriptingRatio = round(ratio(chart.scriptingMsPerS, plain.scriptingMsPerS), 2);
  const summary = {
    [`cpu${throttle}x`]: { chart: shown(chart), plain: shown(plain), scriptingRatio },
    targets: `${verdicts.filter((v) => v.met).length}/${verdicts.length} met`,
    notMet: verdicts.filter((v) => !v.met).map((v) => `${v.target}: ${v.figure}`),
  };
  const row = (name: string, medians: Medians) => {
    const figures = shown(medians);
    return [
      name,
      `${throttle}×`,
      figures.runs,
      `${figures.longTasksPerMin} (${medians.runsWithLongTasks}/${medians.runs} runs)`,
      figures.frameP50Ms,
      figures.frameP95Ms,
      figures.scriptingMsPerS,
      figures.busyMsPerS,
      figures.renderingMsPerS,
      figures.heapMB,
    ];
  };
  const markdown = [
    'The trade screen (`/trade`, 1-minute chart) ticking, medians per page (runs interleaved: chart, plain, chart, plain…).',
    '',
    table(
      [
        'page',
        'CPU',
        'runs',
        'long tasks/min',
        'frame p50 ms',
        'frame p95 ms',
        'scripting ms/s',
        'main busy ms/s',
        'layout+style ms/s',
        'heap MB',
      ],
      [
        row('chart: 3 indicators, 10 order lines, a trailing stop, 5 drawings', chart),
        row('plain chart', plain),
      ],
    ),
    '',
    `Main-thread scripting, chart ÷ plain chart: ${scriptingRatio ?? '–'}.`,
    '',
    `Targets at ${throttle}× (printed, never asserted):`,
    '',
    table(
      ['target', 'figure', 'verdict'],
      verdicts.map((v) => [v.target, v.figure, v.met ? 'met' : 'not met']),
    ),
    '',
    ...notes.map((note) => `- ${note}`),
  ].join('\n');
  return { summary, markdown };
}
