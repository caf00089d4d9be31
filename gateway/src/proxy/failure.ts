import { CODE } from '@pipstream/protocol';

/** Why the gateway answered instead of the upstream. */
export type UpstreamFailure = 'timeout' | 'unavailable';

/** The envelope a browser gets when the upstream cannot answer, and its HTTP status. */
export interface FailureAnswer {
  readonly status: 502 | 504;
  readonly body: { code: number; msg: string; data: null };
}

/**
 * The answer for a failure: the same `{code, msg, data}` envelope as every upstream answer, so
 * the client toasts `msg` like any other refusal (docs/product.md#errors).
 */
export function failureAnswer(failure: UpstreamFailure, timeoutMs: number): FailureAnswer {
  return failure === 'timeout'
    ? {
        status: 504,
        body: {
          code: CODE.UPSTREAM_TIMEOUT,
          msg: `The trading server did not answer within ${timeoutMs / 1000} s. Please try again.`,
          data: null,
        },
      }
    : {
        status: 502,
        body: {
          code: CODE.UPSTREAM_UNAVAILABLE,
          msg: 'The trading server cannot be reached right now. Please try again in a moment.',
          data: null,
        },
      };
}

/** The codes of undici's deadlines: connecting, the answer's headers, between body chunks. */
const UNDICI_TIMEOUTS: ReadonlySet<unknown> = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * Names a failed upstream exchange. An undici deadline (connect, headers, body), the deadline
 * counted from the request's arrival (upstream-pool.ts) or an error with status 504 is a
 * timeout; anything else (refused, reset, DNS) means the upstream is unavailable. A fetch
 * aborted by its `AbortSignal.timeout` rejects with a `TimeoutError`. reply-from wraps what it
 * does not know in an error of its own: its `cause` is looked at too.
 */
export function classifyFailure(error: unknown, depth = 0): UpstreamFailure {
  if (typeof error !== 'object' || error === null) return 'unavailable';
  if ('code' in error && UNDICI_TIMEOUTS.has(error.code)) return 'timeout';
  if ('statusCode' in error && error.statusCode === 504) return 'timeout';
  if ('name' in error && error.name === 'TimeoutError') return 'timeout';
  if ('cause' in error && depth < 3) return classifyFailure(error.cause, depth + 1);
  return 'unavailable';
}
