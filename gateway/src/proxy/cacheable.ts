import { type RouteName, routes } from '@pipstream/protocol';

/**
 * The public GETs every client makes on open, micro-cached beside the routes the table flags
 * `cacheable`: trade list, both kline histories and news list answer the same to every visitor
 * for a given query and language.
 */
const OPENING_CALLS: readonly RouteName[] = [
  'tradeList',
  'categories',
  'abbreviatedKline',
  'kline',
  'basicInfo',
  'newsList',
  'areaList',
  'companyStatus',
];

/** Paths on the API host whose token-free GET answers may be shared between browsers. */
export const CACHEABLE_PATHS: ReadonlySet<string> = new Set(
  Object.entries(routes)
    .filter(
      ([name, route]) =>
        route.method === 'GET' &&
        route.access === 'public' &&
        (route.host ?? 'api') === 'api' &&
        (route.cacheable === true || OPENING_CALLS.includes(name as RouteName)),
    )
    .map(([, route]) => route.path),
);

/**
 * The `t` cache-buster (docs/product.md#calls): different on every call, meaningless to the answer.
 */
const CACHE_BUSTER = 't';

/**
 * The micro-cache key of a request: its path, its query without `t` (parameters sorted, so that
 * the same question asked in another order shares the answer) and its `lang` header — the only
 * header a token-free answer depends on, and the only one the cached fetch forwards.
 */
export function cacheKey(url: string, lang: string | undefined): string {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  const query = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  query.delete(CACHE_BUSTER);
  query.sort();
  return `${path}?${query.toString()}\n${lang ?? ''}`;
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}
