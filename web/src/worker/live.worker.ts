/**
 * The live Web Worker: owns the realtime socket and every live figure, and posts the main thread
 * one batch of changes per animation frame at most (docs/architecture.md#batches).
 */
import '../schema-policy.js';
import { expose } from 'comlink';
import type { LiveWorkerApi } from './contract.js';
import { createLiveCore } from './core.js';
import { readFirstAnswer } from './first-answers.js';
import { warmNumberFormatting } from './warm-intl.js';

const core = createLiveCore();
let warmed = false;

const api: LiveWorkerApi = {
  ...core,
  // ICU's number data, shared with the page, is loaded while the socket's handshake is in
  // flight (see warm-intl.ts): after the socket is asked for, so the handshake does not wait on
  // it, and before the first quotes, so their paint on the page does not.
  connect(options) {
    core.connect(options);
    if (warmed) return;
    warmed = true;
    setTimeout(warmNumberFormatting, 0);
  },
  readFirstAnswer,
  // A plain port rather than a comlink callback: a proxied call posts an answer back and walks
  // comlink's wire format for every batch, which the main thread pays for at each tick.
  postBatchesTo(port) {
    core.onBatch((batch) => port.postMessage(batch));
  },
};

expose(api);
