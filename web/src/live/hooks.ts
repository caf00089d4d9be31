/**
 * Per-row hooks over the live state. Each hook snapshots one row's own proxy, so a tick
 * re-renders only the components whose row changed. Whether the row exists at all is watched
 * apart, by identity: adding or removing another row never re-renders them either.
 */
import { useCallback, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio/react';
import { proxy, type Snapshot, subscribe } from 'valtio/vanilla';
import { usePageActive } from '../nav/page-activity.js';
import type {
  AccountView,
  CandleView,
  ConnectionView,
  EstimateView,
  HoldingView,
  QuoteView,
  RiskView,
} from '../worker/contract.js';
import { live, type OrderSignals, subscribeRow, subscribeSlot } from './store.js';
import { holdingWatch, quoteWatch, watchAccount } from './watch.js';

/** Stands in for a missing row, so the hooks run the same either way; it never changes. */
const NO_ROW = proxy({});

/**
 * The snapshot of `parent[key]` while it is an object, else `undefined`. Re-renders when that
 * object's leaves change or when it appears, disappears or is replaced.
 */
function useSlot<P extends object, K extends keyof P>(
  parent: P,
  key: K,
): Snapshot<NonNullable<P[K]>> | undefined {
  const subscribeParent = useCallback(
    (onChange: () => void) => subscribe(parent, onChange),
    [parent],
  );
  const getSlot = useCallback(() => parent[key], [parent, key]);
  const slot = useSyncExternalStore(subscribeParent, getSlot, getSlot);
  const target = (typeof slot === 'object' && slot !== null ? slot : NO_ROW) as object;
  const snapshot = useSnapshot(target);
  return target === NO_ROW ? undefined : (snapshot as Snapshot<NonNullable<P[K]>>);
}

/**
 * One instrument's live quote, or `undefined` before it has one. While the caller is mounted on
 * a visible screen it watches the id, so the worker posts that quote (and only watched ones);
 * a hidden kept-alive screen keeps its last values without watching.
 */
export function useQuote(instrumentId: number): Snapshot<QuoteView> | undefined {
  const active = usePageActive();
  useEffect(() => (active ? quoteWatch.watch(instrumentId) : undefined), [active, instrumentId]);
  return useSlot(live.quotes, instrumentId);
}

/** Writes one quote into the DOM: `initial` on (re)subscribing, when no move should flash. */
export type QuotePaint = (quote: QuoteView | undefined, initial: boolean) => void;

/**
 * One instrument's live quote handed to `paint` — before the first paint, then after every
 * change — with no React render: the hot path of a screen that shows many quotes writes its
 * figures straight into the DOM, React keeps the structure. Watches the id like `useQuote`
 * while the screen is visible. A new `paint` (keep it stable) repaints as `initial`.
 */
export function useQuotePaint(instrumentId: number, paint: QuotePaint): void {
  const active = usePageActive();
  useEffect(() => (active ? quoteWatch.watch(instrumentId) : undefined), [active, instrumentId]);
  useLayoutEffect(() => {
    paint(live.quotes[instrumentId], true);
    return subscribeRow(live.quotes, instrumentId, (quote) => paint(quote, false));
  }, [instrumentId, paint]);
}

/**
 * While the caller's screen is visible, holds `orderId`: the worker posts that holding's
 * figures (and only watched ones), its current figures at once when watched anew.
 */
function useWatchHolding(orderId: number): void {
  const active = usePageActive();
  useEffect(() => (active ? holdingWatch.watch(orderId) : undefined), [active, orderId]);
}

/** While the caller's screen is visible, has the worker post the account figures. */
function useWatchAccount(): void {
  const active = usePageActive();
  useEffect(() => (active ? watchAccount() : undefined), [active]);
}

/**
 * One holding order's live figures handed to `paint` — before the first paint, then after every
 * change — with no React render (see `useQuotePaint`). Watches the order like `useHolding`.
 * A new `paint` (keep it stable) repaints.
 */
export function useHoldingPaint(
  orderId: number,
  paint: (holding: HoldingView | undefined) => void,
): void {
  useWatchHolding(orderId);
  useLayoutEffect(() => {
    paint(live.holdings[orderId]);
    return subscribeRow(live.holdings, orderId, paint);
  }, [orderId, paint]);
}

/**
 * The account figures handed to `paint` (`undefined` for a visitor) before the first paint and
 * after every change, with no React render. Watches them like `useAccount`. A new `paint` (keep
 * it stable) repaints.
 */
export function useAccountPaint(paint: (account: AccountView | undefined) => void): void {
  useWatchAccount();
  useLayoutEffect(() => {
    paint(live.account ?? undefined);
    return subscribeSlot(live, 'account', paint);
  }, [paint]);
}

/**
 * One holding order's live price and P&L, or `undefined` once it is closed (or unknown). While
 * the caller is mounted on a visible screen it watches the order, so the worker posts its figures.
 */
export function useHolding(orderId: number): Snapshot<HoldingView> | undefined {
  useWatchHolding(orderId);
  return useSlot(live.holdings, orderId);
}

/**
 * Balance, used and free margin, floating P&L, equity and risk rate; `undefined` for a visitor.
 * While the caller is mounted on a visible screen it watches them, so the worker posts them.
 */
export function useAccount(): Snapshot<AccountView> | undefined {
  useWatchAccount();
  return useSlot(live, 'account');
}

/** The order form's estimated margin and fee; `undefined` while it cannot be computed. */
export function useOrderEstimate(): Snapshot<EstimateView> | undefined {
  return useSlot(live, 'estimate');
}

/** The connection state (offline / connecting / live / reconnecting) and the socket login. */
export function useConnection(): Snapshot<ConnectionView> {
  return useSnapshot(live.connection);
}

/** The latest candle of the watched instrument and period, `undefined` before the first. */
export function useLatestCandle(): Snapshot<CandleView> | undefined {
  return useSlot(live, 'candle');
}

/** Closed order ids and resync requests, as counters for effects to depend on. */
export function useOrderSignals(): Snapshot<OrderSignals> {
  return useSnapshot(live.orders);
}

/** The margin warning state (band, crossings, levels) for the banner and the order screen. */
export function useRisk(): Snapshot<RiskView> {
  return useSnapshot(live.risk);
}

/**
 * One flag of an instrument's quote, as `read` takes it from the quote (`undefined` before the
 * worker has one). Re-renders only when the flag flips, not on every tick, so a list can ask
 * it per row. Watches the id like `useQuote` while the screen is visible.
 */
function useQuoteFlag(
  instrumentId: number,
  read: (quote: QuoteView | undefined) => boolean,
): boolean {
  const active = usePageActive();
  useEffect(() => (active ? quoteWatch.watch(instrumentId) : undefined), [active, instrumentId]);
  const subscribeQuote = useCallback(
    (onChange: () => void) => subscribeRow(live.quotes, instrumentId, onChange),
    [instrumentId],
  );
  const flag = () => read(live.quotes[instrumentId]);
  return useSyncExternalStore(subscribeQuote, flag, flag);
}

/** Whether one instrument's quote is delayed (see `QuoteView.delayed`); `true` before the worker has it. */
export function useQuoteDelayed(instrumentId: number): boolean {
  return useQuoteFlag(instrumentId, (quote) => quote?.delayed ?? true);
}

/**
 * Whether one instrument's market is closed (see `QuoteView.closed`), as its latest quote or
 * the trade list last said; `listedClosed` (what the caller's own trade list says) until the
 * worker has the quote.
 */
export function useMarketClosed(instrumentId: number, listedClosed = false): boolean {
  return useQuoteFlag(instrumentId, (quote) => quote?.closed ?? listedClosed);
}
