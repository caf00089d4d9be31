import { describe, expect, it } from 'vitest';
import {
  canLoadMore,
  initialPagedState,
  type PagedAction,
  type PagedState,
  pagedReducer,
  pageToLoad,
} from './paged-list.js';

interface Row {
  id: number;
}

const reduce = pagedReducer<Row>((row) => row.id);
const rows = (...ids: number[]): Row[] => ids.map((id) => ({ id }));

/** Runs `actions` from an empty list. */
function run(...actions: PagedAction<Row>[]): PagedState<Row> {
  return actions.reduce(reduce, initialPagedState<Row>());
}

describe('paged list', () => {
  it('loads the first page, then appends pages until the total is reached', () => {
    let state = run({ type: 'start', mode: 'reset', request: 1 });
    expect(state).toMatchObject({ loading: 'reset', items: [], page: 0 });
    expect(pageToLoad(state, 'reset')).toBe(1);
    expect(canLoadMore(state)).toBe(false);

    state = reduce(state, { type: 'loaded', request: 1, page: 1, rows: rows(5, 4), total: 5 });
    expect(state).toMatchObject({ page: 1, total: 5, loading: null, end: false });
    expect(canLoadMore(state)).toBe(true);
    expect(pageToLoad(state, 'more')).toBe(2);

    state = reduce(state, { type: 'start', mode: 'more', request: 2 });
    expect(canLoadMore(state)).toBe(false);
    state = reduce(state, { type: 'loaded', request: 2, page: 2, rows: rows(3, 2), total: 5 });
    state = reduce(state, { type: 'start', mode: 'more', request: 3 });
    state = reduce(state, { type: 'loaded', request: 3, page: 3, rows: rows(1), total: 5 });
    expect(state.items.map((row) => row.id)).toEqual([5, 4, 3, 2, 1]);
    expect(state).toMatchObject({ page: 3, end: true });
    expect(canLoadMore(state)).toBe(false);
  });

  it('ends an empty list at once, and a list whose next page comes back empty', () => {
    const empty = run(
      { type: 'start', mode: 'reset', request: 1 },
      { type: 'loaded', request: 1, page: 1, rows: [], total: 0 },
    );
    expect(empty).toMatchObject({ items: [], end: true });

    const short = run(
      { type: 'start', mode: 'reset', request: 1 },
      { type: 'loaded', request: 1, page: 1, rows: rows(2, 1), total: 9 },
      { type: 'start', mode: 'more', request: 2 },
      { type: 'loaded', request: 2, page: 2, rows: [], total: 9 },
    );
    expect(short).toMatchObject({ end: true, page: 2 });
    expect(short.items).toHaveLength(2);
  });

  it('refreshes page 1 with the rows kept on screen until it answers', () => {
    let state = run(
      { type: 'start', mode: 'reset', request: 1 },
      { type: 'loaded', request: 1, page: 1, rows: rows(4, 3), total: 4 },
      { type: 'start', mode: 'more', request: 2 },
      { type: 'loaded', request: 2, page: 2, rows: rows(2, 1), total: 4 },
      { type: 'start', mode: 'refresh', request: 3 },
    );
    expect(state).toMatchObject({ loading: 'refresh', page: 2 });
    expect(state.items).toHaveLength(4);

    state = reduce(state, { type: 'loaded', request: 3, page: 1, rows: rows(9, 4), total: 5 });
    expect(state.items.map((row) => row.id)).toEqual([9, 4]);
    expect(state).toMatchObject({ page: 1, total: 5, end: false });
  });

  it('skips rows already shown when an insert pushed them onto the next page', () => {
    const state = run(
      { type: 'start', mode: 'reset', request: 1 },
      { type: 'loaded', request: 1, page: 1, rows: rows(5, 4), total: 5 },
      { type: 'start', mode: 'more', request: 2 },
      { type: 'loaded', request: 2, page: 2, rows: rows(4, 3), total: 6 },
    );
    expect(state.items.map((row) => row.id)).toEqual([5, 4, 3]);
  });

  it('ignores the answer of a load that a later one replaced', () => {
    const state = run(
      { type: 'start', mode: 'reset', request: 1 },
      { type: 'start', mode: 'reset', request: 2 },
      { type: 'loaded', request: 1, page: 1, rows: rows(1), total: 1 },
      { type: 'failed', request: 1 },
    );
    expect(state).toMatchObject({ loading: 'reset', items: [], error: null, request: 2 });
  });

  it('remembers which load failed and lets "more" be tried again', () => {
    let state = run(
      { type: 'start', mode: 'reset', request: 1 },
      { type: 'loaded', request: 1, page: 1, rows: rows(3), total: 3 },
      { type: 'start', mode: 'more', request: 2 },
      { type: 'failed', request: 2 },
    );
    expect(state).toMatchObject({ error: 'more', loading: null, page: 1 });
    expect(state.items).toHaveLength(1);
    expect(canLoadMore(state)).toBe(true);

    state = reduce(state, { type: 'start', mode: 'more', request: 3 });
    expect(state.error).toBeNull();

    const first = run({ type: 'start', mode: 'reset', request: 1 }, { type: 'failed', request: 1 });
    expect(first).toMatchObject({ error: 'reset', page: 0 });
    expect(canLoadMore(first)).toBe(false);
  });

  it('forgets everything on a reset, and keeps what the list is of', () => {
    let state = run(
      { type: 'start', mode: 'reset', request: 1, key: 'holding' },
      { type: 'loaded', request: 1, page: 1, rows: rows(1), total: 1 },
    );
    expect(state.key).toBe('holding');
    state = reduce(state, { type: 'start', mode: 'refresh', request: 2 });
    expect(state.key).toBe('holding');
    state = reduce(state, { type: 'start', mode: 'reset', request: 3, key: 'history' });
    expect(state).toEqual({
      ...initialPagedState(),
      key: 'history',
      loading: 'reset',
      request: 3,
    });
  });
});
