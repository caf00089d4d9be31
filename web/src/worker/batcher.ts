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
}

/**
 * Collects change sets and hands `flush` one merged batch per frame at most. Nothing is
 * scheduled while nothing is pending, so an idle market costs no frames.
 */
export function createBatcher<T>(options: BatcherOptions<T>) {
  const schedule = options.schedule ?? nextFrame;
  let pending: T | undefined;
  let cancel: (() => void) | undefined;

  function flush() {
    const batch = pending;
    pending = undefined;
    if (batch !== undefined) options.flush(batch);
  }

  function onFrame() {
    cancel = undefined;
    flush();
  }

  return {
    /** Adds a change set to the batch of the next frame; `next` is not kept or mutated. */
    push(next: T): void {
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
