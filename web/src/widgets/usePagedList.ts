import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import {
  canLoadMore,
  initialPagedState,
  type LoadMode,
  type PagedList,
  type PagedState,
  pagedReducer,
  pageToLoad,
} from '../ui/paged-list.js';
import { useRetryWhenBack } from './back-online.js';

export type { PagedList } from '../ui/paged-list.js';

/** One page as the list needs it: its rows and the list's total. */
export interface PageOf<T> {
  readonly rows: readonly T[];
  readonly total: number;
}

export interface PagedListOptions<T> {
  /**
   * What the list shows (a tab, a filter). A new key starts again from page 1 with an empty
   * list; the same key keeps the rows.
   */
  readonly key: string;
  /** Fetches one page (pages start at 1); abort `signal` when the answer is no longer wanted. */
  readonly fetchPage: (page: number, signal: AbortSignal) => Promise<PageOf<T>>;
  /** Tells rows apart (an order's Id). Read once, when the list mounts. */
  readonly keyOf: (row: T) => string | number;
}

const RESETTING: PagedState<never> = { ...initialPagedState<never>(), loading: 'reset' };

/** The state of a list whose first page is on its way. */
function resetting<T>(): PagedState<T> {
  return RESETTING;
}

/**
 * A paged list over `fetchPage` (docs/product.md#states paging): the first page on mount and on
 * every new `key`, then `loadMore`, `refresh` and `retry` (by itself too, once the connection is
 * back after a failure). A newer load cancels the one running, and the running one is cancelled
 * on unmount, so no stale page is ever shown.
 */
export function usePagedList<T>({ key, fetchPage, keyOf }: PagedListOptions<T>): PagedList<T> {
  const [reducer] = useState(() => pagedReducer(keyOf));
  const [state, dispatch] = useReducer(reducer, undefined, initialPagedState<T>);
  // The callbacks read the latest of these, so they keep one identity for the list's life.
  const latest = useRef(state);
  latest.current = state;
  const fetchLatest = useRef(fetchPage);
  fetchLatest.current = fetchPage;
  const keyLatest = useRef(key);
  keyLatest.current = key;
  const running = useRef<{ controller: AbortController; mode: LoadMode } | null>(null);
  const requests = useRef(0);

  const load = useCallback(async (mode: LoadMode): Promise<void> => {
    const current = latest.current;
    if (mode === 'more' && (running.current !== null || !canLoadMore(current))) return;
    running.current?.controller.abort();
    const controller = new AbortController();
    const mine = { controller, mode };
    running.current = mine;
    const request = ++requests.current;
    const page = pageToLoad(current, mode);
    dispatch({ type: 'start', mode, request, key: keyLatest.current });
    try {
      const { rows, total } = await fetchLatest.current(page, controller.signal);
      if (!controller.signal.aborted) dispatch({ type: 'loaded', request, page, rows, total });
    } catch {
      // The API layer has told the user; the list keeps what it shows and offers a retry.
      if (!controller.signal.aborted) dispatch({ type: 'failed', request });
    } finally {
      if (running.current === mine) running.current = null;
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key reloads from page 1.
  useEffect(() => {
    void load('reset');
    return () => {
      running.current?.controller.abort();
      running.current = null;
    };
  }, [key, load]);

  const loadMore = useCallback(() => void load('more'), [load]);
  const refresh = useCallback(() => load('refresh'), [load]);
  const retry = useCallback(() => {
    const { page, error } = latest.current;
    void load(page === 0 ? 'reset' : error === 'refresh' ? 'refresh' : 'more');
  }, [load]);

  // A load that failed (no signal, say) is tried again once the connection is back.
  useRetryWhenBack(state.error !== null, retry);

  // Until the new key's first load starts, the rows of the old one are not shown as its own.
  const shown = state.key === key ? state : resetting<T>();
  return { ...shown, loadMore, refresh, retry };
}
