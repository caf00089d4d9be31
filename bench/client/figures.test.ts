import { describe, expect, it } from 'vitest';
import {
  loadFigures,
  mediansOf,
  ratiosOf,
  verdicts,
  type WindowFigures,
  windowFigures,
} from './figures.js';
import type { MainThreadMetrics, WindowSample } from './probe.js';

const metrics = (seconds: number, heapBytes = 0): MainThreadMetrics => ({
  ScriptDuration: seconds,
  TaskDuration: seconds * 2,
  LayoutDuration: seconds / 4,
  RecalcStyleDuration: seconds / 4,
  JSHeapUsedSize: heapBytes,
});

function sample(overrides: Partial<WindowSample> = {}): WindowSample {
  return {
    ms: 2_000,
    frames: [16, 17, 16, 17, 50],
    longTasks: [60],
    before: metrics(1),
    after: metrics(1.4, 8 * 2 ** 20),
    countersMs: 1_000,
    ...overrides,
  };
}

describe('windowFigures', () => {
  it('turns a recording into rates per second and per minute, counters over their own half', () => {
    const figures = windowFigures('app /', 4, sample(), {
      firstQuoteMs: 1234,
      startsAfterMs: 2500,
      startUpScriptingMsPerS: 60,
    });
    expect(figures.firstQuoteMs).toBe(1234);
    expect(figures.startsAfterMs).toBe(2500);
    expect(figures.startUpScriptingMsPerS).toBe(60);
    expect(figures.seconds).toBe(2);
    expect(figures.longTasks).toBe(1);
    expect(figures.longTasksPerMinute).toBe(30);
    expect(figures.longestTaskMs).toBe(60);
    expect(figures.frames).toBe(5);
    expect(figures.frameP50Ms).toBe(17);
    expect(figures.frameP95Ms).toBe(50);
    expect(figures.scriptingMsPerS).toBeCloseTo(400);
    expect(figures.busyMsPerS).toBeCloseTo(800);
    expect(figures.renderingMsPerS).toBeCloseTo(200);
    expect(figures.heapMB).toBe(8);
  });

  it('leaves the first quote and the start-up out of windows that did not load the page', () => {
    const later = windowFigures('baseline', 6, sample());
    expect('firstQuoteMs' in later).toBe(false);
    expect('startsAfterMs' in later).toBe(false);
    expect('startUpScriptingMsPerS' in later).toBe(false);
  });

  it('reports a quiet window as zero long tasks', () => {
    const figures = windowFigures('app /', 4, sample({ longTasks: [] }));
    expect(figures.longTasksPerMinute).toBe(0);
    expect(figures.longestTaskMs).toBe(0);
  });
});

describe('loadFigures', () => {
  it('rates the start-up script per second, and keeps the first quote only when there is one', () => {
    const quotes = loadFigures(2_000, metrics(1), metrics(1.3), 1_500);
    expect(quotes.firstQuoteMs).toBe(1_500);
    expect(quotes.startsAfterMs).toBe(2_000);
    expect(quotes.startUpScriptingMsPerS).toBeCloseTo(150);
    expect('firstQuoteMs' in loadFigures(2_000, metrics(1), metrics(1.3))).toBe(false);
  });
});

describe('medians, ratios and verdicts', () => {
  const window = (subject: WindowFigures['subject'], throttle: number, scripting: number) =>
    windowFigures(subject, throttle, sample({ after: metrics(1 + scripting / 1000) }), {
      firstQuoteMs: 1000,
      startsAfterMs: 2000 + scripting,
      startUpScriptingMsPerS: 2 * scripting,
    });
  const windows = [
    window('app /', 4, 20),
    window('app /', 4, 40),
    window('app /', 4, 30),
    window('baseline', 4, 200),
    window('baseline', 4, 300),
    window('app /', 6, 999),
  ];

  it('takes medians of one subject at one throttle only', () => {
    const app = mediansOf(windows, 'app /', 4);
    expect(app.runs).toBe(3);
    expect(app.runsWithLongTasks).toBe(3);
    expect(app.scriptingMsPerS).toBeCloseTo(30);
    expect(app.firstQuoteMs).toBe(1000);
    expect(app.startsAfterMs).toBe(2030);
    expect(app.startUpScriptingMsPerS).toBe(60);
    expect(mediansOf(windows, 'app /order', 4).runs).toBe(0);
  });

  it('divides the app by the baseline, and gives null over a zero baseline', () => {
    const app = mediansOf(windows, 'app /', 4);
    const baseline = mediansOf(windows, 'baseline', 4);
    expect(ratiosOf(app, baseline).scripting).toBe(0.12);
    expect(ratiosOf(app, { ...baseline, longTasksPerMinute: 0 }).longTasks).toBeNull();
  });

  it('judges the Targets on the medians', () => {
    const app = mediansOf(windows, 'app /', 4);
    const baseline = mediansOf(windows, 'baseline', 4);
    const judged = verdicts(app, undefined, baseline, 107);
    const met = Object.fromEntries(judged.map((v) => [v.target, v.met]));
    expect(met).toEqual({
      'first quote ≤ 1.5 s (ms)': true,
      'long tasks / min = 0 on /': false,
      'frame p95 ≤ 20 ms on /': false,
      'scripting ≤ 1/5 of baseline (ratio)': true,
      'initial JS ≤ 120 KB gz (KB)': true,
    });
    const withOrder = verdicts(app, app, baseline, 130);
    expect(withOrder).toHaveLength(7);
    expect(withOrder.at(-1)).toEqual({
      target: 'initial JS ≤ 120 KB gz (KB)',
      figure: 130,
      met: false,
    });
  });
});
