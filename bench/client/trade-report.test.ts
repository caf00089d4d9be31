import { describe, expect, it } from 'vitest';
import type { WindowFigures } from './figures.js';
import { mediansOf } from './figures.js';
import { tradeReport, tradeVerdicts } from './trade-report.js';

function window(subject: WindowFigures['subject'], patch: Partial<WindowFigures>): WindowFigures {
  return {
    subject,
    throttle: 4,
    seconds: 10,
    longTasks: 0,
    longTasksPerMinute: 0,
    longestTaskMs: 0,
    frames: 300,
    frameP50Ms: 16.7,
    frameP95Ms: 16.8,
    scriptingMsPerS: 40,
    busyMsPerS: 100,
    renderingMsPerS: 10,
    heapMB: 12,
    ...patch,
  };
}

describe('the trade-screen report', () => {
  const windows = [
    window('trade chart', { scriptingMsPerS: 46 }),
    window('trade chart', { scriptingMsPerS: 50 }),
    window('trade chart', { scriptingMsPerS: 44 }),
    window('trade plain', { scriptingMsPerS: 40 }),
    window('trade plain', { scriptingMsPerS: 42 }),
    window('trade plain', { scriptingMsPerS: 38 }),
  ];

  it('judges the chart’s medians: no long task, frame p95 ≤ 20 ms, scripting ≤ 1.2 × plain', () => {
    const chart = mediansOf(windows, 'trade chart', 4);
    const plain = mediansOf(windows, 'trade plain', 4);
    expect(tradeVerdicts(chart, plain)).toEqual([
      { target: 'long tasks / min = 0', figure: 0, met: true },
      { target: 'frame p95 ≤ 20 ms', figure: 16.8, met: true },
      { target: 'scripting ≤ 1.2 × the plain chart (ratio)', figure: 1.15, met: true },
    ]);
    const slow = mediansOf(
      [window('trade chart', { scriptingMsPerS: 60, longTasksPerMinute: 6, frameP95Ms: 33 })],
      'trade chart',
      4,
    );
    expect(tradeVerdicts(slow, plain).map((v) => v.met)).toEqual([false, false, false]);
  });

  it('prints both pages’ medians, the ratio and the verdicts', () => {
    const { summary, markdown } = tradeReport({ windows, throttle: 4, notes: ['a note'] });
    expect(summary).toMatchObject({
      cpu4x: { scriptingRatio: 1.15 },
      targets: '3/3 met',
      notMet: [],
    });
    expect(markdown).toContain('| plain chart | 4× | 3 |');
    expect(markdown).toContain('chart ÷ plain chart: 1.15');
    expect(markdown).toContain('- a note');
  });
});
