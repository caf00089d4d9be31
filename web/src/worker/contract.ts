/**
 * The live worker's contract with the main thread, as comlink carries it (each method returns a
 * promise there). Arguments and batches cross the thread boundary by structured clone; the
 * batch callback crosses as a comlink proxy.
 */
import type {
  ArmedTrailingStop,
  Candle,
  CandleColumns,
  ChartPeriod,
  IndicatorSettings,
  Money,
  Order,
  PriceAlert,
  RawAnswer,
  Topic,
} from '@pipstream/protocol';
import type { ConnectionView, LiveBatch } from './batch.js';
import type { FirstAnswer, FirstScreenCall } from './first-answers.js';
import type { InstrumentTerms, OpenOrder, OrderForm } from './model.js';
import type { TrailOutcome } from './trailing-stops.js';

export type {
  AccountView,
  CandleView,
  ConnectionState,
  ConnectionView,
  Direction,
  EstimateView,
  HoldingView,
  LiveBatch,
  QuoteView,
  RiskView,
} from './batch.js';
export type { IndicatorUpdate } from './chart-series.js';
export type { FirstAnswer, FirstScreenCall } from './first-answers.js';
export type { InstrumentTerms, OpenOrder, OrderForm } from './model.js';
export type { TrailMove, TrailOutcome } from './trailing-stops.js';

export interface ConnectOptions {
  /** The socket's absolute address, e.g. `wss://example.com/v1/ws`. */
  wsUrl: string;
  /** Logged in with on every connection (docs/product.md#states); none for a visitor. */
  token?: string | null;
  /** The current language, sent as the `lang` query so the server's messages match it. */
  lang: string;
}

/** The worker's view of itself, for diagnostics and tests. */
export interface LiveStatus {
  connection: ConnectionView;
  /** Topics active now, or to be subscribed on the next connection. */
  topics: Topic[];
  /** Sockets opened after the first one. */
  reconnects: number;
  /** Arrival time of the last pong (ms since the epoch). */
  lastPongAt: number | null;
}

/** Receives one batch of changes per animation frame at most. */
export type BatchListener = (batch: LiveBatch) => unknown;

export interface LiveApi {
  /**
   * Opens the socket (ping every 5 s, reconnect with backoff, resubscribe: the protocol's socket
   * client). Calling it again with the same address and language is a no-op, so the route guard
   * may call it on every navigation; another address or language reconnects, keeping the topics.
   */
  connect(options: ConnectOptions): void;
  /** Closes the socket for good and drops any batch not yet posted; `connect` may start again. */
  close(): void;
  /**
   * Logs the socket in (`login` frame) and subscribes FOREX_TRADE and FOREX_CLOSED once the
   * login is accepted; `null` logs out and forgets the holdings, pending orders and balance.
   */
  setToken(token: string | null): void;
  /** DAY_MARKET on or off. */
  subscribeQuotes(): void;
  unsubscribeQuotes(): void;
  /**
   * Watches the chart of `code` at `period` (replacing any other): its latest candle comes in
   * batches. A period built from another (`sourcePeriod`) watches its source's KLINE topic and
   * folds each candle into its bucket.
   */
  watchCandles(code: string, period: ChartPeriod): void;
  unwatchCandles(): void;
  /**
   * The candles the chart of `code` at `period` holds now (after each history load, and after
   * older candles went in front): the worker computes the chart's indicators over them and
   * over the live candles that follow, and posts the values in batches (`indicators`). For a
   * period built from another, `bucket` holds the source candles of its latest bucket, which
   * live candles join.
   */
  setChartCandles(
    code: string,
    period: ChartPeriod,
    columns: CandleColumns,
    bucket?: readonly Candle[],
  ): void;
  /** The indicators chosen on this device (all off until told). */
  setIndicators(settings: IndicatorSettings): void;
  /**
   * The instrument ids whose quotes the main thread shows (rows mounted now); batches carry only
   * their quotes, and an id watched anew gets its current quote in the next batch. Until the
   * first call every quote is posted. Holdings, account figures and the estimate are still
   * computed from every quote.
   */
  watchQuotes(ids: readonly number[]): void;
  /**
   * The order ids whose holding figures the main thread shows, like `watchQuotes`: batches carry
   * only theirs (and every closed order), an order watched anew gets its current figures in the
   * next batch, and until the first call every holding is posted. P&L is computed for all.
   */
  watchHoldings(ids: readonly number[]): void;
  /**
   * Whether the main thread shows the account figures (default yes). Unwatched, they are still
   * computed (the estimate needs them) but not posted, except a logout's `null`; watched again,
   * the current figures come in the next batch.
   */
  watchAccount(watched: boolean): void;
  /**
   * The whole trade list (static terms and the starting quotes), with when each price was
   * quoted where that is known (a copy kept on the device): an old price says how old it is.
   */
  setInstruments(list: InstrumentTerms[], quoteTimes?: Record<number, number>): void;
  /** Every holding order (my_deal status 1, all pages). */
  setHoldings(orders: OpenOrder[]): void;
  /** Every pending order (my_deal status 0, all pages): their margins count as used. */
  setPending(orders: Pick<Order, 'Id' | 'CautionMoney'>[]): void;
  /** The balance from REST; `null` while unknown. */
  setBalance(balance: Money | number | null): void;
  /**
   * What the browser says of its network (`navigator.onLine`, `online` and `offline` events): a
   * hint (docs/product.md#connection-state). Offline, every quote is delayed at once and the
   * socket is replaced, until the browser says it is back or a new socket opens; online, a
   * waiting reconnect is tried at once.
   */
  setOnline(online: boolean): void;
  /**
   * How one of the app's requests ended: with an answer of the API's (`true`), or with none
   * (`false`: no response, or one that is not the API's, as a captive portal's). An answer
   * tries a waiting reconnect at once; none has the open socket probed.
   */
  requestEnded(answered: boolean): void;
  /** The upstream's stop-out level (percent, from my_deal); `null` while unknown. */
  setStopOutLevel(level: number | null): void;
  /** The site's trade_fee_type (base settings). */
  setFeeType(tradeFeeType: number): void;
  /**
   * The armed price alerts (replacing the earlier list; at most `MAX_ALERTS`). Every tick is
   * compared with its instrument's alerts; one that is reached fires once, in the next batch
   * (`alerts`), and is not armed again by a later list naming it. A list failing its shape
   * throws, and the alerts armed before stay.
   */
  setAlerts(alerts: PriceAlert[]): void;
  /**
   * The logged-in account's trailing stops (replacing the earlier list; at most
   * `MAX_TRAILING_STOPS`). Every price of a trailing holding is judged by the protocol's
   * `trailedStopLoss`; a stop loss to set comes in the next batch (`trails`), one per holding
   * until `trailSettled` says how it went. A list failing its shape throws, and the stops set
   * before stay.
   */
  setTrailingStops(stops: ArmedTrailingStop[]): void;
  /** How the trailing move `moveId` of a batch ended; its holding may move again after. */
  trailSettled(moveId: number, outcome: TrailOutcome): void;
  /** The order form's fields for the estimate; `null` when no form is shown. */
  setOrderForm(form: OrderForm | null): void;
  /**
   * Registers the one batch listener (replacing any earlier one). A snapshot of everything
   * current follows at the next frame, so a listener never starts from a partial state.
   */
  onBatch(listener: BatchListener): void;
  status(): LiveStatus;
}

/** The worker's API over comlink: the core's, plus batches posted on a port of their own. */
export interface LiveWorkerApi extends LiveApi {
  /**
   * Checks the text of a first-screen call's answer against its schema (first-answers.ts):
   * the page fetches, the worker parses.
   */
  readFirstAnswer(name: FirstScreenCall, answer: RawAnswer): FirstAnswer;
  /**
   * Posts every batch on `port` (transferred) as a plain message, with no answer expected:
   * the main thread's cheapest way to hear them. Replaces any earlier listener, like `onBatch`.
   */
  postBatchesTo(port: MessagePort): void;
}
