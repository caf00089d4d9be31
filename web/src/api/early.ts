/**
 * Early reads: a GET the first screen needs, sent from the entry chunk while the REST client
 * (and the protocol's schemas under it) is still loading. The client's first matching call
 * takes the response in flight instead of sending its own, and reads it as any other answer
 * (envelope, schema, toasts). An early read nobody takes within `maxAgeMs` is dropped.
 */
import type { FetchLike } from '@pipstream/protocol';

/** Whose request an early read is: the same headers the client would send. */
export interface EarlyHeaders {
  readonly lang: string;
  readonly token: string | null;
}

export interface EarlyReadsOptions {
  readonly fetch?: FetchLike;
  readonly now?: () => number;
  /** How long an unclaimed early read stays usable (this project's choice: 10 s). */
  readonly maxAgeMs?: number;
}

interface EarlyRead {
  readonly key: string;
  readonly sentAt: number;
  readonly response: Promise<Response>;
}

export interface EarlyReads {
  /** Sends `GET origin+path` now, with `t` and the headers of SPEC §7, for a later call. */
  send(origin: string, path: string, headers: EarlyHeaders): void;
  /**
   * The response of an early read matching this request (GET, same path and query but `t`,
   * same `lang` and `authorization`), handed out once; `undefined` when there is none.
   */
  take(url: string, init: RequestInit): Promise<Response> | undefined;
}

/**
 * The public reads `/` and `/trade` wait for before they show anything (the trade list and the
 * categories), by call name, with the route table's paths: a test holds them equal.
 */
export const FIRST_SCREEN_READS = {
  tradeList: '/v1/api/forex/trade_list',
  categories: '/v1/api/forex/getCategories',
} as const;

const DEFAULT_MAX_AGE_MS = 10_000;

/** The request's identity: method, path and query without the `t` cache-buster, and whose. */
function keyOf(method: string, url: string, lang: string, token: string | null): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('t');
  parsed.searchParams.sort();
  return JSON.stringify([
    method.toUpperCase(),
    parsed.origin,
    parsed.pathname,
    parsed.search,
    lang,
    token,
  ]);
}

function headerOf(init: RequestInit, name: string): string | null {
  return new Headers(init.headers).get(name);
}

/** Creates a store of early reads over `fetch`. */
export function createEarlyReads(options: EarlyReadsOptions = {}): EarlyReads {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const pending: EarlyRead[] = [];

  return {
    send(origin, path, { lang, token }) {
      const url = new URL(path, origin);
      url.searchParams.set('t', String(now()));
      const headers: Record<string, string> = { lang };
      if (token) headers.authorization = token;
      const response = fetchImpl(url.href, { method: 'GET', headers });
      // Unclaimed, a failure must not surface as an unhandled rejection; a taker still sees it.
      response.catch(() => undefined);
      pending.push({ key: keyOf('GET', url.href, lang, token), sentAt: now(), response });
    },
    take(url, init) {
      // Every call of the app asks: after the first screen's reads, answer without parsing.
      if (pending.length === 0) return undefined;
      const key = keyOf(
        init.method ?? 'GET',
        url,
        headerOf(init, 'lang') ?? '',
        headerOf(init, 'authorization'),
      );
      const at = pending.findIndex((read) => read.key === key);
      if (at === -1) return undefined;
      const [read] = pending.splice(at, 1);
      return read && now() - read.sentAt <= maxAgeMs ? read.response : undefined;
    },
  };
}
