import { describe, expect, it } from 'vitest';
import { EARLY_WORKER_GLOBAL, takeEarlyWorker } from './early-worker.js';

// Node has no Worker: a stand-in class plays the browser's, so `instanceof` means what it does
// in a page.
class FakeWorker {}

describe('takeEarlyWorker', () => {
  it('hands out the worker the page started, once', () => {
    const original = globalThis.Worker;
    globalThis.Worker = FakeWorker as unknown as typeof Worker;
    try {
      const worker = new FakeWorker();
      const scope: Record<string, unknown> = { [EARLY_WORKER_GLOBAL]: worker };
      expect(takeEarlyWorker(scope)).toBe(worker);
      expect(EARLY_WORKER_GLOBAL in scope).toBe(false);
      expect(takeEarlyWorker(scope)).toBeUndefined();
    } finally {
      globalThis.Worker = original;
    }
  });

  it('ignores anything else left under the name, and takes it away', () => {
    const original = globalThis.Worker;
    globalThis.Worker = FakeWorker as unknown as typeof Worker;
    try {
      const scope: Record<string, unknown> = { [EARLY_WORKER_GLOBAL]: { postMessage() {} } };
      expect(takeEarlyWorker(scope)).toBeUndefined();
      expect(EARLY_WORKER_GLOBAL in scope).toBe(false);
    } finally {
      globalThis.Worker = original;
    }
  });

  it('has nothing to hand out when the page started none', () => {
    expect(takeEarlyWorker({})).toBeUndefined();
  });
});
