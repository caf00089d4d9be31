import type { RawAnswer } from './rest-answer.js';
import type { BuiltRequest } from './rest-request.js';

/** The subset of `fetch` the client uses; any WHATWG-compatible implementation fits. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Makes the error of an exchange that produced no answer, from its code and message. */
export type FailureFactory = (code: string, msg: string, cause?: unknown) => Error;

/**
 * Sends a request and reads its whole body, settling within `timeoutMs` whatever the network
 * or the `fetch` implementation does: the deadline covers connecting, headers and body, and is
 * enforced by our own timer rather than trusted to the signal alone. Rejects with the error
 * `fail` makes of `TIMEOUT`, `ABORTED`, a system code such as `ECONNREFUSED`, or `NETWORK`.
 */
export function exchange(
  fetchImpl: FetchLike,
  request: BuiltRequest,
  timeoutMs: number,
  signal: AbortSignal | undefined,
  fail: FailureFactory,
): Promise<RawAnswer> {
  return new Promise<RawAnswer>((resolve, reject) => {
    const controller = new AbortController();
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      finish();
    };
    const stop = (failure: Error) => {
      settle(() => reject(failure));
      // Tears down the connection; the fetch's own rejection then lands on a settled promise.
      controller.abort();
    };
    const onAbort = () => stop(fail('ABORTED', 'cancelled'));
    const timer = setTimeout(
      () => stop(fail('TIMEOUT', `no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });

    fetchImpl(request.url, { ...request.init, signal: controller.signal })
      .then(async (response) => ({ status: response.status, text: await response.text() }))
      .then(
        (answer) => settle(() => resolve(answer)),
        (error: unknown) => settle(() => reject(failureOf(error, fail))),
      );
  });
}

/** Names a fetch failure by the system code when the platform exposes one (Node's undici does). */
function failureOf(error: unknown, fail: FailureFactory): Error {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = systemCode(cause) ?? systemCode(error) ?? 'NETWORK';
  const detail = cause instanceof Error ? cause.message : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return fail(code, detail ? `${message}: ${detail}` : message, error);
}

function systemCode(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if ('code' in value && typeof value.code === 'string') return value.code;
  // Node reports a failed dual-stack connect as an AggregateError of per-address failures.
  if (value instanceof AggregateError) return systemCode(value.errors[0]);
  return undefined;
}
