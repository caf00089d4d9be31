/**
 * The live Web Worker: owns the realtime socket and every live figure, and posts the main thread
 * one batch of changes per animation frame at most (docs/architecture.md#batches).
 */
import '../schema-policy.js';
import { expose } from 'comlink';
import type { LiveWorkerApi } from './api.js';
import { createLiveCore } from './core.js';
import { readFirstAnswer } from './first-answers.js';

const core = createLiveCore();

const api: LiveWorkerApi = {
  ...core,
  readFirstAnswer,
  // A plain port rather than a comlink callback: a proxied call posts an answer back and walks
  // comlink's wire format for every batch, which the main thread pays for at each tick.
  postBatchesTo(port) {
    core.onBatch((batch) => port.postMessage(batch));
  },
};

expose(api);
