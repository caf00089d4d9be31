/**
 * Coalesces change sets into at most one message per animation frame: a phone repaints at most
 * that often, so posting more would only queue structured clones and renders it cannot show.
 */

/** Runs `callback` once at the next frame; returns what cancels it. */
export type FrameScheduler = (callback: () => void) => () => void;

/** About one frame at 60 Hz, for workers without requestAnimationFrame. */
export const FRAME_FALLBACK_MS = 16;

/**
 * The next animation frame: `requestAnimationFrame` where the global scope has one (windows,
 * and dedicated workers in Chromium and Firefox), otherwise a ~16 ms timer.
 */
export const nextFrame: FrameScheduler = (callback) => {
  const scope = globalThis as {
    requestAnimationFrame?: (callback: () => void) => number;
    cancelAnimationFrame?: (handle: number) => void;
  };
  if (typeof scope.requestAnimationFrame === 'function') {
    const handle = scope.requestAnimationFrame(callback);
    return () => scope.cancelAnimationFrame?.(handle);
  }
  const timer = setTimeout(callback, FRAME_FALLBACK_MS);
  return () => clearTimeout(timer);
};

export interface BatcherOptions<T> {
  /** A fresh, empty batch to merge change sets into. */
  empty: () => T;
  /** Folds a change set into the pending batch (latest value per key wins) and returns it. */
  merge: (into: T, next: T) => T;
  /** Receives each merged batch. */
  flush: (batch: T) => void;
  /** Default `nextFrame`. */
  schedule?: FrameScheduler;
  /**
   * Holds a frame's flush while the last change set came less than this many ms ago, so the
   * inputs of one market step (a DAY_MARKET frame, then its FOREX_TRADE push) leave in one
   * message instead of straddling two frames. Default 0: every frame flushes.
   */
  settleMs?: number;
  /** The longest a change set waits for the batch to settle, ms (default 3 frames' worth). */
  maxWaitMs?: number;
  /** The clock for `settleMs` (default `performance.now`). */
  now?: () => number;
}

/**
 * Collects change sets and hands `flush` one merged batch per frame at most. Nothing is
 * scheduled while nothing is pending, so an idle market costs no frames. With `settleMs`, a
 * frame that comes right after a change set passes to the next one (up to `maxWaitMs`).
 */
export function createBatcher<T>(options: BatcherOptions<T>) {
  const schedule = options.schedule ?? nextFrame;
  const settleMs = options.settleMs ?? 0;
  const maxWaitMs = options.maxWaitMs ?? 3 * FRAME_FALLBACK_MS;
  const now = options.now ?? (() => performance.now());
  let pending: T | undefined;
  let cancel: (() => void) | undefined;
  /** When the pending batch got its first and its latest change set. */
  let firstAt = 0;
  let lastAt = 0;

  function flush() {
    const batch = pending;
    pending = undefined;
    if (batch !== undefined) options.flush(batch);
  }

  function onFrame() {
    cancel = undefined;
    if (settleMs > 0 && pending !== undefined) {
      const at = now();
      if (at - lastAt < settleMs && at - firstAt < maxWaitMs) {
        cancel = schedule(onFrame);
        return;
      }
    }
    flush();
  }

  return {
    /** Adds a change set to the batch of the next frame; `next` is not kept or mutated. */
    push(next: T): void {
      if (settleMs > 0) {
        lastAt = now();
        if (pending === undefined) firstAt = lastAt;
      }
      pending = options.merge(pending ?? options.empty(), next);
      cancel ??= schedule(onFrame);
    },
    /** Flushes what is pending now, without waiting for the frame. */
    flushNow(): void {
      cancel?.();
      cancel = undefined;
      flush();
    },
    /** Drops what is pending and the scheduled frame. */
    cancel(): void {
      cancel?.();
      cancel = undefined;
      pending = undefined;
    },
  };
}
