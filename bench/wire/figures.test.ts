import { describe, expect, it } from 'vitest';
import { compareWire, type VisitSample, visitFigures, wireMarkdown } from './figures.js';

function sample(overrides: Partial<VisitSample>): VisitSample {
  return {
    kind: 'plain',
    windowMs: 30_000,
    socketBytes: 360_000,
    allBytes: 400_000,
    longTasks: [],
    workerScriptingMs: 60,
    workerBusyMs: 150,
    mainScriptingMs: 300,
    networkCpuMs: 300,
    ...overrides,
  };
}

describe('visitFigures', () => {
  it('scales a window to bytes per minute and milliseconds per second', () => {
    expect(visitFigures(sample({ longTasks: [60, 80] }))).toEqual({
      kind: 'plain',
      socketBytesPerMinute: 720_000,
      allBytesPerMinute: 800_000,
      longTasks: 2,
      workerScriptingMsPerS: 2,
      workerBusyMsPerS: 5,
      mainScriptingMsPerS: 10,
      networkCpuMsPerS: 10,
    });
  });
});

describe('compareWire', () => {
  const visits = [
    sample({}),
    sample({ socketBytes: 380_000, workerScriptingMs: 66 }),
    sample({ kind: 'compressed', socketBytes: 100_000, workerScriptingMs: 63 }),
    sample({ kind: 'compressed', socketBytes: 104_000, workerScriptingMs: 69 }),
  ];

  it('takes medians per kind and the compressed ÷ plain ratios, with the Targets', () => {
    const wire = compareWire(visits.map(visitFigures));
    expect(wire.compressed.socketBytesPerMinute).toBe(204_000);
    expect(wire.plain.socketBytesPerMinute).toBe(740_000);
    expect(wire.ratio.socketBytesPerMinute).toBe(0.276);
    expect(wire.ratio.workerScriptingMsPerS).toBe(1.048);
    expect(wire.targets).toEqual({ socketBytes: 'met', longTasks: 'met', workerScripting: 'met' });
    expect(wireMarkdown(wire, 'described')).toContain(
      '| socket bytes per minute | 204000 | 740000 | 0.276 | ≤ 0.35× | met |',
    );
  });

  it('flags a long task that only compressed visits had, and too much worker script', () => {
    const worse = [
      ...visits,
      sample({ kind: 'compressed', longTasks: [70], workerScriptingMs: 90 }),
      sample({ kind: 'compressed', workerScriptingMs: 90 }),
    ];
    expect(compareWire(worse.map(visitFigures)).targets).toEqual({
      socketBytes: 'not met',
      longTasks: 'not met',
      workerScripting: 'not met',
    });
  });
});
