/**
 * The main thread's copy of the live figures, as a valtio proxy. Each quote and holding is its
 * own proxied row, and batches are applied leaf by leaf: a row whose values did not change is
 * not written, so valtio notifies only the subscribers of rows that did.
 */
import type { FiredAlert } from '@pipstream/protocol';
import { proxy, ref, subscribe } from 'valtio/vanilla';
import type {
  AccountView,
  CandleView,
  ConnectionView,
  EstimateView,
  HoldingView,
  LiveBatch,
  QuoteView,
  RiskView,
  TrailMove,
} from '../worker/contract.js';
import { feedChart } from './chart-feed.js';

/** Order events the screens react to, as counters that move (effects depend on them). */
export interface OrderSignals {
  /** Ids named by the latest FOREX_CLOSED push(es): a detail panel showing one closes. */
  closedIds: number[];
  /** Moves with every batch of closed ids. */
  closedSeq: number;
  /** Moves when the orders and the balance should be re-read over REST. */
  resyncSeq: number;
}

/** Price alerts the worker fired, for the main thread to tell and mark (state/alerts.ts). */
export interface AlertSignals {
  /** The alerts of the latest batch that carried any. */
  fired: readonly FiredAlert[];
  /** Moves with every such batch. */
  seq: number;
}

/** Stop losses the trailing stops ask to set, for the main thread to send (state/trailing-stops.ts). */
export interface TrailSignals {
  /** The moves of the latest batch that carried any. */
  moves: readonly TrailMove[];
  /** Moves with every such batch. */
  seq: number;
}

export interface LiveState {
  connection: ConnectionView;
  /** By instrument id. */
  quotes: Record<number, QuoteView>;
  /** By order id. */
  holdings: Record<number, HoldingView>;
  /** `null` while no balance is known (a visitor). */
  account: AccountView | null;
  /** `null` while the form cannot be estimated (no instrument, price or lots yet). */
  estimate: EstimateView | null;
  candle: CandleView | null;
  /** Margin warnings: posted on every screen, whether the account figures are shown or not. */
  risk: RiskView;
  orders: OrderSignals;
  alerts: AlertSignals;
  trails: TrailSignals;
}

/** A fresh, empty live state (the app uses `live`; tests make their own). */
export function createLiveState(): LiveState {
  return proxy<LiveState>({
    // Until the worker's first batch: the socket is on its way, not known to be down.
    connection: { state: 'connecting', loggedIn: false, accountPaused: false },
    quotes: {},
    holdings: {},
    account: null,
    estimate: null,
    candle: null,
    risk: { band: 0, crossings: 0, level: null, riskRateText: '--', stopOutLevel: null },
    orders: { closedIds: [], closedSeq: 0, resyncSeq: 0 },
    alerts: { fired: ref([]), seq: 0 },
    trails: { moves: ref([]), seq: 0 },
  });
}

/** The app's live state. */
export const live = createLiveState();

/** Writes the leaves of `source` that differ into `target`; the others are not touched. */
function assignLeaves<T extends object>(target: T, source: T) {
  for (const key of Object.keys(source) as (keyof T)[]) {
    if (!Object.is(target[key], source[key])) target[key] = source[key];
  }
}

function applyRows<V extends object>(table: Record<number, V>, rows: Map<number, V | null>) {
  for (const [id, row] of rows) {
    const current = table[id];
    if (row === null) {
      if (current !== undefined) delete table[id];
    } else if (current === undefined) {
      table[id] = { ...row };
    } else {
      assignLeaves(current, row);
    }
  }
}

/** `next` applied to the slot holding `current`: kept and updated in place when both exist. */
function applyObject<V extends object>(current: V | null, next: V | null): V | null {
  if (next === null) return null;
  if (current === null) return { ...next };
  assignLeaves(current, next);
  return current;
}

/** Applies one batch from the worker to `state` (default the app's `live`). */
export function applyBatch(batch: LiveBatch, state: LiveState = live): void {
  if (batch.connection) assignLeaves(state.connection, batch.connection);
  if (batch.quotes) applyRows(state.quotes, batch.quotes);
  if (batch.holdings) applyRows(state.holdings, batch.holdings);
  // Reassigning the same proxy is a no-op for valtio, so updated objects notify only by leaf.
  if (batch.account !== undefined) state.account = applyObject(state.account, batch.account);
  if (batch.estimate !== undefined) state.estimate = applyObject(state.estimate, batch.estimate);
  if (batch.candle !== undefined) state.candle = applyObject(state.candle, batch.candle);
  if (batch.risk) assignLeaves(state.risk, batch.risk);
  if (batch.closed) {
    state.orders.closedIds = batch.closed;
    state.orders.closedSeq++;
  }
  if (batch.resync) state.orders.resyncSeq++;
  if (batch.alerts) {
    state.alerts.fired = ref(batch.alerts);
    state.alerts.seq++;
  }
  if (batch.trails) {
    state.trails.moves = ref(batch.trails);
    state.trails.seq++;
  }
  feedChart(batch);
}

/**
 * Calls `listener` with `parent[key]` (or `undefined` while it is not an object) after every
 * change of that slot: its object's leaves, its appearing, removal or replacement. Not called
 * for the current value. For figures written straight into the DOM, with no render per tick.
 * Returns the unsubscribe.
 */
export function subscribeSlot<P extends object, K extends keyof P>(
  parent: P,
  key: K,
  listener: (value: Extract<P[K], object> | undefined) => void,
): () => void {
  const objectAt = () => {
    const value = parent[key];
    return typeof value === 'object' && value !== null
      ? (value as Extract<P[K], object>)
      : undefined;
  };
  let current = objectAt();
  let leaveObject: (() => void) | undefined;
  const follow = () => {
    leaveObject?.();
    const followed = current;
    leaveObject = followed && subscribe(followed, () => listener(followed));
  };
  follow();
  // The parent hears every change below it; only a change of which object sits at `key` counts.
  const leaveParent = subscribe(parent, () => {
    const next = objectAt();
    if (next === current) return;
    current = next;
    follow();
    listener(current);
  });
  return () => {
    leaveParent();
    leaveObject?.();
  };
}

/** `subscribeSlot` for one row of a table by id (a quote, a holding). */
export function subscribeRow<V extends object>(
  table: Record<number, V>,
  id: number,
  listener: (row: V | undefined) => void,
): () => void {
  return subscribeSlot(table, id, listener as (row: Extract<V, object> | undefined) => void);
}
