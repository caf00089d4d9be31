import type { Browser } from '../browsers/browser.js';
import type { SharedFrame } from '../wire/shared-frame.js';

/** A `login_result` a browser is owed. */
export type LoginAnswer = SharedFrame | string;

/** The longest a batch of answers holds the event loop before the rest waits a turn. */
export const ANSWER_SLICE_MS = 2;

/**
 * The login answers on their way to browsers, each browser's in order. A session's answer
 * reaches every browser logged in with it, each owed a few answers: written in one loop, a
 * thousand browsers' answers would stop every other socket's frames meanwhile. They are
 * written in slices of at most `sliceMs` instead, the rest after the event loop had a turn;
 * an answer for a browser that still has some waiting goes behind them.
 */
export function createLoginAnswers(sliceMs = ANSWER_SLICE_MS) {
  /** Insertion order: browsers are served first come, first served. */
  const waiting = new Map<Browser, LoginAnswer[]>();
  let scheduled = false;

  function writeSlice() {
    scheduled = false;
    const until = performance.now() + sliceMs;
    for (const [browser, answers] of waiting) {
      waiting.delete(browser);
      for (const answer of answers) browser.send(answer);
      if (performance.now() >= until) break;
    }
    if (waiting.size > 0) schedule();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(writeSlice);
  }

  return {
    /** Writes `answers` now, unless some are still on their way to `browser`. */
    send(browser: Browser, answers: readonly LoginAnswer[]): void {
      const queued = waiting.get(browser);
      if (queued) queued.push(...answers);
      else for (const answer of answers) browser.send(answer);
    },

    /** Writes `answers` in a coming slice, after any still on their way to `browser`. */
    queue(browser: Browser, answers: readonly LoginAnswer[]): void {
      if (answers.length === 0) return;
      const queued = waiting.get(browser);
      if (queued) queued.push(...answers);
      else waiting.set(browser, [...answers]);
      schedule();
    },

    /** Browsers with answers still to write. */
    get pending(): number {
      return waiting.size;
    },
  };
}

export type LoginAnswers = ReturnType<typeof createLoginAnswers>;
