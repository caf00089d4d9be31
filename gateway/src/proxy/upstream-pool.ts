import { type Dispatcher, Pool } from 'undici';

export interface UpstreamPoolOptions {
  /** The upstream's origin, e.g. `https://api.example.com`. */
  readonly upstreamUrl: string;
  /** Deadline of connecting, of the answer's headers and between its body chunks. */
  readonly timeoutMs: number;
}

/** The part of undici's callback API reply-from calls on the `undici` object it is given. */
export interface Requestable {
  request(
    options: Dispatcher.RequestOptions,
    callback: (error: Error | null, data: Dispatcher.ResponseData) => void,
  ): void;
}

/** The keep-alive connections the REST proxy sends through, as @fastify/http-proxy's pool. */
export interface UpstreamPool {
  /** What @fastify/http-proxy's `undici` option takes: every upstream request goes through it. */
  readonly requestable: Requestable;
  /** The pool itself, for the gateway's own requests: the micro-cache's fetches on a miss. */
  readonly dispatcher: Dispatcher;
  /**
   * Runs `send`, which must start its upstream request before it returns (reply-from does, as
   * nothing here retries), with `leaving` attached to that request: once it fires, the
   * upstream exchange ends wherever it is.
   */
  withSignal<T>(leaving: BrowserLeaving, send: () => T): T;
  /** Closes the connections once in-flight exchanges end. */
  close(): Promise<void>;
}

/**
 * One undici `Pool` to the upstream's origin, sized for throughput: as many keep-alive
 * connections as browsers' requests in flight (up to 256), one request each at a time (the
 * upstream's answers come back in order on a connection, so pipelining would make a quick
 * answer wait behind a slow one, and a POST is never pipelined), kept open for a minute of
 * quiet unless the upstream's `Keep-Alive` hint says less. Certificates are checked.
 */
export function createUpstreamPool(options: UpstreamPoolOptions): UpstreamPool {
  const { origin } = new URL(options.upstreamUrl);
  const pool = new Pool(origin, {
    connections: 256,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, rejectUnauthorized: true },
  });
  let signal: BrowserLeaving | undefined;
  return {
    dispatcher: pool,
    requestable: {
      request(requestOptions, callback) {
        // reply-from builds these options afresh for each request: adding to them is safe.
        if (signal) (requestOptions as { signal?: BrowserLeaving }).signal = signal;
        pool.request(requestOptions, callback);
      },
    },
    withSignal(next, send) {
      signal = next;
      try {
        return send();
      } finally {
        signal = undefined;
      }
    },
    close: () => pool.close(),
  };
}

/**
 * The abort signal of one browser's request, as undici takes it (an EventTarget with one
 * `abort` listener): fired when the browser leaves. An `AbortController` per request does the
 * same at several times the cost, on every request of the proxy's hot path.
 */
export class BrowserLeaving {
  aborted = false;
  reason: Error | undefined;
  #listener: (() => void) | undefined;

  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listener = listener;
  }

  removeEventListener(): void {
    this.#listener = undefined;
  }

  /** The browser left: undici ends the exchange with `reason`. */
  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
}
