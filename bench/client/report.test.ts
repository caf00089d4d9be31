import { describe, expect, it } from 'vitest';
import { windowFigures } from './figures.js';
import type { MainThreadMetrics, WindowSample } from './probe.js';
import { clientReport } from './report.js';

const metrics = (script: number): MainThreadMetrics => ({
  ScriptDuration: script,
  TaskDuration: script,
  LayoutDuration: 0,
  RecalcStyleDuration: 0,
  JSHeapUsedSize: 2 ** 20,
});
const sample = (scriptSeconds: number, longTasks: number[]): WindowSample => ({
  ms: 1000,
  frames: [16.7, 16.7, 16.6],
  longTasks,
  before: metrics(0),
  after: metrics(scriptSeconds),
  countersMs: 1000,
});

describe('clientReport', () => {
  const windows = [
    windowFigures('app /', 4, sample(0.05, []), {
      firstQuoteMs: 900,
      startsAfterMs: 3_200,
      startUpScriptingMsPerS: 80,
    }),
    windowFigures('app /order', 4, sample(0.04, []), {
      startsAfterMs: 1_400,
      startUpScriptingMsPerS: 30,
    }),
    windowFigures('baseline', 4, sample(0.5, [80, 90]), {
      firstQuoteMs: 700,
      startsAfterMs: 1_000,
      startUpScriptingMsPerS: 400,
    }),
  ];
  const { summary, markdown } = clientReport({
    windows,
    throttles: [4],
    orderThrottles: [4],
    initialJsKB: 100,
    baselineScriptKB: 60,
    targetThrottle: 4,
    notes: ['a note'],
  });

  it('summarises each throttle with app, holdings, baseline and ratios', () => {
    expect(summary.cpu4x).toMatchObject({
      app: {
        firstQuoteMs: 900,
        startUpS: 3.2,
        startUpScriptingMsPerS: 80,
        scriptingMsPerS: 50,
        longTasksPerMin: 0,
      },
      order: { scriptingMsPerS: 40 },
      baseline: { firstQuoteMs: 700, longTasksPerMin: 120 },
      appOverBaseline: { scripting: 0.1, longTasks: 0, frameP95: 1 },
    });
    expect(summary.targets).toBe('7/7 met');
    expect(summary.notMet).toEqual([]);
  });

  it('prints the medians, the ratios, the verdicts and the notes', () => {
    expect(markdown).toContain('| app / | 4× | 1 | 900 | 3.2 | 80 | 0 (0/1 runs) |');
    expect(markdown).toContain('| baseline | 4× | 1 | 700 | 1 | 400 | 120 (1/1 runs) |');
    expect(markdown).toContain('| 4× | 0.1 | 0 | 1 |');
    expect(markdown).toContain('| first quote ≤ 1.5 s (ms) | 900 | met |');
    expect(markdown).toContain('- a note');
  });
});
