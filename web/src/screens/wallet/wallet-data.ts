/**
 * The wallet screens' reads that are not paged: the bound payout methods and the withdraw
 * currencies of a kind. Failures have been toasted by the API layer; the screens offer a retry.
 */
import type { DrawSymbol, WithdrawMethod } from '@pipstream/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/index.js';
import { useRetryWhenBack } from '../../widgets/back-online.js';
import type { DrawKind } from './wallet-methods.js';

export interface Loaded<T> {
  /** The last answer for the current key; `null` until the first one arrives. */
  readonly data: T | null;
  /** The last read failed (and nothing newer has arrived). */
  readonly failed: boolean;
  /** Reads again, keeping what is shown until the answer; resolves once it settled. */
  readonly reload: () => Promise<void>;
}

/**
 * Reads `load` on mount and whenever `key` changes; a newer read cancels the one running, and
 * unmounting cancels it too, so an answer for another key never shows.
 */
export function useLoaded<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ key: string; data: T | null; failed: boolean }>({
    key,
    data: null,
    failed: false,
  });
  const latest = useRef(load);
  latest.current = load;
  const running = useRef<AbortController | null>(null);

  const read = useCallback(async (forKey: string) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    try {
      const data = await latest.current(controller.signal);
      if (!controller.signal.aborted) setState({ key: forKey, data, failed: false });
    } catch {
      if (!controller.signal.aborted) {
        setState((before) => ({
          key: forKey,
          data: before.key === forKey ? before.data : null,
          failed: true,
        }));
      }
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  useEffect(() => {
    void read(key);
    return () => running.current?.abort();
  }, [key, read]);

  const reload = useCallback(() => read(key), [key, read]);
  // Until the new key's answer arrives, the old key's data is not shown as its own.
  const current = state.key === key ? state : { data: null, failed: false };
  // A read that failed (no signal, say) is tried again once the connection is back.
  useRetryWhenBack(current.failed, reload);
  return { data: current.data, failed: current.failed, reload };
}

/** The bound methods of a kind (`get_draw_method`), every currency. */
export function useDrawMethods(kind: DrawKind): Loaded<WithdrawMethod[]> {
  return useLoaded(`methods-${kind}`, (signal) =>
    api.call('getDrawMethod', { draw_type: kind }, { signal }),
  );
}

/** The withdraw currencies of a kind (`draw_symbol_list`). */
export function useDrawSymbols(kind: DrawKind): Loaded<DrawSymbol[]> {
  return useLoaded(`symbols-${kind}`, (signal) =>
    api.call('drawSymbolList', { type: kind }, { signal }),
  );
}
