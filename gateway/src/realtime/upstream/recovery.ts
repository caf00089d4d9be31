import { subscribe, unsubscribe } from 'node:diagnostics_channel';

/**
 * What the hub's upstream sockets share to come back together: a socket whose reconnect is
 * waiting out its backoff registers here, and the moment the upstream is seen answering again —
 * any upstream socket opening, or a REST answer from the upstream's origin — every waiting
 * reconnect is tried at once, instead of each sleeping out a delay that grew during the outage.
 */
export interface RecoveryBus {
  /** A reconnect waits; `retryNow` tries it at once. Returns the function that withdraws it. */
  waiting(retryNow: () => void): () => void;
  /** The upstream answered: every waiting reconnect is tried now. */
  answered(): void;
  /** Stops watching REST answers. */
  close(): void;
}

/** undici's `undici:request:headers` message: the request's origin and the answer's status. */
interface HeadersMessage {
  readonly request?: { readonly origin?: unknown };
  readonly response?: { readonly statusCode?: unknown };
}

const REST_ANSWERS = 'undici:request:headers';

/**
 * A recovery bus. With `restOrigin` (the upstream's `http(s)://host[:port]`), an answer from it
 * below 500 counts too: the gateway's REST proxy and its own reads go through undici, which
 * publishes every answer's headers on a diagnostics channel — watched only while a reconnect
 * waits, so a healthy gateway pays nothing for it. A 5xx may come from a balancer in front of
 * an upstream that is still down, so it does not count.
 */
export function createRecoveryBus(restOrigin?: string): RecoveryBus {
  const retries = new Set<() => void>();
  let watching = false;

  function onRestAnswer(message: unknown) {
    const { request, response } = message as HeadersMessage;
    const origin = request?.origin;
    const from = typeof origin === 'string' ? origin : origin instanceof URL ? origin.origin : '';
    if (from.replace(/\/$/, '') !== restOrigin) return;
    if (typeof response?.statusCode === 'number' && response.statusCode < 500) answered();
  }

  function watch(on: boolean) {
    if (restOrigin === undefined || on === watching) return;
    watching = on;
    if (on) subscribe(REST_ANSWERS, onRestAnswer);
    else unsubscribe(REST_ANSWERS, onRestAnswer);
  }

  function answered() {
    if (retries.size === 0) return;
    const now = [...retries];
    retries.clear();
    watch(false);
    for (const retry of now) retry();
  }

  return {
    waiting(retryNow) {
      retries.add(retryNow);
      watch(true);
      return () => {
        retries.delete(retryNow);
        if (retries.size === 0) watch(false);
      };
    },
    answered,
    close() {
      retries.clear();
      watch(false);
    },
  };
}
