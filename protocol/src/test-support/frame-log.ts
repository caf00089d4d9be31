/**
 * What a test socket has received, and a wait for the first frame (past or future) that a test
 * looks for. The mock's socket tests and the gateway's hub tests read their frames this way.
 */

export interface FrameLog<F> {
  /** Every frame so far, in arrival order. */
  readonly frames: F[];
  /** Records a frame and wakes the waits it may answer. */
  push(frame: F): void;
  /** Resolves with the first recorded frame, past or future, that `match` accepts. */
  next(match: (frame: F) => boolean, timeoutMs?: number): Promise<F>;
}

export function createFrameLog<F>(): FrameLog<F> {
  const frames: F[] = [];
  const waiters = new Set<() => boolean>();
  return {
    frames,
    push(frame) {
      frames.push(frame);
      for (const wake of waiters) wake();
    },
    next(match, timeoutMs = 3000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = frames.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching frame within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
}
