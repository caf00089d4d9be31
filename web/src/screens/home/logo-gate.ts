/**
 * Holds the quote rows' logos back until the first quotes are on screen. Logos are decorative
 * (the code is written beside them), but each image's response is a loading task the browser
 * runs on the main thread ahead of posted messages: a screen of rows starting its logos at once
 * keeps the worker's first quotes waiting behind them on a slow phone. Until the gate opens a
 * row shows its initial in the logo's circle, the same size, so nothing moves.
 */

export interface LogoGate {
  /** Whether logos show. */
  isOpen(): boolean;
  /** Calls `listener` once when the gate opens; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** A quote has been painted: the gate opens in a task of its own, after that paint. */
  quoteShown(): void;
}

export interface LogoGateOptions {
  /** Opens the gate anyway this long after the first row asked, when no quote comes. */
  readonly fallbackMs: number;
  /** Runs `task` after `ms` (default `setTimeout`). */
  readonly after?: (ms: number, task: () => void) => void;
}

/** A closed gate that opens after the first painted quote, or after `fallbackMs` without one. */
export function createLogoGate({
  fallbackMs,
  after = (ms, task) => void setTimeout(task, ms),
}: LogoGateOptions): LogoGate {
  let open = false;
  let opening = false;
  let waiting = false;
  const listeners = new Set<() => void>();

  function openNow() {
    if (open) return;
    open = true;
    for (const listener of listeners) listener();
    listeners.clear();
  }

  return {
    isOpen: () => open,
    subscribe(listener) {
      if (open) return () => {};
      listeners.add(listener);
      if (!waiting) {
        waiting = true;
        after(fallbackMs, openNow);
      }
      return () => listeners.delete(listener);
    },
    quoteShown() {
      if (open || opening) return;
      opening = true;
      after(0, openNow);
    },
  };
}

/**
 * The app's gate: shared by every quote list, so it opens once per page; rows mounted later
 * (scrolled into view, another screen) show their logos at once. 1.5 s without any quote (the
 * socket down) is long enough to not compete with them and short enough to not look broken
 * (this project's choice).
 */
export const logoGate = createLogoGate({ fallbackMs: 1500 });
