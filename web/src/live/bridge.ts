/**
 * The main thread's end of the live worker: starts it once, wraps it with comlink and applies
 * every batch it posts to the valtio store. It tells the worker which quotes are watched (see
 * `watch.ts`), so batches carry only those. Screens call the worker through `liveWorker()` and
 * read the figures through the hooks.
 */
import { proxy, type Remote, wrap } from 'comlink';
import type { LiveApi, LiveBatch } from '../worker/api.js';
import { applyBatch } from './store.js';
import { quoteWatch } from './watch.js';

let remote: Remote<LiveApi> | undefined;

/** The live worker, started on first use; every call returns a promise. */
export function liveWorker(): Remote<LiveApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/live.worker.ts', import.meta.url), {
    type: 'module',
    name: 'live',
  });
  const started = wrap<LiveApi>(worker);
  remote = started;
  // Before the listener, so the first snapshot already holds only the watched quotes.
  void started.watchQuotes(quoteWatch.ids());
  quoteWatch.listen((ids) => void started.watchQuotes(ids));
  void started.onBatch(proxy((batch: LiveBatch) => applyBatch(batch)));
  return started;
}
