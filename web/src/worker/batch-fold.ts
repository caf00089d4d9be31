/**
 * For tests of the worker: its batches folded into plain current values, the way the main
 * thread's live store reads them (live/store.ts), with nothing of the app imported.
 */
import type {
  AccountView,
  CandleView,
  ConnectionView,
  EstimateView,
  HoldingView,
  LiveBatch,
  QuoteView,
} from './batch.js';

export interface FoldedBatches {
  connection: ConnectionView;
  quotes: Record<number, QuoteView>;
  holdings: Record<number, HoldingView>;
  account: AccountView | null;
  estimate: EstimateView | null;
  candle: CandleView | null;
  orders: { closedIds: readonly number[]; resyncSeq: number };
}

export function createFoldedBatches(): FoldedBatches {
  return {
    connection: { state: 'connecting', loggedIn: false, accountPaused: false },
    quotes: {},
    holdings: {},
    account: null,
    estimate: null,
    candle: null,
    orders: { closedIds: [], resyncSeq: 0 },
  };
}

function foldRows<V>(table: Record<number, V>, rows: ReadonlyMap<number, V | null> | undefined) {
  for (const [id, row] of rows ?? []) {
    if (row === null) delete table[id];
    else table[id] = row;
  }
}

/** Folds one batch into `state`. */
export function foldBatch(batch: LiveBatch, state: FoldedBatches): void {
  if (batch.connection) state.connection = batch.connection;
  foldRows(state.quotes, batch.quotes);
  foldRows(state.holdings, batch.holdings);
  if (batch.account !== undefined) state.account = batch.account;
  if (batch.estimate !== undefined) state.estimate = batch.estimate;
  if (batch.candle !== undefined) state.candle = batch.candle;
  if (batch.closed) state.orders.closedIds = batch.closed;
  if (batch.resync) state.orders.resyncSeq++;
}
