/**
 * What the worker posts to the main thread: the live figures that changed since the last batch,
 * as plain structured-clonable data. A key that is absent did not change; `null` means the row
 * or figure is gone (an instrument delisted, an order closed, a logout).
 */
import type {
  AccountFigures,
  Candle,
  ChartPeriod,
  FiredAlert,
  TradeSide,
} from '@pipstream/protocol';
import { type IndicatorUpdate, mergeIndicatorUpdates } from './chart-series.js';
import type { TrailMove } from './trailing-stops.js';

/**
 * What the user sees of the connection: `live` only while the socket is open and, behind a
 * gateway, its upstream is up too.
 */
export type ConnectionState = 'offline' | 'connecting' | 'live' | 'reconnecting';

export interface ConnectionView {
  state: ConnectionState;
  /** True after a successful socket login on the current connection. */
  loggedIn: boolean;
  /**
   * The account's live updates are paused: the gateway refused the login for its limits, and
   * the socket logs in again by itself later (docs/product.md#gateway-limits).
   */
  accountPaused: boolean;
}

/** Which way the last price move went, for the up/down colour and the flash. */
export type Direction = 'up' | 'down' | 'flat';

/** One instrument's live quote. Texts are ready to render (price at PricePrecision). */
export interface QuoteView {
  id: number;
  close: number;
  open: number;
  /** Unknown until the first tick: the trade list carries no high and low. */
  high: number | null;
  low: number | null;
  /** Change since the day's open, in percent. */
  change: number;
  /** The close before the last move; `null` before any move. */
  prevClose: number | null;
  direction: Direction;
  /**
   * When the price was quoted (ms since the epoch): the last tick's Time, or the time a copy
   * kept on the device says; `null` while seeded from a trade list that does not say.
   */
  time: number | null;
  closeText: string;
  changeText: string;
  /**
   * The price may be stale and must not be traded on: the connection is not live, or the
   * market is open and no quote came since the connection came back or for `QUOTE_STALE_MS`.
   */
  delayed: boolean;
  /**
   * Its market is closed (the trade list's MarketStatus, or the latest quote's): nothing trades
   * on it, and it is never delayed.
   */
  closed: boolean;
}

/** A holding order's live figures. */
export interface HoldingView {
  id: number;
  instrumentId: number;
  side: TradeSide;
  lots: number;
  openPrice: number;
  margin: number;
  /** The latest price the order is valued at. */
  price: number;
  /** Floating P&L. */
  pnl: number;
  priceText: string;
  /**
   * 2 decimals, like a balance (docs/product.md#constants money display; this project's choice for
   * P&L).
   */
  pnlText: string;
  /** Its instrument's quote is delayed: price and P&L may be stale, and it cannot be closed. */
  delayed: boolean;
}

/**
 * The account figures of docs/product.md#entities with their display texts
 * (docs/product.md#constants decimals).
 */
export interface AccountView extends AccountFigures {
  balanceText: string;
  /** 6 decimals, like every margin. */
  usedMarginText: string;
  floatingPnlText: string;
  equityText: string;
  freeMarginText: string;
  /** `'--'` when no margin is used. */
  riskRateText: string;
  /** A figure may be stale: the connection is not live or a holding's quote is delayed. */
  delayed: boolean;
  /** How many warning levels the risk rate is at or below (arithmetic/risk.ts); 0 when clear. */
  riskBand: number;
}

/**
 * The margin warning state, posted whether or not the account figures are watched, so every
 * screen can show it.
 */
export interface RiskView {
  /** How many warning levels the risk rate is at or below; 0 when clear (or no margin used). */
  band: number;
  /** Moves with every downward crossing of a level, to be told once each. */
  crossings: number;
  /** The level last crossed (percent), `null` before any. */
  level: number | null;
  riskRateText: string;
  /** The upstream's stop-out level (percent), `null` while it has not said. */
  stopOutLevel: number | null;
}

/** The order form's estimate (docs/product.md#constants): margin and fee, shown with 6 decimals. */
export interface EstimateView {
  instrumentId: number;
  /** The price the margin is computed at: the live price, or a pending order's target. */
  price: number;
  margin: number;
  fee: number;
  marginText: string;
  feeText: string;
  /** Whether margin + fee fit the free margin and the balance; `null` while no balance is known. */
  affordable: boolean | null;
}

/** The latest candle of the watched instrument and period. */
export type CandleView = Candle & { code: string; period: ChartPeriod };

/** One batch of changes. */
export interface LiveBatch {
  connection?: ConnectionView;
  quotes?: Map<number, QuoteView | null>;
  holdings?: Map<number, HoldingView | null>;
  account?: AccountView | null;
  estimate?: EstimateView | null;
  candle?: CandleView | null;
  /** The chart's indicator values that changed (after `candle`, when both come). */
  indicators?: IndicatorUpdate;
  risk?: RiskView;
  /** Order ids a FOREX_CLOSED push named, in arrival order. */
  closed?: number[];
  /**
   * The worker saw order changes it cannot compute (a holding it was never given, such as a
   * pending order that filled; a new login after a reconnect): re-fetch my_deal and the balance.
   */
  resync?: true;
  /** Price alerts that fired, in the order they fired; each is told once. */
  alerts?: FiredAlert[];
  /** Stop losses the trailing stops ask to set, each once; the main thread reports how it went. */
  trails?: TrailMove[];
}

/**
 * Folds `next` into `into` and returns `into`: per key the latest value wins, closed ids, fired
 * alerts and trailing moves add up.
 * `into` must be owned by the caller (it is mutated); `next` is left untouched.
 */
export function mergeBatch(into: LiveBatch, next: LiveBatch): LiveBatch {
  if (next.connection !== undefined) into.connection = next.connection;
  if (next.account !== undefined) into.account = next.account;
  if (next.estimate !== undefined) into.estimate = next.estimate;
  if (next.candle !== undefined) into.candle = next.candle;
  if (next.indicators) {
    into.indicators = into.indicators
      ? mergeIndicatorUpdates(into.indicators, next.indicators)
      : next.indicators;
  }
  if (next.risk !== undefined) into.risk = next.risk;
  if (next.quotes) into.quotes = mergeRows(into.quotes, next.quotes);
  if (next.holdings) into.holdings = mergeRows(into.holdings, next.holdings);
  if (next.closed) into.closed = into.closed ? [...into.closed, ...next.closed] : [...next.closed];
  if (next.resync) into.resync = true;
  if (next.alerts) into.alerts = into.alerts ? [...into.alerts, ...next.alerts] : [...next.alerts];
  if (next.trails) into.trails = into.trails ? [...into.trails, ...next.trails] : [...next.trails];
  return into;
}

function mergeRows<V>(into: Map<number, V> | undefined, next: Map<number, V>): Map<number, V> {
  if (!into) return new Map(next);
  for (const [id, row] of next) into.set(id, row);
  return into;
}
