/**
 * The flash of a quote's move: the price's overlay lights up on a move, stays lit while moves
 * keep coming, and fades out (a CSS transition) once none came for `holdMs`. One shared timer
 * sweeps every lit overlay, so a row costs a write when it lights and one when it fades — not a
 * restarted animation per tick, which the browser restyles on the main thread every frame
 * (under a storm of 10 ticks/s that was most of a phone's frame).
 */

/** What the sweeper touches of an overlay: structural, so tests hand it plain objects. */
export interface FlashTarget {
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/** Time and a one-shot timer (tests pass a manual clock). */
export interface FlashClock {
  now(): number;
  later(callback: () => void, ms: number): void;
}

const SYSTEM_CLOCK: FlashClock = {
  now: () => performance.now(),
  later: (callback, ms) => void setTimeout(callback, ms),
};

/** How long an overlay stays lit after the last move before it fades (this project's choice). */
export const FLASH_HOLD_MS = 450;

/**
 * How late the app's timer fades an overlay when no move came to do it (this project's choice):
 * under a stream of ticks, fades due by then are written with a move, in the frame the move
 * already costs, rather than in frames of their own.
 */
export const FLASH_SLACK_MS = 150;

export interface FlashSweeper {
  /** A move: `target` lights (`data-flash="on"`) or stays lit for another `holdMs`. */
  light(target: FlashTarget): void;
  /** No flash at all (`data-flash` removed): a row shown again does not replay an old one. */
  reset(target: FlashTarget): void;
}

/**
 * A sweeper fading overlays `holdMs` after their last move (`data-flash="off"`). Fades that are
 * due are written at the next `light` (any overlay's), else by a timer `slackMs` after they fall
 * due.
 */
export function createFlashSweeper(
  holdMs: number = FLASH_HOLD_MS,
  clock: FlashClock = SYSTEM_CLOCK,
  slackMs = 0,
): FlashSweeper {
  /** Lit overlays by the time of their last move. */
  const lit = new Map<FlashTarget, number>();
  let scheduled = false;
  /** No lit overlay is due before this (it may be earlier than the truth, never later). */
  let firstDue = Number.POSITIVE_INFINITY;

  function schedule(ms: number) {
    if (scheduled) return;
    scheduled = true;
    clock.later(onTimer, ms + slackMs);
  }

  /** Fades the overlays due at `now`; returns when the next one falls due. */
  function fadeDue(now: number): number {
    let nextDue = Number.POSITIVE_INFINITY;
    for (const [target, movedAt] of lit) {
      const due = movedAt + holdMs;
      if (due <= now) {
        target.setAttribute('data-flash', 'off');
        lit.delete(target);
      } else if (due < nextDue) {
        nextDue = due;
      }
    }
    firstDue = nextDue;
    return nextDue;
  }

  function onTimer() {
    scheduled = false;
    const now = clock.now();
    const nextDue = fadeDue(now);
    if (lit.size > 0) schedule(nextDue - now);
  }

  return {
    light(target) {
      const now = clock.now();
      if (firstDue <= now) fadeDue(now);
      if (!lit.has(target)) target.setAttribute('data-flash', 'on');
      lit.set(target, now);
      if (now + holdMs < firstDue) firstDue = now + holdMs;
      schedule(holdMs);
    },
    reset(target) {
      lit.delete(target);
      target.removeAttribute('data-flash');
    },
  };
}

/** The app's sweeper, shared by every quote row. */
export const quoteFlash = createFlashSweeper(FLASH_HOLD_MS, SYSTEM_CLOCK, FLASH_SLACK_MS);
