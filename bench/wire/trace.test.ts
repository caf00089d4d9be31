import { describe, expect, it } from 'vitest';
import { coveredMicros, type TraceEvent, workerTime } from './trace.js';

describe('coveredMicros', () => {
  it('counts overlapping and nested intervals once', () => {
    expect(coveredMicros([])).toBe(0);
    expect(
      coveredMicros([
        [0, 10],
        [5, 8],
        [8, 15],
        [20, 25],
      ]),
    ).toBe(20);
  });
});

describe('workerTime', () => {
  const thread = (tid: number, name: string): TraceEvent => ({
    name: 'thread_name',
    ph: 'M',
    pid: 1,
    tid,
    args: { name },
  });
  const event = (tid: number, name: string, ts: number, dur: number): TraceEvent => ({
    name,
    ph: 'X',
    pid: 1,
    tid,
    ts,
    dur,
  });

  it('reads the dedicated worker thread only, script within its tasks', () => {
    const events = [
      thread(7, 'DedicatedWorker thread'),
      thread(8, 'CrRendererMain'),
      event(7, 'ThreadControllerImpl::RunTask', 0, 3000),
      event(7, 'FunctionCall', 500, 2000),
      event(7, 'RunMicrotasks', 2000, 1000),
      event(7, 'MinorGC', 1000, 200),
      event(7, 'Receive mojo message', 0, 400),
      event(8, 'FunctionCall', 0, 50_000),
      event(8, 'ThreadControllerImpl::RunTask', 0, 50_000),
    ];
    expect(workerTime(events)).toEqual({ scriptingMs: 2.5, busyMs: 3 });
  });
});
