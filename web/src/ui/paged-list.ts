/**
 * A paged list as a pure reducer (docs/product.md#states: lists load by page, appending, and finish
 * when the loaded count reaches the total; pull-to-refresh resets to page 1). `usePagedList` runs
 * it.
 */

/**
 * How a load starts: `reset` forgets what was shown (first load, another filter), `refresh`
 * re-reads page 1 while the rows stay on screen, `more` appends the next page.
 */
export type LoadMode = 'reset' | 'refresh' | 'more';

export interface PagedState<T> {
  /** What the rows are of (a tab, a filter), as the last reset named it. */
  readonly key: string | null;
  readonly items: readonly T[];
  /** Pages loaded so far; 0 before the first one. */
  readonly page: number;
  /** The list's total as the last page gave it; `null` before the first page. */
  readonly total: number | null;
  /** The load running now, if any. */
  readonly loading: LoadMode | null;
  /** Every row is loaded: nothing more to ask for. */
  readonly end: boolean;
  /** The load that failed last, cleared by the next one. */
  readonly error: LoadMode | null;
  /** The id of the latest load; answers of earlier ones are ignored. */
  readonly request: number;
}

export type PagedAction<T> =
  | {
      readonly type: 'start';
      readonly mode: LoadMode;
      readonly request: number;
      /** For a reset: what the list shows from now on. */
      readonly key?: string;
    }
  | {
      readonly type: 'loaded';
      readonly request: number;
      readonly page: number;
      readonly rows: readonly T[];
      readonly total: number;
    }
  | { readonly type: 'failed'; readonly request: number };

/** A list with nothing loaded yet. */
export function initialPagedState<T>(): PagedState<T> {
  return {
    key: null,
    items: [],
    page: 0,
    total: null,
    loading: null,
    end: false,
    error: null,
    request: 0,
  };
}

/** The page a load of `mode` asks for. */
export function pageToLoad(state: PagedState<unknown>, mode: LoadMode): number {
  return mode === 'more' ? state.page + 1 : 1;
}

/**
 * Whether "load more" may start now: the first page is in, nothing is loading and the end is
 * not reached. A failed "more" may be tried again.
 */
export function canLoadMore(state: PagedState<unknown>): boolean {
  return state.page > 0 && state.loading === null && !state.end;
}

/**
 * The reducer of a list whose rows are told apart by `keyOf`. An appended page drops rows
 * already shown: a row inserted at the top while paging pushes the others down a page.
 */
export function pagedReducer<T>(
  keyOf: (row: T) => string | number,
): (state: PagedState<T>, action: PagedAction<T>) => PagedState<T> {
  return (state, action) => {
    switch (action.type) {
      case 'start':
        if (action.mode === 'reset') {
          return {
            ...initialPagedState<T>(),
            key: action.key ?? state.key,
            loading: 'reset',
            request: action.request,
          };
        }
        return { ...state, loading: action.mode, error: null, request: action.request };
      case 'loaded': {
        if (action.request !== state.request) return state;
        let items: readonly T[];
        if (action.page === 1) {
          items = action.rows;
        } else {
          const shown = new Set(state.items.map(keyOf));
          items = [...state.items, ...action.rows.filter((row) => !shown.has(keyOf(row)))];
        }
        return {
          ...state,
          items,
          page: action.page,
          total: action.total,
          loading: null,
          end: action.rows.length === 0 || items.length >= action.total,
          error: null,
        };
      }
      case 'failed':
        if (action.request !== state.request) return state;
        return { ...state, loading: null, error: state.loading };
    }
  };
}

export interface PagedList<T> extends PagedState<T> {
  /** Appends the next page, unless one is loading or the end is reached. */
  loadMore(): void;
  /** Re-reads page 1, keeping the rows on screen until it answers; resolves when done. */
  refresh(): Promise<void>;
  /** Tries the load that failed again (the first page, or the next one). */
  retry(): void;
}
