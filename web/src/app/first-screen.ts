/**
 * When the first screen has shown its data: start-up work it does not show waits for that.
 * On a low-end phone the main thread is the bottleneck of the first seconds: every answer
 * parsed and every store update made before the first quotes delays them.
 */

/** What `firstScreenShown` watches and how it waits; tests pass fakes. */
export interface FirstScreenDeps {
  /** The page opened on a screen that waits for the trade list (`/`, `/trade`). */
  readonly opensOnQuotes: boolean;
  /** The trade list has arrived (the first screen renders its rows). */
  readonly loaded: () => boolean;
  /** Calls `listener` on changes of the state `loaded` reads; returns the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Runs `task` when the main thread is next idle (or at the latest after `timeoutMs`). */
  readonly whenIdle: (task: () => void, timeoutMs: number) => void;
  /** Runs `task` after `ms`; returns a function that cancels it. */
  readonly after: (ms: number, task: () => void) => () => void;
  /**
   * The longest wait for the trade list: a failed or slow read must not hold the work back
   * for good (this project's choice: 3 s).
   */
  readonly deadlineMs?: number;
  /** The longest wait for an idle moment once the list is in (this project's choice: 1 s). */
  readonly idleTimeoutMs?: number;
}

const DEFAULT_DEADLINE_MS = 3000;
const DEFAULT_IDLE_TIMEOUT_MS = 1000;

/**
 * Resolves once the first screen has shown: at once when the page opens elsewhere; otherwise
 * at the first idle moment after the trade list has arrived (its rows render and the first
 * quotes paint before), or after `deadlineMs` when the list does not come.
 */
export function firstScreenShown(deps: FirstScreenDeps): Promise<void> {
  if (!deps.opensOnQuotes) return Promise.resolve();
  return new Promise((resolve) => waitForList(deps, resolve));
}

function waitForList(deps: FirstScreenDeps, shown: () => void): void {
  let waiting = true;
  const stopWaiting = () => {
    if (!waiting) return;
    waiting = false;
    unsubscribe();
    cancelDeadline();
  };
  const onChange = () => {
    if (!waiting || !deps.loaded()) return;
    stopWaiting();
    deps.whenIdle(shown, deps.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS);
  };
  const unsubscribe = deps.subscribe(onChange);
  const cancelDeadline = deps.after(deps.deadlineMs ?? DEFAULT_DEADLINE_MS, () => {
    stopWaiting();
    shown();
  });
  onChange();
}

/**
 * The browser's idle callback, or a short timeout where there is none (Safari before 18.x
 * without the flag).
 */
export function whenBrowserIdle(task: () => void, timeoutMs: number): void {
  if (typeof requestIdleCallback === 'function') {
    requestIdleCallback(() => task(), { timeout: timeoutMs });
  } else {
    setTimeout(task, Math.min(timeoutMs, 200));
  }
}
