import { type Dispatcher, Pool } from 'undici';
import { POOL_CONNECTIONS } from './limits.js';

export interface UpstreamPoolOptions {
  /** The upstream's origin, e.g. `https://api.example.com`. */
  readonly upstreamUrl: string;
  /** Deadline of connecting, of the answer's headers and between its body chunks. */
  readonly timeoutMs: number;
  /**
   * Forwarded requests of one address (its network: network.ts) in the pool at once; the rest
   * wait their turn in the order they came, their deadline running.
   */
  readonly perAddress: number;
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
   * nothing here retries), as `exchange`: counted against its address's share, ended when the
   * browser leaves or its deadline passes.
   */
  withExchange<T>(exchange: Exchange, send: () => T): T;
  /** Forwarded requests in the pool now, and waiting for their address's turn. */
  readonly load: { readonly inPool: number; readonly waiting: number };
  /** Closes the connections once in-flight exchanges end. */
  close(): Promise<void>;
}

type Callback = (error: Error | null, data: Dispatcher.ResponseData) => void;

interface Waiting {
  readonly exchange: Exchange;
  readonly options: Dispatcher.RequestOptions;
  readonly callback: Callback;
}

/** One address's requests: how many are in the pool, and the others in arrival order. */
interface AddressShare {
  inPool: number;
  readonly waiting: Waiting[];
}

/**
 * One undici `Pool` to the upstream's origin, sized for throughput: as many keep-alive
 * connections as browsers' requests in flight (up to 256), one request each at a time (the
 * upstream's answers come back in order on a connection, so pipelining would make a quick
 * answer wait behind a slow one, and a POST is never pipelined), kept open for a minute of
 * quiet unless the upstream's `Keep-Alive` hint says less. Certificates are checked.
 *
 * One address holds at most `perAddress` of the connections (from sending until the answer's
 * body is read or dropped), so that one client, however many requests it sends, leaves the
 * rest of the pool to everyone else; its other requests wait here in order. Each request's
 * deadline runs from its arrival (`Exchange`), waiting included: one that has not had the
 * answer's headers by then ends with a timeout, wherever it waits.
 */
export function createUpstreamPool(options: UpstreamPoolOptions): UpstreamPool {
  const { origin } = new URL(options.upstreamUrl);
  const pool = new Pool(origin, {
    connections: POOL_CONNECTIONS,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    connect: { timeout: options.timeoutMs, rejectUnauthorized: true },
  });
  const shares = new Map<string, AddressShare>();
  let inPool = 0;
  let waiting = 0;
  let current: Exchange | undefined;

  function send(exchange: Exchange, requestOptions: Dispatcher.RequestOptions, callback: Callback) {
    const share = shareOf(exchange.address);
    share.inPool++;
    inPool++;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      share.inPool--;
      inPool--;
      next(exchange.address, share);
    };
    // reply-from builds these options afresh for each request: adding to them is safe.
    (requestOptions as { signal?: Exchange }).signal = exchange;
    pool.request(requestOptions, (error, data) => {
      exchange.answered();
      if (error) release();
      // Its connection is the pool's again once the answer's body is read or dropped.
      else data.body.once('close', release);
      callback(error, data);
    });
  }

  /** Sends the next waiting request of `address` that is still wanted. */
  function next(address: string, share: AddressShare) {
    while (share.inPool < options.perAddress) {
      const first = share.waiting.shift();
      if (!first) break;
      waiting--;
      if (first.exchange.aborted) continue;
      first.exchange.removeEventListener();
      send(first.exchange, first.options, first.callback);
    }
    if (share.inPool === 0 && share.waiting.length === 0) shares.delete(address);
  }

  function shareOf(address: string): AddressShare {
    let share = shares.get(address);
    if (!share) {
      share = { inPool: 0, waiting: [] };
      shares.set(address, share);
    }
    return share;
  }

  function wait(share: AddressShare, entry: Waiting) {
    share.waiting.push(entry);
    waiting++;
    // Ended while waiting (the browser left, the deadline passed): it never reaches the pool.
    entry.exchange.addEventListener('abort', () => {
      const at = share.waiting.indexOf(entry);
      if (at !== -1) {
        share.waiting.splice(at, 1);
        waiting--;
      }
      entry.callback(entry.exchange.reason ?? new Error('aborted'), undefined as never);
    });
  }

  return {
    dispatcher: pool,
    requestable: {
      request(requestOptions, callback) {
        const exchange = current;
        if (!exchange) {
          pool.request(requestOptions, callback);
          return;
        }
        const share = shareOf(exchange.address);
        if (share.inPool < options.perAddress && share.waiting.length === 0) {
          send(exchange, requestOptions, callback);
        } else {
          wait(share, { exchange, options: requestOptions, callback });
        }
      },
    },
    withExchange(exchange, run) {
      current = exchange;
      try {
        return run();
      } finally {
        current = undefined;
      }
    },
    get load() {
      return { inPool, waiting };
    },
    close: () => pool.close(),
  };
}

/** An upstream request that ran out of time: `classifyFailure` names it a timeout. */
export class DeadlinePassed extends Error {
  override name = 'TimeoutError';
  constructor(timeoutMs: number) {
    super(`no answer within ${timeoutMs} ms of the request's arrival`);
  }
}

/**
 * One browser's forwarded request, from its arrival to the answer's headers: its address (what
 * its share of the pool is counted by) and its abort signal as undici takes it (an EventTarget
 * with one `abort` listener), fired when the browser leaves or when `timeoutMs` has passed
 * since it arrived with the answer's headers not back. An `AbortController` (or
 * `AbortSignal.timeout`) per request does the same at several times the cost, on every request
 * of the proxy's hot path.
 */
export class Exchange {
  aborted = false;
  reason: Error | undefined;
  #listener: (() => void) | undefined;
  #deadline: NodeJS.Timeout | undefined;

  constructor(
    readonly address: string,
    timeoutMs: number,
  ) {
    this.#deadline = setTimeout(() => this.abort(new DeadlinePassed(timeoutMs)), timeoutMs);
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listener = listener;
  }

  removeEventListener(): void {
    this.#listener = undefined;
  }

  /** The answer's headers came (or the request failed): the deadline no longer runs. */
  answered(): void {
    clearTimeout(this.#deadline);
    this.#deadline = undefined;
  }

  /** The browser left, or the deadline passed: the exchange ends with `reason`. */
  abort(reason: Error): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.answered();
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }
}
