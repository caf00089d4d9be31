/**
 * The network as the main thread sees it (docs/product.md#connection-state): the browser's word,
 * one hint among others, and the moments the connection comes back, which whatever failed for
 * want of an answer waits for — a screen's code or read, the kept copy shown at an offline
 * start, the account's reads. None of them waits for the browser's `online` event alone: it may
 * never come while the path is dead and the phone says it is online.
 */
import { subscribe } from 'valtio/vanilla';
import { liveWorker } from '../live/bridge.js';
import { live } from '../live/store.js';

/** Whether the browser says it has no network; never outside a browser (unit tests, the build). */
export function browserOffline(): boolean {
  return globalThis.navigator?.onLine === false;
}

/** The first wait of the retries while the connection is not back (this project's choice). */
const FIRST_RETRY_MS = 2000;
/** Their longest wait: a screen left failed retries at least this often. */
const LAST_RETRY_MS = 30_000;

const onceTasks = new Set<() => void>();
const retries = new Set<() => void>();
/** How many retries ran since the connection last came back: the backoff's step. */
let step = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/**
 * Nothing has answered since the page started, a request went unanswered or the connection
 * stopped being live: the next answer is the connection coming back.
 */
let lost = true;
/** How many times the connection came back since the page started. */
let returns = 0;

/** Runs what waits for the connection: at its return or at a step of the backoff. */
function runWaiting(): void {
  const tasks = [...onceTasks, ...retries];
  onceTasks.clear();
  for (const task of tasks) task();
  scheduleRetry();
}

/** The connection came back: everything waiting runs now, and the backoff starts over. */
function cameBack(): void {
  lost = false;
  returns++;
  step = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  runWaiting();
}

/**
 * The next retry while something waits and the connection is not back: not live, or something
 * went unanswered since it was (a retry racing the network's return). The first after
 * FIRST_RETRY_MS, then twice as long each time, never more than LAST_RETRY_MS, with some jitter
 * so a crowd of phones does not retry in step. What a live connection refused waits for its next
 * return: a refusal retried on a timer would only say the same again.
 */
function scheduleRetry(): void {
  if (retryTimer !== undefined || (onceTasks.size === 0 && retries.size === 0)) return;
  if (live.connection.state === 'live' && !lost) return;
  const ceiling = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** step);
  retryTimer = setTimeout(
    () => {
      retryTimer = undefined;
      step++;
      runWaiting();
    },
    ceiling * (0.5 + Math.random() / 2),
  );
}

const warnUntold = (error: unknown) => console.warn('live: the network was not told', error);

/**
 * Follows the network for the page's life (app/boot.ts). The live worker is told what the
 * browser says of it, now and at every `online` and `offline` event: the page hears them at
 * once, where the worker's socket would notice a dead connection only by its silence. The
 * connection comes back at `online` and when it turns live (the socket reconnected); requests
 * say so themselves (`requestEnded`).
 */
export function followNetwork(): void {
  const tell = () => void liveWorker().setOnline(!browserOffline()).catch(warnUntold);
  tell();
  window.addEventListener('offline', tell);
  window.addEventListener('online', () => {
    tell();
    cameBack();
  });
  let wasLive = live.connection.state === 'live';
  subscribe(live.connection, () => {
    const isLive = live.connection.state === 'live';
    if (isLive === wasLive) return;
    wasLive = isLive;
    if (isLive) cameBack();
    else {
      lost = true;
      scheduleRetry();
    }
  });
}

/**
 * Runs `task` once, the next time the connection comes back — the browser's `online` event, the
 * connection turning live, a request answered after nothing did — or at the next retry of a
 * bounded backoff while it is not back. The same function handed over again is still run once.
 */
export function whenBack(task: () => void): void {
  onceTasks.add(task);
  scheduleRetry();
}

/**
 * Calls `retry` at each moment `whenBack` names, until the returned function is called: for
 * something that failed and stays failed until a retry succeeds (a screen, a list).
 */
export function retryUntilStopped(retry: () => void): () => void {
  retries.add(retry);
  scheduleRetry();
  return () => retries.delete(retry);
}

/**
 * How one of the app's requests ended: with an answer of the API's, or with none (no response,
 * or one that is not the API's — a captive portal's page). The live worker hears of it
 * (docs/product.md#connection-state); an answer after nothing answered is the connection coming
 * back.
 */
export function requestEnded(answered: boolean): void {
  void liveWorker().requestEnded(answered).catch(warnUntold);
  if (!answered) {
    lost = true;
    scheduleRetry();
  } else if (lost) cameBack();
}

/**
 * How many times the connection came back since the page started: what began before a return
 * and failed after it (a screen's load, whose failure React tells a moment later) missed the
 * return's retry, and can tell it did.
 */
export function connectionReturns(): number {
  return returns;
}
