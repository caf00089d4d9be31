import { useCallback, useEffect, useRef, useState } from 'react';
import { useRetryWhenBack } from './back-online.js';

/** Something read from the server for a screen: the deposit choices, the verification state. */
export interface Remote<T> {
  /** The last answer for the current key; `undefined` until one arrives. */
  readonly data: T | undefined;
  /** The last read failed (`data` keeps any earlier answer). */
  readonly failed: boolean;
  /**
   * Reads again; the data stays on screen until the new answer replaces it. Resolves when the
   * read has settled, whichever way (never rejects).
   */
  reload(): Promise<void>;
  /** Shows `data` at once (what a command just made true) until the next answer. */
  set(data: T): void;
}

interface Held<T> {
  readonly key: string | null;
  readonly data?: T;
  readonly failed: boolean;
}

/**
 * Reads `load` once per `key` (none while `key` is `null`), cancelling a read whose key has
 * changed or whose screen has closed, so an answer never lands under another key. Failures
 * were toasted by the API layer; the caller offers `reload`.
 */
export function useRemote<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
): Remote<T> {
  const [held, setHeld] = useState<Held<T>>({ key: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;
  /** Callers of `reload` waiting for the read it started. */
  const reloads = useRef<(() => void)[]>([]);
  const latestKey = useRef(key);
  latestKey.current = key;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for another read.
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setHeld((before) => (before.key === key ? { ...before, failed: false } : before));
    const settled = () => {
      for (const resolve of reloads.current.splice(0)) resolve();
    };
    latestLoad.current(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        setHeld({ key, data, failed: false });
        settled();
      },
      () => {
        if (controller.signal.aborted) return;
        setHeld((before) => ({
          key,
          data: before.key === key ? before.data : undefined,
          failed: true,
        }));
        settled();
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        // Nothing to read while there is no key.
        if (latestKey.current === null) return resolve();
        reloads.current.push(resolve);
        setAttempt((n) => n + 1);
      }),
    [],
  );
  const set = useCallback((data: T) => setHeld({ key, data, failed: false }), [key]);
  const current = held.key === key ? held : { data: undefined, failed: false };
  // A read that failed (no signal, say) is tried again once the connection is back.
  useRetryWhenBack(current.failed, reload);
  return { data: current.data, failed: current.failed, reload, set };
}
