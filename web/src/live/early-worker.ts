/**
 * The live worker `index.html` starts before the entry chunk has loaded (the build puts a
 * one-line script first in the page's head: scripts/early-worker.ts). A worker's thread is
 * started by a task of the page's main thread once its script is in; started from the entry,
 * that task waited behind the entry's own evaluation, and with it the check of the first
 * screen's answers. Measured at 4× CPU slow-down (paired visits): the worker runs ~170 ms
 * sooner and the trade list is on the main thread ~80 ms sooner.
 */

/** Where the page's early script leaves the worker it started. */
export const EARLY_WORKER_GLOBAL = '__pipstreamLiveWorker';

/** The worker the page started early, handed out once; `undefined` when there is none. */
export function takeEarlyWorker(
  scope: Record<string, unknown> = globalThis as never,
): Worker | undefined {
  const early = scope[EARLY_WORKER_GLOBAL];
  if (early === undefined) return undefined;
  delete scope[EARLY_WORKER_GLOBAL];
  return typeof Worker !== 'undefined' && early instanceof Worker ? early : undefined;
}
