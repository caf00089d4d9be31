import { DEFAULT_LANGUAGE } from '../languages.js';
import type { RequestOf, ResponseOf, RouteDef } from '../routes/define.js';
import { readAnswer } from './rest-answer.js';
import { flagsOf, NetworkError } from './rest-errors.js';
import { buildRequest } from './rest-request.js';
import { exchange, type FetchLike } from './rest-transport.js';

export { type RawAnswer, readAnswer, type Success } from './rest-answer.js';
export {
  ApiError,
  ApiInputError,
  ApiProtocolError,
  ClientError,
  NetworkError,
} from './rest-errors.js';
export { type BuiltRequest, buildRequest, type RequestTarget } from './rest-request.js';
export type { FetchLike } from './rest-transport.js';

/** Any route table: call name → route. */
export type RouteTable = Readonly<Record<string, RouteDef>>;

/** Which call is running, for the UI's loading indicator and toasts. */
export interface CallInfo {
  readonly name: string;
  readonly route: RouteDef;
  /** The caller tells how the call went itself (`CallOptions.quiet`). */
  readonly quiet?: boolean;
}

/**
 * How a call ended. `msg` is the envelope's message of a success (toasted for `toastOnSuccess`
 * calls); `error` is a `ClientError` unless one of the option functions itself threw.
 */
export type CallEnd = CallInfo &
  ({ readonly ok: true; readonly msg: string } | { readonly ok: false; readonly error: unknown });

export interface RestClientOptions {
  /** API host, e.g. `https://api.example.com`. */
  readonly baseUrl: string;
  /** Host of `host: 'provider'` routes; default `baseUrl`. */
  readonly providerUrl?: string;
  /** Host of `host: 'origin'` routes (`/manifest.json`); default `baseUrl`. */
  readonly originUrl?: string;
  /** Current token, read on every call; none means no `authorization` header. */
  readonly getToken?: () => string | undefined | null;
  /** Current language for the `lang` header, read on every call; default `DEFAULT_LANGUAGE`. */
  readonly getLang?: () => string;
  /** Default `globalThis.fetch`, looked up at call time. */
  readonly fetch?: FetchLike;
  /** Deadline of a whole call, connect to last body byte; default 15 000 ms. */
  readonly timeoutMs?: number;
  /** Clock of the `t` parameter; default `Date.now`. */
  readonly now?: () => number;
  /** Check answers against the response schemas (and apply their transforms); default true. */
  readonly validateResponses?: boolean;
  /** Called once when a call starts, before its input is checked. */
  readonly onStart?: (info: CallInfo) => void;
  /** Called once when a call ends, whichever way. */
  readonly onEnd?: (info: CallEnd) => void;
}

export interface CallOptions {
  /** Aborting rejects the call with a `NetworkError` whose `cancelled` is true. */
  readonly signal?: AbortSignal;
  /**
   * The caller tells how the call went in its own words: no toast of its success or failure
   * (a 999 still ends the session, and the loading indicator still shows).
   */
  readonly quiet?: boolean;
}

/** The input may be left out when the request schema accepts an empty object. */
type CallArgs<R extends RouteDef> =
  Record<never, never> extends RequestOf<R>
    ? [input?: RequestOf<R>, options?: CallOptions]
    : undefined extends RequestOf<R>
      ? [input?: RequestOf<R>, options?: CallOptions]
      : [input: RequestOf<R>, options?: CallOptions];

export interface RestClient<Routes extends RouteTable> {
  readonly routes: Routes;
  /**
   * Makes one call of the table. Resolves the answer's `data` (or the raw document); rejects
   * with an `ApiInputError`, `ApiError`, `ApiProtocolError` or `NetworkError`.
   */
  call<K extends keyof Routes & string>(
    name: K,
    ...args: CallArgs<Routes[K]>
  ): Promise<ResponseOf<Routes[K]>>;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A typed REST client over any route table (docs/product.md#calls, #errors): `lang` and
 * `authorization` on every call, `t` on GET and DELETE, input checked before anything is sent,
 * answers read from the `{code, msg, data}` envelope. Uses only fetch, URL and FormData, so it
 * runs alike in Node, the browser and a Web Worker.
 */
export function createRestClient<Routes extends RouteTable>(
  routes: Routes,
  options: RestClientOptions,
): RestClient<Routes> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) {
    throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}`);
  }
  // Called unbound, as browsers require of fetch; resolved late so a replaced global is honoured.
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const now = options.now ?? Date.now;
  const validate = options.validateResponses ?? true;

  async function send(name: string, input: unknown, callOptions?: CallOptions) {
    const route = routes[name];
    if (!route) throw new TypeError(`unknown route: ${name}`);
    const info: CallInfo = callOptions?.quiet ? { name, route, quiet: true } : { name, route };
    options.onStart?.(info);
    let end: CallEnd;
    let data: unknown;
    try {
      const request = buildRequest(route, input, {
        baseUrl: options.baseUrl,
        providerUrl: options.providerUrl,
        originUrl: options.originUrl,
        token: options.getToken?.(),
        lang: options.getLang?.() ?? DEFAULT_LANGUAGE,
        t: now(),
        name,
      });
      const flags = flagsOf(route);
      const fail = (code: string, msg: string, cause?: unknown) =>
        new NetworkError({ route: name, flags, code, msg, cause });
      const answer = await exchange(fetchImpl, request, timeoutMs, callOptions?.signal, fail);
      const success = readAnswer(route, name, answer, validate);
      data = success.data;
      end = { ...info, ok: true, msg: success.msg };
    } catch (error) {
      end = { ...info, ok: false, error };
    }
    options.onEnd?.(end);
    if (!end.ok) throw end.error;
    return data;
  }

  return {
    routes,
    call: send as RestClient<Routes>['call'],
  };
}
