/**
 * The account feed: keeps the live worker's account inputs current. It hands the worker the
 * site's trade_fee_type, follows logins and logouts, and re-reads the orders and balance over
 * REST when the worker says they moved (a FOREX_CLOSED push, or a resync request).
 */
import { subscribe } from 'valtio/vanilla';
import { session } from '../state/session.js';
import { settings } from '../state/settings.js';
import { refreshTrading, trading } from '../state/trading.js';
import { liveWorker } from './bridge.js';
import { live } from './store.js';

/**
 * How long order signals are gathered before one refresh (this project's choice: a close of
 * several orders, or a resync after a reconnect, comes as a few batches a frame or two apart).
 */
export const SIGNAL_DEBOUNCE_MS = 150;

/**
 * How long the first read waits for the startup check of a stored login (this project's
 * choice). `user/info` is an initial call, so a dead stored token ends silently there; reading
 * `my_deal` first would meet the 999 on a non-initial call and send the visitor to /login.
 */
export const SESSION_CHECK_MS = 5000;

/** What the feed watches and drives; tests pass plain proxies and recorders. */
export interface AccountFeedDeps {
  readonly session: { readonly token: string | null; readonly user: unknown };
  readonly settings: { readonly base: { readonly trade_fee_type: number } | null };
  readonly signals: { readonly resyncSeq: number; readonly closedSeq: number };
  readonly worker: () => {
    setToken(token: string | null): unknown;
    setFeeType(tradeFeeType: number): unknown;
  };
  /** Re-reads the orders and balance; clears them when logged out. */
  readonly refresh: () => Promise<void>;
  readonly debounceMs?: number;
  readonly sessionCheckMs?: number;
  /**
   * Resolves once the first screen has shown (app/first-screen.ts): reads asked for before are
   * made then, as one. Loading the REST client and its schemas for a logged-in user's orders
   * (the socket's login asks for a resync) cost the main thread ~0.15 s at 4× CPU slow-down,
   * in the middle of the first quotes' render. Without it, reads go out at once.
   */
  readonly firstScreen?: Promise<void>;
}

function reportFailure(action: string) {
  return (error: unknown) => console.warn(`account feed: ${action} failed`, error);
}

/**
 * Starts the feed over `deps`; returns a function that stops it.
 *
 * - trade_fee_type goes to the worker when the base settings load and whenever it changes.
 * - A token change goes to the worker at once (the socket logs in or out; the route guard's
 *   `connect()` passes the token on navigations too, and the worker ignores a repeat), then
 *   the orders are read for the new login, or cleared.
 * - A stored login at start is read once the startup check has answered for it (the user is
 *   replaced or the token changes), or after `sessionCheckMs` at the latest.
 * - Order signals (closed ids, resync requests) are gathered for `debounceMs`; a burst costs
 *   one refresh, and the refresh itself shares reads already running.
 * - Until `firstScreen` resolves, refreshes are held and then made as one.
 */
export function createAccountFeed(deps: AccountFeedDeps): () => void {
  const debounceMs = deps.debounceMs ?? SIGNAL_DEBOUNCE_MS;
  const stops: (() => void)[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
    return timer;
  };
  // Until the first screen has shown: whether a read was asked for meanwhile.
  let holding = deps.firstScreen !== undefined;
  let askedWhileHolding = false;
  let stopped = false;
  deps.firstScreen?.then(() => {
    holding = false;
    if (askedWhileHolding && !stopped) void deps.refresh();
  });
  const refresh = () => {
    if (holding) askedWhileHolding = true;
    else void deps.refresh();
  };

  // trade_fee_type, now and on every change.
  let feeType: number | undefined;
  const pushFeeType = () => {
    const next = deps.settings.base?.trade_fee_type;
    if (next === undefined || next === feeType) return;
    feeType = next;
    Promise.resolve(deps.worker().setFeeType(next)).catch(reportFailure('setFeeType'));
  };
  pushFeeType();
  stops.push(subscribe(deps.settings, pushFeeType));

  // Logins and logouts.
  let token = deps.session.token;
  let waitingForCheck: { user: unknown; timer: ReturnType<typeof setTimeout> } | undefined;
  const stopWaiting = () => {
    if (!waitingForCheck) return;
    clearTimeout(waitingForCheck.timer);
    timers.delete(waitingForCheck.timer);
    waitingForCheck = undefined;
  };
  const onSession = () => {
    const next = deps.session.token;
    if (next !== token) {
      token = next;
      stopWaiting();
      Promise.resolve(deps.worker().setToken(next)).catch(reportFailure('setToken'));
      refresh();
      return;
    }
    if (waitingForCheck && deps.session.user !== waitingForCheck.user) {
      stopWaiting();
      refresh();
    }
  };
  if (token !== null) {
    const timer = later(deps.sessionCheckMs ?? SESSION_CHECK_MS, () => {
      waitingForCheck = undefined;
      refresh();
    });
    waitingForCheck = { user: deps.session.user, timer };
  }
  stops.push(subscribe(deps.session, onSession));

  // Order signals from the worker.
  let seen = { resync: deps.signals.resyncSeq, closed: deps.signals.closedSeq };
  let gathering: ReturnType<typeof setTimeout> | undefined;
  stops.push(
    subscribe(deps.signals, () => {
      const now = { resync: deps.signals.resyncSeq, closed: deps.signals.closedSeq };
      if (now.resync === seen.resync && now.closed === seen.closed) return;
      seen = now;
      if (gathering !== undefined) return;
      gathering = later(debounceMs, () => {
        gathering = undefined;
        refresh();
      });
    }),
  );

  return () => {
    stopped = true;
    for (const stop of stops) stop();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}

let started = false;

/**
 * Starts the app's account feed (once; later calls do nothing), its reads held until
 * `firstScreen` resolves. Called from main.tsx.
 */
export function startAccountFeed(firstScreen: Promise<void>): void {
  if (started) return;
  started = true;
  createAccountFeed({
    session,
    settings,
    signals: live.orders,
    worker: liveWorker,
    refresh: refreshTrading,
    firstScreen,
  });
  // Fills and closes are announced from the first screen on; the code for it loads then.
  void firstScreen
    .then(() => import('./order-news.js'))
    .then(({ announceOrderNews }) => announceOrderNews(trading, live.orders))
    .catch((error: unknown) => console.warn('order news not started', error));
}
