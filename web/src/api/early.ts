/**
 * Early reads: the GETs the first screen needs, sent from the entry chunk at once, before any
 * REST client has loaded. The app's first call of each takes the response in flight instead of
 * sending its own (see `api.call`). An early read nobody takes within `maxAgeMs` is dropped.
 */
import type { FetchLike, RawAnswer } from '@pipstream/protocol';
import type { FirstAnswer } from '../worker/contract.js';

/**
 * The first screen's reads, by call name, with the route table's paths (a test holds them equal to
 * the protocol's `firstScreenRoutes`): the startup check (docs/product.md#states), and the trade
 * list and categories `/` and `/trade` wait for before they show anything.
 */
export const FIRST_SCREEN_READS = {
  companyStatus: '/api/company/getCompanyStatus',
  tradeList: '/v1/api/forex/trade_list',
  categories: '/v1/api/forex/getCategories',
} as const;

export type FirstScreenRead = keyof typeof FIRST_SCREEN_READS;

/** Whether `name` is one of the first screen's reads. */
export function isFirstScreenRead(name: string): name is FirstScreenRead {
  return Object.hasOwn(FIRST_SCREEN_READS, name);
}

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

export interface EarlyReads {
  /** Sends `GET origin + path of name` now, with `t` and the headers of docs/product.md#calls. */
  send(name: FirstScreenRead, origin: string, headers: EarlyHeaders): void;
  /**
   * The response of the early read of `name` sent with the same `lang` and token, handed out
   * once and while fresh; `undefined` when there is none (the caller then sends its own).
   */
  take(name: string, headers: EarlyHeaders): Promise<Response> | undefined;
  /**
   * Keeps `data` as the answer of `name` for `headers`, as if read now: what the page itself
   * carried (app/first-screen.ts), so the app does not ask again.
   */
  keep(name: FirstScreenRead, headers: EarlyHeaders, data: unknown): void;
}

interface EarlyRead {
  readonly key: string;
  readonly sentAt: number;
  readonly response: Promise<Response>;
}

const DEFAULT_MAX_AGE_MS = 10_000;

/** The read's identity: which call, and whose (a language or user change makes another). */
const keyOf = (name: string, { lang, token }: EarlyHeaders) => JSON.stringify([name, lang, token]);

/** Creates a store of early reads over `fetch`. */
export function createEarlyReads(options: EarlyReadsOptions = {}): EarlyReads {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const pending: EarlyRead[] = [];

  return {
    send(name, origin, who) {
      const url = new URL(FIRST_SCREEN_READS[name], origin);
      url.searchParams.set('t', String(now()));
      const headers: Record<string, string> = { lang: who.lang };
      if (who.token) headers.authorization = who.token;
      const response = fetchImpl(url.href, { method: 'GET', headers });
      // Unclaimed, a failure must not surface as an unhandled rejection; a taker still sees it.
      response.catch(() => undefined);
      pending.push({ key: keyOf(name, who), sentAt: now(), response });
    },
    keep(name, who, data) {
      // The upstream's envelope with its success code (docs/product.md#calls).
      const text = JSON.stringify({ code: 1, msg: '', data });
      const response = Promise.resolve(new Response(text, { status: 200 }));
      pending.push({ key: keyOf(name, who), sentAt: now(), response });
    },
    take(name, who) {
      if (pending.length === 0) return undefined;
      const key = keyOf(name, who);
      const at = pending.findIndex((read) => read.key === key);
      if (at === -1) return undefined;
      const [read] = pending.splice(at, 1);
      return read && now() - read.sentAt <= maxAgeMs ? read.response : undefined;
    },
  };
}

/** A call of the app's client: `name`, then its arguments. */
export type CallOf = (name: string, ...args: unknown[]) => Promise<unknown>;

export interface EarlyCallDeps {
  readonly reads: EarlyReads;
  /** Whose calls these are now: the current language and token. */
  readonly who: () => EarlyHeaders;
  /** Checks an answer's text against its call's schema (the live worker's `readFirstAnswer`). */
  readonly check: (name: FirstScreenRead, answer: RawAnswer) => Promise<FirstAnswer>;
  /** Makes the call the usual way. */
  readonly call: CallOf;
}

/**
 * `call`, but a first-screen read made without arguments is answered by its early read when
 * there is one (sent for the same language and user) and its answer checks out. When the read
 * failed in any way — network, an error code, a broken answer — the call is made again the
 * usual way, which toasts, handles 999 and logs as for any call.
 */
export function answeringEarly({ reads, who, check, call }: EarlyCallDeps): CallOf {
  return (name, ...args) => {
    if (args.length > 0 || !isFirstScreenRead(name)) return call(name, ...args);
    const response = reads.take(name, who());
    if (response === undefined) return call(name, ...args);
    return response
      .then(async (answer) => check(name, { status: answer.status, text: await answer.text() }))
      .catch((): FirstAnswer => ({ ok: false }))
      .then((answer) => (answer.ok ? answer.data : call(name, ...args)));
  };
}
