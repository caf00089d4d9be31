/**
 * The live model: every figure the screens show that moves with the market, kept in one place
 * and recomputed only where a change reaches. Pure and synchronous — no socket, no DOM, no
 * timers — so it runs the same in the Web Worker and in a unit test.
 *
 * Every mutation records what it touched (dirty quote and holding ids, and flags for the
 * account, the estimate, the connection and the candle); `takeChanges()` turns that change set
 * into a `LiveBatch` of the current values and starts a new one. Every formula comes from the
 * protocol's arithmetic; nothing here re-derives one.
 */
import {
  type AccountFigures,
  type AccountOrder,
  accountFigures,
  type Candle,
  canAfford,
  createRiskCrossings,
  decimalsOf,
  formatBalance,
  formatChangePercent,
  formatFee,
  formatMargin,
  formatPercent,
  formatPrice,
  type HoldingUpdate,
  type Instrument,
  isQuoteStale,
  klineTopic,
  ORDER_MODE,
  type Order,
  orderFee,
  orderMargin,
  orderPnl,
  type Period,
  type QuoteTick,
  RISK_WARNING_LEVELS,
  riskBand,
  type SocketState,
  sideOf,
} from '@pipstream/protocol';
import type {
  AccountView,
  CandleView,
  ConnectionView,
  EstimateView,
  HoldingView,
  LiveBatch,
  QuoteView,
  RiskView,
} from './batch.js';

/** The static terms of an instrument the model reads, with the trade list's quote to start from. */
export type InstrumentTerms = Pick<
  Instrument,
  | 'Id'
  | 'Code'
  | 'CategoryId'
  | 'MarketStatus'
  | 'PricePrecision'
  | 'ForexContNum'
  | 'MarginMode'
  | 'FixedMargin'
  | 'ForexFeeRate'
  | 'HasForexMultiple'
  | 'ForexQuotations'
>;

/** The fields of an order (my_deal) the model reads. */
export type OpenOrder = Pick<
  Order,
  | 'Id'
  | 'OrderType'
  | 'Quantity'
  | 'Price'
  | 'UpdatePrice'
  | 'FactProfits'
  | 'CautionMoney'
  | 'ForexId'
> & { ForexTradeLists: Pick<Order['ForexTradeLists'], 'ForexContNum' | 'PricePrecision'> };

/** What the order form holds that the estimate depends on (trade_fee_type is set apart). */
export interface OrderForm {
  instrumentId: number;
  lots: number;
  /** Ignored for MarginMode 1 instruments. */
  leverage: number;
  /** ORDER_MODE: 1 market, 0 pending at `targetPrice`. */
  mode: (typeof ORDER_MODE)[keyof typeof ORDER_MODE];
  /** A pending order's price; 0 while none is typed. */
  targetPrice: number;
}

interface QuoteState {
  close: number;
  open: number;
  high: number | null;
  low: number | null;
  change: number;
  prevClose: number | null;
  time: number | null;
  /** When the last quote arrived here (any quote, moved or not); `null`: never (trade list). */
  receivedAt: number | null;
  /**
   * Its market's status as last told, by a quote that carried it or the trade list, whichever
   * came last; `undefined` while neither has (1 is open).
   */
  marketStatus: number | undefined;
  /** As last handed out: a change of it is a change of the quote. */
  delayed: boolean;
}

interface HoldingState extends AccountOrder {
  readonly order: OpenOrder;
  readonly holding: true;
  price: number;
  /**
   * The price of the last upstream figure (my_deal or FOREX_TRADE). A tick at that same price
   * keeps the upstream P&L instead of recomputing it, so an upstream that values positions its
   * own way never flickers against the local formula.
   */
  upstreamPrice: number | undefined;
}

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
  const instruments = new Map<number, InstrumentTerms>();
  const quotes = new Map<number, QuoteState>();
  const holdings = new Map<number, HoldingState>();
  /** Holding ids by instrument id, so a tick reaches only the orders on its instrument. */
  const holdingsOn = new Map<number, Set<number>>();
  const pending = new Map<number, AccountOrder>();
  let balance: number | null = null;
  /** Until the base settings say otherwise: any value but 1 charges the fee on the margin. */
  let tradeFeeType = 0;
  let form: OrderForm | null = null;
  let socketState: SocketState = 'closed';
  let upstreamUp = true;
  /**
   * The browser said it went offline, and no new socket has opened since nor has the browser
   * said it is back: a hint that pauses at once, never the only word
   * (docs/product.md#connection-state). An answered request does not end it: one sent before
   * the word may be answered just after it.
   */
  let browserSaidOffline = false;
  /**
   * The last thing the app heard of the path is that nothing answered: a socket that could not
   * be opened, broke or went silent, or a request with no answer. Cleared by anything that
   * answers. It tells Offline from Reconnecting… while the connection is not live.
   */
  let unanswered = false;
  /**
   * Since when the connection is live (socket open, upstream up, no word of the browser's that
   * it is offline); `null` while it is not. A quote from before it may be from before an
   * outage: only fresh ones count.
   */
  let liveSince: number | null = null;
  let loggedIn = false;
  let accountPaused = false;
  const crossings = createRiskCrossings();
  let stopOutLevel: number | null = null;
  let risk: RiskView = {
    band: 0,
    crossings: 0,
    level: null,
    riskRateText: formatPercent(null),
    stopOutLevel: null,
  };
  let riskDirty = false;
  let candleWatch: { code: string; period: Period } | null = null;
  let candle: CandleView | null = null;

  /**
   * The instrument ids whose quotes the main thread shows; `null` (until it says) means all.
   * Every quote is kept and valued all the same: only what `takeChanges()` hands out is filtered.
   */
  let watchedQuotes: ReadonlySet<number> | null = null;
  /** The order ids whose holding figures the main thread shows; `null` (until it says): all. */
  let watchedHoldings: ReadonlySet<number> | null = null;
  /** Whether the main thread shows the account figures (until it says: yes). */
  let accountWatched = true;
  // The change set since the last takeChanges().
  const dirtyQuotes = new Set<number>();
  const dirtyHoldings = new Set<number>();
  let accountDirty = false;
  let estimateDirty = false;
  let connectionDirty = false;
  let candleDirty = false;
  let closed: number[] = [];
  let resync = false;

  // What was posted last, so figures that came out the same are not posted again.
  let postedAccount: AccountView | null | typeof UNSENT = UNSENT;
  let postedEstimate: EstimateView | null | typeof UNSENT = UNSENT;
  let postedConnection: ConnectionView | typeof UNSENT = UNSENT;

  function isMarketOpen(id: number): boolean {
    return quotes.get(id)?.marketStatus === 1;
  }

  /**
   * Whether a quote must not be traded on at `at`: the connection is not live, or its market is
   * open and no quote came since the connection came back, or none for `QUOTE_STALE_MS`.
   */
  function isDelayed(id: number, quote: QuoteState, at: number): boolean {
    if (liveSince === null) return true;
    if (!isMarketOpen(id)) return false;
    return (
      quote.receivedAt === null ||
      quote.receivedAt < liveSince ||
      isQuoteStale(quote.receivedAt, at)
    );
  }

  /** Whether any holding's quote is delayed: the account's figures may be stale then. */
  function anyHoldingDelayed(): boolean {
    for (const instrumentId of holdingsOn.keys()) {
      if (quotes.get(instrumentId)?.delayed ?? true) return true;
    }
    return false;
  }

  /**
   * Brings every quote's delayed flag up to `at`; a flag that flips marks its quote, the
   * holdings on it and the account.
   */
  function refreshDelays(at: number): void {
    for (const [id, quote] of quotes) {
      const delayed = isDelayed(id, quote, at);
      if (delayed === quote.delayed) continue;
      quote.delayed = delayed;
      dirtyQuotes.add(id);
      const ids = holdingsOn.get(id);
      if (ids) {
        for (const holdingId of ids) dirtyHoldings.add(holdingId);
        accountDirty = true;
      }
    }
  }

  /** Follows the connection's liveness after any of its inputs changed. */
  function updateLiveness(): void {
    const live = !browserSaidOffline && socketState === 'open' && upstreamUp;
    if (live && liveSince === null) liveSince = now();
    else if (!live) liveSince = null;
    refreshDelays(now());
    accountDirty = true;
  }

  function quoteView(id: number, quote: QuoteState): QuoteView {
    // A tick may come before the trade list: until then it shows the decimals it came with.
    const precision = instruments.get(id)?.PricePrecision ?? decimalsOf(quote.close);
    const { prevClose, close, receivedAt: _receivedAt, marketStatus, ...shown } = quote;
    return {
      id,
      ...shown,
      prevClose,
      close,
      closed: marketStatus !== undefined && marketStatus !== 1,
      direction:
        prevClose === null || prevClose === close ? 'flat' : close > prevClose ? 'up' : 'down',
      closeText: formatPrice(close, precision),
      changeText: formatChangePercent(quote.change),
    };
  }

  function holdingView(holding: HoldingState): HoldingView {
    const { order } = holding;
    return {
      id: order.Id,
      instrumentId: order.ForexId,
      side: sideOf(order.OrderType),
      lots: order.Quantity,
      openPrice: order.Price,
      margin: holding.margin,
      price: holding.price,
      pnl: holding.pnl,
      priceText: formatPrice(holding.price, order.ForexTradeLists.PricePrecision),
      pnlText: formatBalance(holding.pnl),
      delayed: quotes.get(order.ForexId)?.delayed ?? true,
    };
  }

  function* openOrders(): Iterable<AccountOrder> {
    yield* holdings.values();
    yield* pending.values();
  }

  function figures(): AccountFigures | null {
    return balance === null ? null : accountFigures({ balance, orders: openOrders() });
  }

  function accountView(account: AccountFigures | null): AccountView | null {
    if (account === null) return null;
    return {
      ...account,
      balanceText: formatBalance(account.balance),
      usedMarginText: formatMargin(account.usedMargin),
      floatingPnlText: formatBalance(account.floatingPnl),
      equityText: formatBalance(account.equity),
      freeMarginText: formatBalance(account.freeMargin),
      riskRateText: formatPercent(account.riskRate),
      delayed: liveSince === null || anyHoldingDelayed(),
      riskBand: riskBand(account.riskRate),
    };
  }

  /** Follows the risk rate: a new band, or a downward crossing of a level, is a change. */
  function followRisk(account: AccountFigures | null): void {
    const rate = account?.riskRate ?? null;
    const crossed = crossings.update(rate);
    const band = riskBand(rate);
    // While a warning can show (band > 0) its rate follows the card's, tick by tick; clear of
    // every level nothing shows it, so it is not posted on every tick.
    const riskRateText =
      crossed > 0 || band !== risk.band || band > 0 ? formatPercent(rate) : risk.riskRateText;
    if (crossed === 0 && band === risk.band && riskRateText === risk.riskRateText && !riskDirty) {
      return;
    }
    risk = {
      band,
      crossings: risk.crossings + (crossed > 0 ? 1 : 0),
      level: crossed > 0 ? (RISK_WARNING_LEVELS[crossed - 1] ?? null) : risk.level,
      riskRateText,
      stopOutLevel,
    };
    riskDirty = true;
  }

  /** The price an estimate is computed at: a pending order's target once typed, else the live one. */
  function estimatePrice(order: OrderForm): number | undefined {
    if (order.mode === ORDER_MODE.PENDING && order.targetPrice > 0) return order.targetPrice;
    return quotes.get(order.instrumentId)?.close;
  }

  function estimateView(account: AccountFigures | null): EstimateView | null {
    if (form === null) return null;
    const instrument = instruments.get(form.instrumentId);
    const price = estimatePrice(form);
    if (instrument === undefined || price === undefined || !(form.lots > 0)) return null;
    let margin: number;
    try {
      margin = orderMargin(instrument, form.lots, price, form.leverage);
    } catch {
      // No usable leverage, or a fixed-margin instrument without its amount: nothing to estimate.
      return null;
    }
    const fee = orderFee(instrument, tradeFeeType, form.lots, margin);
    return {
      instrumentId: form.instrumentId,
      price,
      margin,
      fee,
      marginText: formatMargin(margin),
      feeText: formatFee(fee),
      affordable: account === null ? null : canAfford({ ...account, margin, fee }),
    };
  }

  /** docs/product.md#connection-state: one rule, whichever signal came first. */
  function connectionView(): ConnectionView {
    let state: ConnectionView['state'];
    if (liveSince !== null) state = 'live';
    else if (browserSaidOffline || unanswered || socketState === 'closed') state = 'offline';
    else if (socketState === 'open') state = 'reconnecting';
    else state = socketState;
    return { state, loggedIn, accountPaused };
  }

  /** Follows a change of what the app knows of the path. */
  function setPath(next: { browserSaidOffline?: boolean; unanswered?: boolean }): void {
    const said = next.browserSaidOffline ?? browserSaidOffline;
    const silent = next.unanswered ?? unanswered;
    if (said === browserSaidOffline && silent === unanswered) return;
    browserSaidOffline = said;
    unanswered = silent;
    connectionDirty = true;
    updateLiveness();
  }

  /** Values the holdings on `instrumentId` at `close`; marks the ones whose figures moved. */
  function revalue(instrumentId: number, close: number) {
    const ids = holdingsOn.get(instrumentId);
    if (!ids) return;
    for (const id of ids) {
      const holding = holdings.get(id);
      if (!holding || holding.upstreamPrice === close) continue;
      const pnl = orderPnl(holding.order, close);
      holding.upstreamPrice = undefined;
      if (pnl === holding.pnl && close === holding.price) continue;
      holding.price = close;
      holding.pnl = pnl;
      dirtyHoldings.add(id);
      accountDirty = true;
    }
  }

  function addHolding(order: OpenOrder) {
    holdings.set(order.Id, {
      order,
      holding: true,
      margin: Number(order.CautionMoney),
      price: order.UpdatePrice,
      pnl: Number(order.FactProfits),
      upstreamPrice: order.UpdatePrice,
    });
    const ids = holdingsOn.get(order.ForexId);
    if (ids) ids.add(order.Id);
    else holdingsOn.set(order.ForexId, new Set([order.Id]));
    dirtyHoldings.add(order.Id);
  }

  function removeHolding(id: number): HoldingState | undefined {
    const holding = holdings.get(id);
    if (!holding) return undefined;
    holdings.delete(id);
    const ids = holdingsOn.get(holding.order.ForexId);
    ids?.delete(id);
    if (ids?.size === 0) holdingsOn.delete(holding.order.ForexId);
    dirtyHoldings.add(id);
    return holding;
  }

  function takeChanges(): LiveBatch | undefined {
    const batch: LiveBatch = {};
    if (connectionDirty) {
      const view = connectionView();
      if (postedConnection === UNSENT || !sameFields(view, postedConnection)) {
        batch.connection = postedConnection = view;
      }
    }
    if (dirtyQuotes.size > 0) {
      const rows = new Map<number, QuoteView | null>();
      for (const id of dirtyQuotes) {
        const quote = quotes.get(id);
        // A delisting is always told, so no copy of a gone quote lingers on the main thread.
        if (!quote) rows.set(id, null);
        else if (watchedQuotes === null || watchedQuotes.has(id))
          rows.set(id, quoteView(id, quote));
      }
      if (rows.size > 0) batch.quotes = rows;
    }
    if (dirtyHoldings.size > 0) {
      const rows = new Map<number, HoldingView | null>();
      for (const id of dirtyHoldings) {
        const holding = holdings.get(id);
        // A closed order is always told, so no copy of it lingers on the main thread.
        if (!holding) rows.set(id, null);
        else if (watchedHoldings === null || watchedHoldings.has(id))
          rows.set(id, holdingView(holding));
      }
      if (rows.size > 0) batch.holdings = rows;
    }
    if (accountDirty || estimateDirty) {
      // Computed watched or not: the estimate's affordability needs the figures.
      const account = figures();
      followRisk(account);
      // A logout (no account) is always told, so no other user's figures linger.
      if (accountWatched || account === null) {
        const view = accountView(account);
        if (postedAccount === UNSENT || !sameFields(view, postedAccount)) {
          batch.account = postedAccount = view;
        }
      }
      const estimate = estimateView(account);
      if (postedEstimate === UNSENT || !sameFields(estimate, postedEstimate)) {
        batch.estimate = postedEstimate = estimate;
      }
    }
    if (candleDirty) batch.candle = candle;
    if (riskDirty) batch.risk = risk;
    if (closed.length > 0) batch.closed = closed;
    if (resync) batch.resync = true;

    dirtyQuotes.clear();
    dirtyHoldings.clear();
    accountDirty = estimateDirty = connectionDirty = candleDirty = resync = riskDirty = false;
    closed = [];
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
      const listed = new Set(list.map((instrument) => instrument.Id));
      for (const id of instruments.keys()) {
        if (listed.has(id)) continue;
        instruments.delete(id);
        if (quotes.delete(id)) dirtyQuotes.add(id);
      }
      for (const instrument of list) {
        const before = instruments.get(instrument.Id);
        instruments.set(instrument.Id, instrument);
        if (!quotes.has(instrument.Id)) {
          const { Open, Close, Change } = instrument.ForexQuotations;
          quotes.set(instrument.Id, {
            close: Close,
            open: Open,
            high: null,
            low: null,
            change: Change,
            prevClose: null,
            // When the price was quoted, where the list knows (a copy kept on the device).
            time: quoteTimes?.[instrument.Id] ?? null,
            receivedAt: null,
            marketStatus: instrument.MarketStatus,
            delayed: true,
          });
          dirtyQuotes.add(instrument.Id);
        } else {
          const quote = quotes.get(instrument.Id);
          if (quote && quote.marketStatus !== instrument.MarketStatus) {
            quote.marketStatus = instrument.MarketStatus;
            dirtyQuotes.add(instrument.Id);
          } else if (before?.PricePrecision !== instrument.PricePrecision) {
            dirtyQuotes.add(instrument.Id);
          }
        }
      }
      // A market that opened or closed changes whether its quote can be delayed.
      refreshDelays(now());
      if (form) estimateDirty = true;
    },

    /**
     * Applies one DAY_MARKET batch: each tick updates its instrument's quote and revalues the
     * holdings on that instrument, nothing else. A tick that changes no figure marks nothing.
     */
    applyTicks(ticks: readonly QuoteTick[]): void {
      const at = now();
      for (const tick of ticks) {
        const quote = quotes.get(tick.Id);
        if (quote === undefined) {
          const fresh: QuoteState = {
            close: tick.Close,
            open: tick.Open,
            high: tick.High,
            low: tick.Low,
            change: tick.Change,
            prevClose: null,
            time: tick.Time,
            receivedAt: at,
            marketStatus: tick.MarketStatus ?? instruments.get(tick.Id)?.MarketStatus,
            delayed: false,
          };
          fresh.delayed = isDelayed(tick.Id, fresh, at);
          quotes.set(tick.Id, fresh);
        } else {
          quote.receivedAt = at;
          // A market that opened or closed says so on its quote (this project's addition).
          const statusChanged =
            tick.MarketStatus !== undefined && tick.MarketStatus !== quote.marketStatus;
          if (statusChanged) quote.marketStatus = tick.MarketStatus;
          const delayed = isDelayed(tick.Id, quote, at);
          const flipped = delayed !== quote.delayed;
          quote.delayed = delayed;
          if (flipped) {
            // Fresh again (or newly delayed): its holdings and the account say so too.
            for (const id of holdingsOn.get(tick.Id) ?? []) dirtyHoldings.add(id);
            accountDirty = true;
          }
          if (
            quote.close === tick.Close &&
            quote.open === tick.Open &&
            quote.high === tick.High &&
            quote.low === tick.Low &&
            quote.change === tick.Change
          ) {
            if (flipped || statusChanged) dirtyQuotes.add(tick.Id);
            continue;
          }
          if (quote.close !== tick.Close) quote.prevClose = quote.close;
          quote.close = tick.Close;
          quote.open = tick.Open;
          quote.high = tick.High;
          quote.low = tick.Low;
          quote.change = tick.Change;
          quote.time = tick.Time;
        }
        dirtyQuotes.add(tick.Id);
        revalue(tick.Id, tick.Close);
        if (form?.instrumentId === tick.Id) estimateDirty = true;
      }
    },

    /**
     * Applies a FOREX_TRADE push: the upstream's price and P&L replace the local ones. An id the
     * model does not hold (a pending order that filled, an order from another device) asks the
     * main thread to resync.
     */
    applyHoldingUpdates(updates: readonly HoldingUpdate[]): void {
      for (const update of updates) {
        const holding = holdings.get(update.Id);
        if (!holding) {
          resync = true;
          continue;
        }
        const pnl = Number(update.FactProfits);
        holding.upstreamPrice = update.UpdatePrice;
        if (pnl === holding.pnl && update.UpdatePrice === holding.price) continue;
        holding.price = update.UpdatePrice;
        holding.pnl = pnl;
        dirtyHoldings.add(update.Id);
        accountDirty = true;
      }
    },

    /**
     * Applies a FOREX_CLOSED push: the named orders leave the holdings (and pending ones), and
     * the ids are passed on. Until the main thread re-reads the balance, a closed holding is
     * booked the way this project's account model settles one — its margin returns to the
     * balance with its last P&L — so equity does not dip in between.
     */
    applyClosed(ids: readonly number[]): void {
      for (const id of ids) {
        const holding = removeHolding(id);
        if (holding && balance !== null) balance += holding.margin + holding.pnl;
        pending.delete(id);
      }
      closed.push(...ids);
      accountDirty = true;
    },

    /** Replaces the holding orders (my_deal status 1, every page); their figures start as sent. */
    setHoldings(orders: readonly OpenOrder[]): void {
      for (const id of [...holdings.keys()]) removeHolding(id);
      for (const order of orders) addHolding(order);
      accountDirty = true;
    },

    /** Replaces the pending orders (my_deal status 0): they count in the used margin only. */
    setPending(orders: readonly Pick<OpenOrder, 'Id' | 'CautionMoney'>[]): void {
      pending.clear();
      for (const order of orders) {
        pending.set(order.Id, { margin: Number(order.CautionMoney), pnl: 0, holding: false });
      }
      accountDirty = true;
    },

    /** The balance from REST (cash not tied up in orders); `null` while unknown. */
    setBalance(value: string | number | null): void {
      balance = value === null ? null : Number(value);
      accountDirty = true;
    },

    /** Forgets everything private: holdings, pending orders and the balance (a logout). */
    clearAccount(): void {
      for (const id of [...holdings.keys()]) removeHolding(id);
      pending.clear();
      balance = null;
      crossings.reset();
      stopOutLevel = null;
      riskDirty = true;
      accountDirty = true;
    },

    /** The upstream's stop-out level (percent), `null` while it has not said. */
    setStopOutLevel(level: number | null): void {
      if (level === stopOutLevel) return;
      stopOutLevel = level;
      risk = { ...risk, stopOutLevel: level };
      riskDirty = true;
    },

    /**
     * What the browser says of its network: offline, every quote is delayed at once, until the
     * browser says it is back or a new socket opens.
     */
    setBrowserOnline(online: boolean): void {
      setPath({ browserSaidOffline: !online });
    },

    /**
     * Whether the path answered: a request got an answer (`true`) or none (`false`), or a
     * socket was let go with (`true`: the server closed it) or without an answer. An answer
     * leaves the browser's word that it is offline standing: it may come from a request sent
     * before that word, and the socket it has retried at once shows soon enough whether the path
     * is back.
     */
    setAnswered(answered: boolean): void {
      setPath({ unanswered: !answered });
    },

    /** Something came over the open socket: the path answers (a frame, a pong). */
    heard(): void {
      if (unanswered) setPath({ unanswered: false });
    },

    /** Marks the quotes that have grown too old since the last look (call every second or so). */
    checkAges(): void {
      refreshDelays(now());
    },

    /** The site's trade_fee_type (docs/product.md#entities base settings). */
    setFeeType(value: number): void {
      tradeFeeType = value;
      estimateDirty = true;
    },

    /** The order form's fields, or `null` when no form is shown. */
    setOrderForm(value: OrderForm | null): void {
      form = value === null ? null : { ...value };
      estimateDirty = true;
    },

    setSocketState(state: SocketState): void {
      socketState = state;
      // A new connection starts logged out, and tells its own upstream state if it has one.
      if (state !== 'open') {
        loggedIn = false;
        upstreamUp = true;
      }
      // A socket that opened is a new connection that answered.
      if (state === 'open') browserSaidOffline = unanswered = false;
      connectionDirty = true;
      updateLiveness();
    },

    /** A gateway's `upstream` frame. */
    setUpstream(up: boolean): void {
      upstreamUp = up;
      connectionDirty = true;
      updateLiveness();
    },

    setLoggedIn(value: boolean): void {
      loggedIn = value;
      connectionDirty = true;
    },

    /** Whether a login the gateway refused for its limits waits for its retry. */
    setAccountPaused(value: boolean): void {
      accountPaused = value;
      connectionDirty = true;
    },

    /** Asks the main thread to re-fetch the orders and the balance. */
    requestResync(): void {
      resync = true;
    },

    /** Starts watching one instrument's candles (the previous candle is dropped), or stops. */
    watchCandle(watch: { code: string; period: Period } | null): void {
      candleWatch = watch && { ...watch };
      candle = null;
      candleDirty = true;
    },

    /** The KLINE topic being watched, if any. */
    get candleTopic() {
      return candleWatch && klineTopic(candleWatch.code, candleWatch.period);
    },

    /** A KLINE frame; frames of a topic no longer watched are ignored. */
    applyCandle(topic: string, value: Candle): void {
      if (candleWatch === null || topic !== klineTopic(candleWatch.code, candleWatch.period)) {
        return;
      }
      candle = { ...value, code: candleWatch.code, period: candleWatch.period };
      candleDirty = true;
    },

    /** The connection as the user sees it now. */
    get connection(): ConnectionView {
      return connectionView();
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
            dirtyQuotes.add(id);
          }
        }
      } else if (watchedQuotes !== null) {
        for (const id of quotes.keys()) if (!watchedQuotes.has(id)) dirtyQuotes.add(id);
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
      for (const id of next ?? holdings.keys()) {
        if (holdings.has(id) && watchedHoldings !== null && !watchedHoldings.has(id)) {
          dirtyHoldings.add(id);
        }
      }
      watchedHoldings = next;
    },

    /**
     * Whether the account figures are handed out. Watched anew, the next change set carries
     * them if they differ from the ones handed out last (the main thread still holds those).
     */
    watchAccount(watched: boolean): void {
      if (watched && !accountWatched) accountDirty = true;
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
      for (const id of quotes.keys()) dirtyQuotes.add(id);
      for (const id of holdings.keys()) dirtyHoldings.add(id);
      accountDirty = estimateDirty = connectionDirty = candleDirty = riskDirty = true;
      postedAccount = postedEstimate = postedConnection = UNSENT;
      return takeChanges() ?? {};
    },
  };
}

export type LiveModel = ReturnType<typeof createLiveModel>;
