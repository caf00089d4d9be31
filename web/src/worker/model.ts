/**
 * The live model: every figure the screens show that moves with the market, kept in one place
 * and recomputed only where a change reaches. Pure and synchronous — no socket, no DOM, no
 * timers — so it runs the same in the Web Worker and in a unit test.
 *
 * Its parts each hold one role — `quotes.ts` (with `freshness.ts`), `holdings.ts`,
 * `account.ts`, `risk.ts`, `estimate.ts`, `connection.ts`, `candle.ts` — and mark what they
 * touched in one change set (`changes.ts`). This module wires them and turns the change set
 * into a `LiveBatch` of the current values, filtered to what the main thread watches. Every
 * formula comes from the protocol's arithmetic; nothing here re-derives one.
 */
import type {
  Candle,
  ChartPeriod,
  HoldingUpdate,
  QuoteTick,
  SocketState,
} from '@pipstream/protocol';
import { accountView, createAccount } from './account.js';
import type {
  AccountView,
  CandleView,
  ConnectionView,
  EstimateView,
  HoldingView,
  LiveBatch,
  QuoteView,
} from './batch.js';
import { createCandleWatch } from './candle.js';
import { clearChangeSet, createChangeSet } from './changes.js';
import { createConnection } from './connection.js';
import { createEstimate, type OrderForm } from './estimate.js';
import { createHoldings, type OpenOrder } from './holdings.js';
import { createQuotes, type InstrumentTerms } from './quotes.js';
import { createRisk } from './risk.js';

export type { OrderForm } from './estimate.js';
export type { OpenOrder } from './holdings.js';
export type { InstrumentTerms } from './quotes.js';

/** Flat objects with the same keys and `Object.is`-equal values. */
function sameFields<T extends object>(a: T | null | undefined, b: T | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  for (const key of Object.keys(a) as (keyof T)[]) {
    if (!Object.is(a[key], b[key])) return false;
  }
  return true;
}

/** A value never posted yet, told apart from a posted `null`. */
const UNSENT = Symbol('unsent');

/** What the model is built with; tests pass a clock of their own. */
export interface LiveModelOptions {
  /** Milliseconds since the epoch: when a quote arrived, how old it is. */
  readonly now?: () => number;
}

/**
 * Creates an empty live model. Feed it with the setters and `apply…` methods, read what
 * changed with `takeChanges()`, or everything with `snapshot()`.
 */
export function createLiveModel(options: LiveModelOptions = {}) {
  const now = options.now ?? Date.now;
  const changes = createChangeSet();
  const connection = createConnection({
    changes,
    now,
    onLiveness() {
      quotes.refreshDelays(now());
      changes.account = true;
    },
  });
  const quotes = createQuotes({
    changes,
    now,
    liveSince: () => connection.liveSince,
    onPrice(instrumentId, close) {
      holdings.revalue(instrumentId, close);
      if (estimate.isOn(instrumentId)) changes.estimate = true;
    },
    onFreshness: (instrumentId) => holdings.markOn(instrumentId),
  });
  const holdings = createHoldings({ changes, isDelayed: quotes.isDelayed });
  const account = createAccount(changes);
  const risk = createRisk(changes);
  const estimate = createEstimate({ changes, instrument: quotes.instrument, close: quotes.close });
  const candle = createCandleWatch(changes);

  /**
   * The instrument ids whose quotes the main thread shows; `null` (until it says) means all.
   * Every quote is kept and valued all the same: only what `takeChanges()` hands out is filtered.
   */
  let watchedQuotes: ReadonlySet<number> | null = null;
  /** The order ids whose holding figures the main thread shows; `null` (until it says): all. */
  let watchedHoldings: ReadonlySet<number> | null = null;
  /** Whether the main thread shows the account figures (until it says: yes). */
  let accountWatched = true;

  // What was posted last, so figures that came out the same are not posted again.
  let postedAccount: AccountView | null | typeof UNSENT = UNSENT;
  let postedEstimate: EstimateView | null | typeof UNSENT = UNSENT;
  let postedConnection: ConnectionView | typeof UNSENT = UNSENT;

  function takeChanges(): LiveBatch | undefined {
    const batch: LiveBatch = {};
    if (changes.connection) {
      const view = connection.view;
      if (postedConnection === UNSENT || !sameFields(view, postedConnection)) {
        batch.connection = postedConnection = view;
      }
    }
    if (changes.quotes.size > 0) {
      const rows = new Map<number, QuoteView | null>();
      for (const id of changes.quotes) {
        const view = quotes.view(id);
        // A delisting is always told, so no copy of a gone quote lingers on the main thread.
        if (!view) rows.set(id, null);
        else if (watchedQuotes === null || watchedQuotes.has(id)) rows.set(id, view);
      }
      if (rows.size > 0) batch.quotes = rows;
    }
    if (changes.holdings.size > 0) {
      const rows = new Map<number, HoldingView | null>();
      for (const id of changes.holdings) {
        // A closed order is always told, so no copy of it lingers on the main thread.
        if (!holdings.has(id)) rows.set(id, null);
        else if (watchedHoldings === null || watchedHoldings.has(id))
          rows.set(id, holdings.view(id) ?? null);
      }
      if (rows.size > 0) batch.holdings = rows;
    }
    if (changes.account || changes.estimate) {
      // Computed watched or not: the estimate's affordability needs the figures.
      const figures = account.figures(holdings.openOrders());
      risk.follow(figures?.riskRate ?? null);
      // A logout (no account) is always told, so no other user's figures linger.
      if (accountWatched || figures === null) {
        const view = accountView(figures, connection.liveSince === null || holdings.anyDelayed());
        if (postedAccount === UNSENT || !sameFields(view, postedAccount)) {
          batch.account = postedAccount = view;
        }
      }
      const view = estimate.view(figures);
      if (postedEstimate === UNSENT || !sameFields(view, postedEstimate)) {
        batch.estimate = postedEstimate = view;
      }
    }
    if (changes.candle) batch.candle = candle.candle;
    if (changes.risk) batch.risk = risk.view;
    if (changes.closed.length > 0) batch.closed = changes.closed;
    if (changes.resync) batch.resync = true;

    clearChangeSet(changes);
    return Object.keys(batch).length > 0 ? batch : undefined;
  }

  return {
    /**
     * Replaces the instrument list (pass the whole trade list, not a search result). A quote
     * already live is kept; an instrument seen for the first time starts from ForexQuotations.
     * Only new, delisted or re-precisioned instruments are marked.
     */
    setInstruments(
      list: readonly InstrumentTerms[],
      quoteTimes?: Readonly<Record<number, number>>,
    ): void {
      quotes.setInstruments(list, quoteTimes);
      if (estimate.shown) changes.estimate = true;
    },

    /**
     * Applies one DAY_MARKET batch: each tick updates its instrument's quote and revalues the
     * holdings on that instrument, nothing else. A tick that changes no figure marks nothing.
     */
    applyTicks(ticks: readonly QuoteTick[]): void {
      quotes.applyTicks(ticks);
    },

    /**
     * Applies a FOREX_TRADE push: the upstream's price and P&L replace the local ones. An id the
     * model does not hold (a pending order that filled, an order from another device) asks the
     * main thread to resync.
     */
    applyHoldingUpdates(updates: readonly HoldingUpdate[]): void {
      holdings.applyUpdates(updates);
    },

    /**
     * Applies a FOREX_CLOSED push: the named orders leave the holdings (and pending ones), and
     * the ids are passed on. Until the main thread re-reads the balance, a closed holding is
     * booked the way this project's account model settles one — its margin returns to the
     * balance with its last P&L — so equity does not dip in between.
     */
    applyClosed(ids: readonly number[]): void {
      for (const id of ids) {
        const holding = holdings.close(id);
        if (holding) account.book(holding);
      }
      changes.closed.push(...ids);
      changes.account = true;
    },

    /** What a trailing stop reads of holding `id` now; `undefined` once it is not held. */
    trailedHolding(id: number) {
      return holdings.trailed(id);
    },

    /** Replaces the holding orders (my_deal status 1, every page); their figures start as sent. */
    setHoldings(orders: readonly OpenOrder[]): void {
      holdings.setHoldings(orders);
    },

    /** Replaces the pending orders (my_deal status 0): they count in the used margin only. */
    setPending(orders: readonly Pick<OpenOrder, 'Id' | 'CautionMoney'>[]): void {
      holdings.setPending(orders);
    },

    /** The balance from REST (cash not tied up in orders); `null` while unknown. */
    setBalance(value: string | number | null): void {
      account.setBalance(value);
    },

    /** Forgets everything private: holdings, pending orders and the balance (a logout). */
    clearAccount(): void {
      holdings.clear();
      account.setBalance(null);
      risk.reset();
    },

    /** The upstream's stop-out level (percent), `null` while it has not said. */
    setStopOutLevel(level: number | null): void {
      risk.setStopOutLevel(level);
    },

    /**
     * What the browser says of its network: offline, every quote is delayed at once, until the
     * browser says it is back or a new socket opens.
     */
    setBrowserOnline(online: boolean): void {
      connection.setBrowserOnline(online);
    },

    /**
     * Whether the path answered: a request got an answer (`true`) or none (`false`), or a
     * socket was let go with (`true`: the server closed it) or without an answer. An answer
     * leaves the browser's word that it is offline standing: it may come from a request sent
     * before that word, and the socket it has retried at once shows soon enough whether the path
     * is back.
     */
    setAnswered(answered: boolean): void {
      connection.setAnswered(answered);
    },

    /** Something came over the open socket: the path answers (a frame, a pong). */
    heard(): void {
      connection.heard();
    },

    /** Marks the quotes that have grown too old since the last look (call every second or so). */
    checkAges(): void {
      quotes.refreshDelays(now());
    },

    /** The site's trade_fee_type (docs/product.md#entities base settings). */
    setFeeType(value: number): void {
      estimate.setFeeType(value);
    },

    /** The order form's fields, or `null` when no form is shown. */
    setOrderForm(value: OrderForm | null): void {
      estimate.setForm(value);
    },

    setSocketState(state: SocketState): void {
      connection.setSocketState(state);
    },

    /** A gateway's `upstream` frame. */
    setUpstream(up: boolean): void {
      connection.setUpstream(up);
    },

    setLoggedIn(value: boolean): void {
      connection.setLoggedIn(value);
    },

    /** Whether a login the gateway refused for its limits waits for its retry. */
    setAccountPaused(value: boolean): void {
      connection.setAccountPaused(value);
    },

    /** Asks the main thread to re-fetch the orders and the balance. */
    requestResync(): void {
      changes.resync = true;
    },

    /** Starts watching one instrument's candles (the previous candle is dropped), or stops. */
    watchCandle(watch: { code: string; period: ChartPeriod } | null): void {
      candle.watch(watch);
    },

    /** The KLINE topic the watched chart's candles come from, if any. */
    get candleTopic() {
      return candle.topic;
    },

    /** The chart being watched, if any. */
    get watchedChart() {
      return candle.watched;
    },

    /** The source candles of the latest bucket of a chart built from another period. */
    seedCandleBucket(code: string, period: ChartPeriod, sources: readonly Candle[]): void {
      candle.seed(code, period, sources);
    },

    /**
     * A KLINE frame: the watched chart's candle it makes, or `null` (a topic no longer
     * watched).
     */
    applyCandle(topic: string, value: Candle): CandleView | null {
      return candle.apply(topic, value);
    },

    /** The connection as the user sees it now. */
    get connection(): ConnectionView {
      return connection.view;
    },

    /**
     * Limits the quotes handed out to `ids` (`null`: all again). An id watched anew is marked,
     * so the next change set carries its current quote even if it has not moved since.
     */
    watchQuotes(ids: Iterable<number> | null): void {
      const next = ids === null ? null : new Set(ids);
      if (next !== null) {
        for (const id of next) {
          if (quotes.has(id) && watchedQuotes !== null && !watchedQuotes.has(id)) {
            changes.quotes.add(id);
          }
        }
      } else if (watchedQuotes !== null) {
        for (const id of quotes.ids()) if (!watchedQuotes.has(id)) changes.quotes.add(id);
      }
      watchedQuotes = next;
    },

    /**
     * Limits the holdings handed out to the orders `ids` (`null`: all again), like `watchQuotes`:
     * an order watched anew is marked, so the next change set carries its current figures.
     * A closed order is told either way.
     */
    watchHoldings(ids: Iterable<number> | null): void {
      const next = ids === null ? null : new Set(ids);
      for (const id of next ?? holdings.ids()) {
        if (holdings.has(id) && watchedHoldings !== null && !watchedHoldings.has(id)) {
          changes.holdings.add(id);
        }
      }
      watchedHoldings = next;
    },

    /**
     * Whether the account figures are handed out. Watched anew, the next change set carries
     * them if they differ from the ones handed out last (the main thread still holds those).
     */
    watchAccount(watched: boolean): void {
      if (watched && !accountWatched) changes.account = true;
      accountWatched = watched;
    },

    /**
     * The changes since the last call, as current values, or `undefined` when nothing changed.
     * Figures that came out equal to what was posted last are left out.
     */
    takeChanges,

    /**
     * Everything current as one batch, for a main thread that starts from nothing. Pending
     * changes are included, so it also serves as the next `takeChanges()`.
     */
    snapshot(): LiveBatch {
      for (const id of quotes.ids()) changes.quotes.add(id);
      for (const id of holdings.ids()) changes.holdings.add(id);
      changes.account = changes.estimate = changes.connection = changes.candle = true;
      changes.risk = true;
      postedAccount = postedEstimate = postedConnection = UNSENT;
      return takeChanges() ?? {};
    },
  };
}

export type LiveModel = ReturnType<typeof createLiveModel>;
