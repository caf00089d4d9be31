/**
 * The web worker's share of a Chromium trace (Playwright's `browser.startTracing`): how long
 * its thread ran script, and how long it was busy at all, from the timeline events DevTools
 * draws. Pure, so it is tested.
 */

/** One event of a Chrome trace, as far as this reads it. */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  /** Start and duration, µs. */
  readonly ts?: number;
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

/** The events DevTools counts as "Scripting": script run, compiled and collected. */
const SCRIPTING = new Set([
  'FunctionCall',
  'EvaluateScript',
  'RunMicrotasks',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'HandlePostMessage',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'MinorGC',
  'MajorGC',
]);

/** A thread's top-level tasks: everything it did (the name differs by category). */
const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

const WORKER_THREAD = 'DedicatedWorker thread';

/** Total length of the union of `[start, end)` intervals, µs. */
export function coveredMicros(intervals: readonly (readonly [number, number])[]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let start = Number.NEGATIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const [from, to] of sorted) {
    if (from > end) {
      if (end > start) total += end - start;
      start = from;
      end = to;
    } else if (to > end) end = to;
  }
  if (end > start) total += end - start;
  return total;
}

/** The worker threads' scripting and busy time in `events`, ms (every dedicated worker). */
export function workerTime(events: readonly TraceEvent[]): { scriptingMs: number; busyMs: number } {
  const workers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === WORKER_THREAD)
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const scripting: [number, number][] = [];
  const busy: [number, number][] = [];
  for (const e of events) {
    if (e.ph !== 'X' || e.ts === undefined || e.dur === undefined) continue;
    if (!workers.has(`${e.pid}:${e.tid}`)) continue;
    const interval: [number, number] = [e.ts, e.ts + e.dur];
    if (SCRIPTING.has(e.name)) scripting.push(interval);
    if (TASKS.has(e.name)) busy.push(interval);
  }
  return { scriptingMs: coveredMicros(scripting) / 1000, busyMs: coveredMicros(busy) / 1000 };
}
