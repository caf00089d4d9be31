/**
 * The account feed: keeps the live worker's account inputs current. It hands the worker the
 * site's trade_fee_type, follows logins and logouts, and re-reads the orders and balance over
 * REST when the worker says they moved (a FOREX_CLOSED push, or a resync request), every
 * `HOLDINGS_REREAD_MS` while a holding is open and the app is on screen (nothing pushes a take
 * profit or stop loss changed on another device), and at once when the app comes back to the
 * foreground.
 */
import { subscribe } from 'valtio/vanilla';
import { liveWorker } from '../live/bridge.js';
import { live } from '../live/store.js';
import { session } from './session.js';
import { settings } from './settings.js';
import { refreshTrading, trading } from './trading.js';

/**
 * How long order signals are gathered before one refresh (this project's choice: a close of
 * several orders, or a resync after a reconnect, comes as a few batches a frame or two apart).
 */
export const SIGNAL_DEBOUNCE_MS = 150;

/**
 * How often the holdings are read again while one is open and the app is on screen: a stop
 * loss or take profit changed on another device shows here within this (this project's
 * choice, docs/product.md#trusting-live-figures: within 30 s, at one small read per holder).
 */
export const HOLDINGS_REREAD_MS = 20_000;

/** Whether the app is on screen, and its changes (the page's visibility). */
export interface PageVisibility {
  visible(): boolean;
  /** Calls `listener` on every change; returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

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
  /** The holdings as last read: re-read on a period while there is one. */
  readonly holdings?: { readonly holding: readonly unknown[] };
  /** Whether the app is on screen; without it, it always is. */
  readonly page?: PageVisibility;
  readonly rereadMs?: number;
  /**
   * Resolves when the feed may read (app/boot.ts: the first screen has shown and a stored
   * login has been checked); reads asked for before are made then, as one. A stored login is
   * read then too. Without it, reads go out at once.
   */
  readonly ready?: Promise<void>;
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
 * - A stored login at start is read once `ready` resolves: its check (an initial call) ends a
 *   dead session quietly, where a read of the orders would meet the 999 and send a visitor to
 *   /login.
 * - Order signals (closed ids, resync requests) are gathered for `debounceMs`; a burst costs
 *   one refresh, and the refresh itself shares reads already running.
 * - Until `ready` resolves, refreshes are held and then made as one.
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
  // Until `ready`: whether a read was asked for meanwhile (a stored login asks at once).
  let holding = deps.ready !== undefined;
  let askedWhileHolding = false;
  let stopped = false;
  deps.ready?.then(() => {
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
  const onSession = () => {
    const next = deps.session.token;
    if (next === token) return;
    token = next;
    Promise.resolve(deps.worker().setToken(next)).catch(reportFailure('setToken'));
    refresh();
  };
  if (token !== null) refresh();
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

  // The holdings, re-read on a period while one is open and the app is on screen; on coming
  // back to the foreground at once, the period starting again from there.
  const rereadMs = deps.rereadMs ?? HOLDINGS_REREAD_MS;
  const onScreen = () => deps.page?.visible() ?? true;
  let period: ReturnType<typeof setTimeout> | undefined;
  const restartPeriod = () => {
    if (period !== undefined) {
      clearTimeout(period);
      timers.delete(period);
    }
    period = later(rereadMs, () => {
      const holding = (deps.holdings?.holding.length ?? 0) > 0;
      if (deps.session.token !== null && holding && onScreen()) refresh();
      restartPeriod();
    });
  };
  if (deps.holdings) {
    restartPeriod();
    if (deps.page) {
      stops.push(
        deps.page.onChange(() => {
          if (!onScreen()) return;
          if (deps.session.token !== null) refresh();
          restartPeriod();
        }),
      );
    }
  }

  return () => {
    stopped = true;
    for (const stop of stops) stop();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}

/** The page's visibility (`document.visibilityState`), or always on screen without a document. */
function documentVisibility(): PageVisibility | undefined {
  if (typeof document === 'undefined') return undefined;
  return {
    visible: () => document.visibilityState !== 'hidden',
    onChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  };
}

let started = false;

/**
 * Starts the app's account feed (once; later calls do nothing), its reads held until `ready`
 * resolves (app/boot.ts), and the trailing stops with it.
 */
export function startAccountFeed(ready: Promise<void>): void {
  if (started) return;
  started = true;
  createAccountFeed({
    session,
    settings,
    signals: live.orders,
    worker: liveWorker,
    refresh: refreshTrading,
    ready,
    holdings: trading,
    page: documentVisibility(),
  });
  // The trailing stops move the account's stop losses: armed once the feed may read (a chunk
  // of its own: their shapes come with the protocol's schemas).
  void ready
    .then(() => import('./trailing-stops.js'))
    .then(({ startTrailingStops }) => startTrailingStops())
    .catch((error: unknown) => console.warn('trailing stops not armed', error));
}
