/**
 * The main thread's end of the live worker: starts it once, wraps it with comlink and applies
 * every batch it posts (on a port of their own) to the valtio store. It tells the worker which
 * quotes, holdings and account figures are watched (see `watch.ts`), so batches carry only
 * those. Screens call the worker through `liveWorker()` and read the figures through the hooks.
 */
import { type Remote, transfer, wrap } from 'comlink';
import type { LiveBatch, LiveWorkerApi } from '../worker/contract.js';
import { applyBatch } from './store.js';
import { accountWatch, holdingWatch, quoteWatch } from './watch.js';

let remote: Remote<LiveWorkerApi> | undefined;

/** The live worker, started on first use; every call returns a promise. */
export function liveWorker(): Remote<LiveWorkerApi> {
  if (remote) return remote;
  const worker = new Worker(new URL('../worker/live.worker.ts', import.meta.url), {
    type: 'module',
    name: 'live',
  });
  const started = wrap<LiveWorkerApi>(worker);
  remote = started;
  // Before the listener, so the first snapshot already holds only what is watched.
  void started.watchQuotes(quoteWatch.ids());
  quoteWatch.listen((ids) => void started.watchQuotes(ids));
  void started.watchHoldings(holdingWatch.ids());
  holdingWatch.listen((ids) => void started.watchHoldings(ids));
  void started.watchAccount(accountWatch.ids().length > 0);
  accountWatch.listen((ids) => void started.watchAccount(ids.length > 0));
  // Batches come on a port of their own, each a plain message needing no answer.
  const batches = new MessageChannel();
  batches.port1.onmessage = (event: MessageEvent<LiveBatch>) => applyBatch(event.data);
  void started.postBatchesTo(transfer(batches.port2, [batches.port2]));
  return started;
}
