import {
  accountFigures,
  equity,
  floatingPnl,
  formatBalance,
  formatFee,
  formatMargin,
  formatPercent,
  freeMargin,
  ORDER_MODE,
  orderFee,
  orderMargin,
  orderPnl,
  QUOTE_STALE_MS,
  riskRate,
  TRADE_FEE_TYPE,
} from '@pipstream/protocol';
import { describe, expect, it } from 'vitest';
import type { LiveBatch } from './batch.js';
import { instrument, order, tick } from './fixtures.js';
import { createLiveModel, type LiveModel, type OpenOrder } from './model.js';

/** A model with instruments 1…count and the given holdings, its change set already drained. */
function modelWith(count: number, holdings: OpenOrder[] = [], balance: string | null = null) {
  const model = createLiveModel();
  model.setInstruments(Array.from({ length: count }, (_, i) => instrument(i + 1)));
  model.setHoldings(holdings);
  model.setBalance(balance);
  model.takeChanges();
  return model;
}

function changes(model: LiveModel): LiveBatch {
  const batch = model.takeChanges();
  if (!batch) throw new Error('expected changes');
  return batch;
}

describe('holding P&L from quotes', () => {
  const cases = [
    { side: 1, lots: 1, units: 100_000, open: 1.1, close: 1.1005, name: 'buy, price up' },
    { side: 1, lots: 0.01, units: 1, open: 60_000, close: 59_000.5, name: 'buy, price down' },
    { side: 2, lots: 0.5, units: 100, open: 2300, close: 2310.25, name: 'sell, price up' },
    { side: 2, lots: 2, units: 100_000, open: 155.2, close: 154.913, name: 'sell, price down' },
    { side: 2, lots: 0.03, units: 100_000, open: 1.2, close: 1.2, name: 'sell, unchanged' },
  ];

  for (const c of cases) {
    it(`equals the protocol arithmetic: ${c.name}`, () => {
      const held = order(9, 1, {
        OrderType: c.side,
        Quantity: c.lots,
        Price: c.open,
        UpdatePrice: c.open + 1,
        FactProfits: '123.45',
        ForexTradeLists: { ForexContNum: c.units, PricePrecision: 3 },
      });
      const model = modelWith(1, [held]);
      model.applyTicks([tick(1, c.close)]);
      const view = changes(model).holdings?.get(9);

      const expected = orderPnl(held, c.close);
      expect(view?.pnl).toBe(expected);
      expect(view?.pnl).toBe(
        floatingPnl(
          { side: c.side, lots: c.lots, openPrice: c.open, unitsPerLot: c.units },
          c.close,
        ),
      );
      expect(view?.price).toBe(c.close);
      expect(view?.pnlText).toBe(formatBalance(expected));
      expect(view?.priceText).toBe(c.close.toFixed(3));
      expect(view?.side).toBe(c.side === 1 ? 'buy' : 'sell');
    });
  }

  it('starts from the figures my_deal sent until a quote moves', () => {
    const model = createLiveModel();
    model.setHoldings([order(4, 1, { UpdatePrice: 1.1012, FactProfits: '120.5' })]);
    const view = changes(model).holdings?.get(4);
    expect(view).toMatchObject({ price: 1.1012, pnl: 120.5, pnlText: '120.50', margin: 1100 });
  });
});

describe('account figures', () => {
  it('equal accountFigures over holdings and pending orders, with the display decimals of the product', () => {
    const holdings = [
      order(1, 1, { OrderType: 1, Quantity: 1, Price: 1.1, CautionMoney: '1100' }),
      order(2, 2, { OrderType: 2, Quantity: 0.5, Price: 1.1, CautionMoney: '550.25' }),
    ];
    const model = modelWith(2, holdings, '10000.5');
    model.setPending([{ Id: 3, CautionMoney: '20.125' }]);
    model.applyTicks([tick(1, 1.1037), tick(2, 1.1042)]);
    const account = changes(model).account;

    const pnl1 = orderPnl(holdings[0] as OpenOrder, 1.1037);
    const pnl2 = orderPnl(holdings[1] as OpenOrder, 1.1042);
    const expected = accountFigures({
      balance: 10000.5,
      orders: [
        { margin: 1100, pnl: pnl1, holding: true },
        { margin: 550.25, pnl: pnl2, holding: true },
        { margin: 20.125, pnl: 0, holding: false },
      ],
    });
    expect(account).toMatchObject(expected);
    expect(account?.equity).toBe(equity(10000.5, expected.usedMargin, expected.floatingPnl));
    expect(account?.freeMargin).toBe(freeMargin(expected.equity, expected.usedMargin));
    expect(account?.riskRate).toBe(riskRate(expected.equity, expected.usedMargin));
    expect(account?.balanceText).toBe('10000.50');
    expect(account?.usedMarginText).toBe('1670.375000');
    expect(account?.floatingPnlText).toBe(formatBalance(expected.floatingPnl));
    expect(account?.equityText).toBe(formatBalance(expected.equity));
    expect(account?.freeMarginText).toBe(formatBalance(expected.freeMargin));
    expect(account?.riskRateText).toBe(formatPercent(expected.riskRate));
  });

  it('has no risk rate without margin, and is null while no balance is known', () => {
    const model = createLiveModel();
    model.setBalance('250');
    expect(changes(model).account).toMatchObject({
      equity: 250,
      freeMargin: 250,
      riskRate: null,
      riskRateText: '--',
    });
    model.setBalance(null);
    expect(changes(model).account).toBeNull();
  });

  it('is not posted again when a change leaves every figure as it was', () => {
    const model = modelWith(1, [], '250');
    model.setBalance('250.00');
    expect(model.takeChanges()).toBeUndefined();
  });
});

describe('order form estimate', () => {
  const fixed = instrument(2, { MarginMode: 1, FixedMargin: '12.5', ForexFeeRate: 0.75 });
  const computed = instrument(1, { ForexContNum: 100_000, ForexFeeRate: 0.0015 });
  const cases = [
    { name: 'leverage, fee on margin', terms: computed, feeType: 2, lots: 0.01, leverage: 100 },
    { name: 'leverage, fee per lot', terms: computed, feeType: 1, lots: 0.37, leverage: 200 },
    { name: 'fixed margin, fee on margin', terms: fixed, feeType: 2, lots: 3, leverage: 100 },
    { name: 'fixed margin, fee per lot', terms: fixed, feeType: 1, lots: 0.2, leverage: 1 },
  ];

  for (const c of cases) {
    it(`equals the protocol arithmetic at 6 decimals: ${c.name}`, () => {
      const model = createLiveModel();
      model.setInstruments([c.terms]);
      model.applyTicks([tick(c.terms.Id, 1.23456)]);
      model.setFeeType(c.feeType);
      model.setOrderForm({
        instrumentId: c.terms.Id,
        lots: c.lots,
        leverage: c.leverage,
        mode: ORDER_MODE.MARKET,
        targetPrice: 0,
      });
      const estimate = changes(model).estimate;

      const margin = orderMargin(c.terms, c.lots, 1.23456, c.leverage);
      const fee = orderFee(c.terms, c.feeType, c.lots, margin);
      expect(estimate).toMatchObject({ price: 1.23456, margin, fee, affordable: null });
      expect(estimate?.marginText).toBe(formatMargin(margin));
      expect(estimate?.feeText).toBe(formatFee(fee));
      expect(estimate?.marginText).toMatch(/^\d+\.\d{6}$/);
      expect(estimate?.feeText).toMatch(/^\d+\.\d{6}$/);
    });
  }

  it('shows the canonical docs/product.md#constants example exactly', () => {
    const model = createLiveModel();
    model.setInstruments([computed]);
    model.applyTicks([tick(1, 1.23456)]);
    model.setFeeType(TRADE_FEE_TYPE.PER_LOT);
    model.setOrderForm({
      instrumentId: 1,
      lots: 0.01,
      leverage: 100,
      mode: ORDER_MODE.MARKET,
      targetPrice: 0,
    });
    expect(changes(model).estimate).toMatchObject({
      marginText: '12.345600',
      feeText: '0.000015',
    });
  });

  it("follows the instrument's ticks in market mode and the target price in pending mode", () => {
    const model = createLiveModel();
    model.setInstruments([computed, instrument(3)]);
    const form = {
      instrumentId: 1,
      lots: 1,
      leverage: 100,
      mode: ORDER_MODE.MARKET,
      targetPrice: 1.5,
    };
    model.setOrderForm(form);
    expect(changes(model).estimate?.margin).toBe(orderMargin(computed, 1, 1.1, 100));

    model.applyTicks([tick(3, 1.4)]);
    expect(changes(model).estimate).toBeUndefined();
    model.applyTicks([tick(1, 1.2)]);
    expect(changes(model).estimate?.margin).toBe(orderMargin(computed, 1, 1.2, 100));

    model.setOrderForm({ ...form, mode: ORDER_MODE.PENDING });
    expect(changes(model).estimate).toMatchObject({ price: 1.5 });
    model.setOrderForm({ ...form, mode: ORDER_MODE.PENDING, targetPrice: 0 });
    expect(changes(model).estimate).toMatchObject({ price: 1.2 });
  });

  it('tells whether margin and fee fit the free margin and the balance', () => {
    const model = createLiveModel();
    model.setInstruments([computed]);
    model.setFeeType(2);
    model.setBalance('1100');
    const form = {
      instrumentId: 1,
      lots: 1,
      leverage: 100,
      mode: ORDER_MODE.MARKET,
      targetPrice: 0,
    };
    model.setOrderForm(form);
    // 1 lot at 1.1 with leverage 100 is a margin of 1100, plus a fee: just out of reach.
    expect(changes(model).estimate?.affordable).toBe(false);
    model.setOrderForm({ ...form, lots: 0.5 });
    expect(changes(model).estimate?.affordable).toBe(true);
  });

  it('is null without a usable leverage, lots or instrument', () => {
    const model = createLiveModel();
    model.setInstruments([computed]);
    const form = { instrumentId: 1, lots: 1, leverage: 0, mode: ORDER_MODE.MARKET, targetPrice: 0 };
    model.setOrderForm(form);
    expect(changes(model).estimate).toBeNull();
    model.setOrderForm({ ...form, leverage: 100 });
    expect(changes(model).estimate).not.toBeNull();
    model.setOrderForm({ ...form, leverage: 100, lots: 0 });
    expect(changes(model).estimate).toBeNull();
    model.setOrderForm({ ...form, leverage: 100, instrumentId: 99 });
    expect(model.takeChanges()).toBeUndefined();
  });
});

describe('change sets', () => {
  it('a tick batch touching 2 of 60 instruments marks only those and their holdings', () => {
    const model = modelWith(
      60,
      [
        order(100, 7),
        order(101, 7, { OrderType: 2, Quantity: 0.5 }),
        order(102, 20),
        order(103, 3),
      ],
      '5000',
    );
    model.applyTicks([tick(7, 1.1021), tick(40, 1.0987)]);
    const batch = changes(model);

    expect([...(batch.quotes?.keys() ?? [])].sort((a, b) => a - b)).toEqual([7, 40]);
    expect([...(batch.holdings?.keys() ?? [])].sort((a, b) => a - b)).toEqual([100, 101]);
    expect(batch.account).toBeDefined();
    expect(batch.connection).toBeUndefined();
    expect(batch.candle).toBeUndefined();
    expect(batch.estimate).toBeUndefined();
    expect(batch.quotes?.get(7)).toMatchObject({
      close: 1.1021,
      prevClose: 1.1,
      direction: 'up',
      closeText: '1.10210',
      changeText: '+0.50%',
    });
    expect(batch.quotes?.get(40)).toMatchObject({ direction: 'down', closeText: '1.09870' });
  });

  it('a tick that changes no figure marks nothing', () => {
    const model = modelWith(3, [order(1, 2)]);
    model.applyTicks([tick(2, 1.1034)]);
    model.takeChanges();
    model.applyTicks([tick(2, 1.1034, { Time: 1_700_000_000_500 })]);
    expect(model.takeChanges()).toBeUndefined();
  });

  it('keeps live quotes when the trade list is set again, and drops delisted instruments', () => {
    const model = modelWith(3);
    model.applyTicks([tick(2, 1.2)]);
    model.takeChanges();
    model.setInstruments([instrument(1), instrument(2, { PricePrecision: 2 })]);
    const batch = changes(model);
    expect([...(batch.quotes?.entries() ?? [])]).toEqual([
      [3, null],
      [2, expect.objectContaining({ close: 1.2, closeText: '1.20' })],
    ]);
  });

  it('a snapshot carries everything current', () => {
    const model = modelWith(5, [order(1, 2)], '10');
    const snapshot = model.snapshot();
    expect(snapshot.quotes?.size).toBe(5);
    expect(snapshot.holdings?.size).toBe(1);
    expect(snapshot.account?.balance).toBe(10);
    expect(snapshot.connection).toEqual({
      state: 'offline',
      loggedIn: false,
      accountPaused: false,
    });
    expect(snapshot.estimate).toBeNull();
    expect(snapshot.candle).toBeNull();
    expect(model.takeChanges()).toBeUndefined();
  });
});

describe('watched quotes', () => {
  it('hands out only the quotes of watched ids, and values holdings from every quote', () => {
    const model = modelWith(5, [order(7, 4)], '100000');
    model.watchQuotes([1, 2]);
    model.takeChanges();
    model.applyTicks([tick(1, 1.2), tick(3, 1.3), tick(4, 1.4)]);
    const batch = changes(model);
    expect([...(batch.quotes?.keys() ?? [])]).toEqual([1]);
    // Instrument 4 is not watched, yet its holding and the account follow its price.
    expect(batch.holdings?.get(7)).toMatchObject({ price: 1.4, pnl: orderPnl(order(7, 4), 1.4) });
    expect(batch.account?.floatingPnl).toBe(orderPnl(order(7, 4), 1.4));
  });

  it('a tick on unwatched ids only posts no quotes at all', () => {
    const model = modelWith(3);
    model.watchQuotes([1]);
    model.takeChanges();
    model.applyTicks([tick(2, 1.2), tick(3, 1.3)]);
    expect(model.takeChanges()).toBeUndefined();
  });

  it('an id watched anew gets its current quote in the next change set, once', () => {
    const model = modelWith(3);
    model.watchQuotes([1]);
    model.takeChanges();
    model.applyTicks([tick(2, 1.25)]);
    expect(model.takeChanges()).toBeUndefined();

    model.watchQuotes([1, 2]);
    const batch = changes(model);
    expect([...(batch.quotes?.keys() ?? [])]).toEqual([2]);
    expect(batch.quotes?.get(2)).toMatchObject({ close: 1.25, closeText: '1.25000' });
    // Watching the same set again posts nothing.
    model.watchQuotes([2, 1]);
    expect(model.takeChanges()).toBeUndefined();
  });

  it('stops handing out an id once it is no longer watched', () => {
    const model = modelWith(2);
    model.watchQuotes([1, 2]);
    model.takeChanges();
    model.watchQuotes([1]);
    model.applyTicks([tick(1, 1.2), tick(2, 1.3)]);
    expect([...(changes(model).quotes?.keys() ?? [])]).toEqual([1]);
  });

  it('always tells a delisting, watched or not', () => {
    const model = modelWith(3);
    model.watchQuotes([1]);
    model.takeChanges();
    model.setInstruments([instrument(1), instrument(2)]);
    expect(changes(model).quotes).toEqual(new Map([[3, null]]));
  });

  it('a snapshot carries only the watched quotes; null watches all again', () => {
    const model = modelWith(4);
    model.watchQuotes([3]);
    expect([...(model.snapshot().quotes?.keys() ?? [])]).toEqual([3]);
    model.watchQuotes(null);
    expect([...(changes(model).quotes?.keys() ?? [])].sort()).toEqual([1, 2, 4]);
  });
});

describe('watched holdings and account', () => {
  it('hands out only watched holdings, yet values every one into the account', () => {
    const model = modelWith(2, [order(7, 1), order(8, 2)], '100000');
    model.watchHoldings([7]);
    model.takeChanges();
    model.applyTicks([tick(1, 1.2), tick(2, 1.3)]);
    const batch = changes(model);
    expect([...(batch.holdings?.keys() ?? [])]).toEqual([7]);
    expect(batch.account?.floatingPnl).toBe(
      orderPnl(order(7, 1), 1.2) + orderPnl(order(8, 2), 1.3),
    );
  });

  it('a tick moving only unwatched holdings and an unwatched account posts nothing', () => {
    const model = modelWith(2, [order(7, 2)], '100000');
    model.watchQuotes([1]);
    model.watchHoldings([]);
    model.watchAccount(false);
    model.takeChanges();
    model.applyTicks([tick(2, 1.3)]);
    expect(model.takeChanges()).toBeUndefined();
  });

  it('an order watched anew gets its current figures in the next change set, once', () => {
    const model = modelWith(1, [order(7, 1)], '100000');
    model.watchHoldings([]);
    model.takeChanges();
    model.applyTicks([tick(1, 1.25)]);
    expect(changes(model).holdings).toBeUndefined();

    model.watchHoldings([7]);
    const batch = changes(model);
    expect(batch.holdings).toEqual(
      new Map([[7, expect.objectContaining({ price: 1.25, pnl: orderPnl(order(7, 1), 1.25) })]]),
    );
    model.watchHoldings([7]);
    expect(model.takeChanges()).toBeUndefined();
  });

  it('always tells a closed order, watched or not', () => {
    const model = modelWith(1, [order(7, 1)], '100000');
    model.watchHoldings([]);
    model.takeChanges();
    model.applyClosed([7]);
    expect(changes(model).holdings).toEqual(new Map([[7, null]]));
  });

  it('the account watched anew comes at once; a logout is told unwatched', () => {
    const model = modelWith(1, [order(7, 1)], '100000');
    model.watchAccount(false);
    model.takeChanges();
    model.applyTicks([tick(1, 1.3)]);
    expect(changes(model).account).toBeUndefined();

    model.watchAccount(true);
    expect(changes(model).account).toMatchObject({
      balance: 100000,
      floatingPnl: orderPnl(order(7, 1), 1.3),
    });
    // Nothing moved since: watching again hands out nothing new.
    model.watchAccount(false);
    model.watchAccount(true);
    expect(model.takeChanges()).toBeUndefined();

    model.watchAccount(false);
    model.clearAccount();
    expect(changes(model).account).toBeNull();
  });

  it('a snapshot carries only watched holdings and no unwatched account', () => {
    const model = modelWith(1, [order(7, 1), order(8, 1)], '100000');
    model.watchHoldings([8]);
    model.watchAccount(false);
    const snapshot = model.snapshot();
    expect([...(snapshot.holdings?.keys() ?? [])]).toEqual([8]);
    expect(snapshot).not.toHaveProperty('account');
    model.watchAccount(true);
    expect(changes(model).account?.balance).toBe(100000);
  });
});

describe('FOREX_TRADE and FOREX_CLOSED', () => {
  it('upstream figures win when they arrive, until the price moves', () => {
    const model = modelWith(1, [order(5, 1)], '1000');
    model.applyTicks([tick(1, 1.1005)]);
    expect(changes(model).holdings?.get(5)?.pnl).toBe(orderPnl(order(5, 1), 1.1005));

    model.applyHoldingUpdates([{ Id: 5, UpdatePrice: 1.1005, FactProfits: '49.99' }]);
    const pushed = changes(model);
    expect(pushed.holdings?.get(5)).toMatchObject({ price: 1.1005, pnl: 49.99, pnlText: '49.99' });
    expect(pushed.account?.floatingPnl).toBe(49.99);

    // Another tick at the upstream's price (only the high moved) keeps the upstream's figure.
    model.applyTicks([tick(1, 1.1005, { High: 1.2 })]);
    expect(changes(model).holdings).toBeUndefined();

    model.applyTicks([tick(1, 1.1011)]);
    expect(changes(model).holdings?.get(5)?.pnl).toBe(orderPnl(order(5, 1), 1.1011));
  });

  it('a push for an order it does not hold asks for a resync', () => {
    const model = modelWith(1, [order(5, 1)]);
    model.applyHoldingUpdates([{ Id: 77, UpdatePrice: 1.2, FactProfits: '3' }]);
    expect(changes(model)).toEqual({ resync: true });
  });

  it('closed ids leave holdings and pending orders, and are passed on', () => {
    const held = order(5, 1, { CautionMoney: '1100' });
    const model = modelWith(1, [held, order(6, 1)], '1000');
    model.setPending([{ Id: 8, CautionMoney: '30' }]);
    model.applyTicks([tick(1, 1.1003)]);
    model.takeChanges();

    model.applyClosed([5, 8]);
    const batch = changes(model);
    expect(batch.closed).toEqual([5, 8]);
    expect([...(batch.holdings?.entries() ?? [])]).toEqual([[5, null]]);
    const pnl6 = orderPnl(order(6, 1), 1.1003);
    // Until the balance is re-read, the closed holding's margin and P&L are booked back.
    const balance = 1000 + (1100 + orderPnl(held, 1.1003));
    expect(batch.account).toMatchObject(
      accountFigures({ balance, orders: [{ margin: 1100, pnl: pnl6, holding: true }] }),
    );

    model.applyTicks([tick(1, 1.2)]);
    expect([...(changes(model).holdings?.keys() ?? [])]).toEqual([6]);
  });

  it('clearing the account forgets holdings, pending orders and the balance', () => {
    const model = modelWith(1, [order(5, 1)], '1000');
    model.clearAccount();
    const batch = changes(model);
    expect(batch.holdings?.get(5)).toBeNull();
    expect(batch.account).toBeNull();
  });
});

describe('connection and candles', () => {
  it('is live only while the socket is open and the upstream up', () => {
    const model = createLiveModel();
    model.setSocketState('connecting');
    expect(changes(model).connection).toEqual({
      state: 'connecting',
      loggedIn: false,
      accountPaused: false,
    });
    model.setSocketState('open');
    model.setLoggedIn(true);
    expect(changes(model).connection).toEqual({
      state: 'live',
      loggedIn: true,
      accountPaused: false,
    });
    model.setUpstream(false);
    expect(changes(model).connection?.state).toBe('reconnecting');
    model.setSocketState('reconnecting');
    expect(changes(model).connection).toEqual({
      state: 'reconnecting',
      loggedIn: false,
      accountPaused: false,
    });
    model.setSocketState('open');
    expect(changes(model).connection?.state).toBe('live');
    model.setSocketState('closed');
    expect(changes(model).connection?.state).toBe('offline');
  });

  it('forwards the latest candle of the watched topic only', () => {
    const model = createLiveModel();
    const candle = { Time: 1_700_000_040, Open: 1, High: 2, Low: 0.5, Close: 1.5, Volume: 10 };
    model.watchCandle({ code: 'EURUSD', period: '5min' });
    expect(model.candleTopic).toBe('KLINE.EURUSD.5min');
    expect(changes(model).candle).toBeNull();

    model.applyCandle('KLINE.EURUSD.1min', candle);
    expect(model.takeChanges()).toBeUndefined();
    model.applyCandle('KLINE.EURUSD.5min', candle);
    expect(changes(model).candle).toEqual({ ...candle, code: 'EURUSD', period: '5min' });

    model.watchCandle(null);
    expect(model.candleTopic).toBeNull();
    expect(changes(model).candle).toBeNull();
  });
});

describe('market status', () => {
  it('follows a quote that says its market closed or opened, and the trade list', () => {
    const model = modelWith(2);
    model.setSocketState('open');
    model.applyTicks([tick(1, 1.1), tick(2, 1.1)]);
    expect(model.takeChanges()?.quotes?.get(1)).toMatchObject({ closed: false, delayed: false });
    // The market closes: its quote, unmoved, says so; nothing else changes.
    model.applyTicks([tick(1, 1.1, { MarketStatus: 2 })]);
    const closed = model.takeChanges()?.quotes;
    expect([...(closed?.keys() ?? [])]).toEqual([1]);
    expect(closed?.get(1)).toMatchObject({ closed: true, delayed: false });
    // A quote without the field leaves it as it is.
    model.applyTicks([tick(1, 1.1)]);
    expect(model.takeChanges()?.quotes).toBeUndefined();
    // It opens again.
    model.applyTicks([tick(1, 1.1, { MarketStatus: 1 })]);
    expect(model.takeChanges()?.quotes?.get(1)).toMatchObject({ closed: false });
    // A trade list that says closed may have been read before the feed's last word: the feed's
    // stands. Where the feed never told the status, the list's is all there is.
    model.setInstruments([instrument(1, { MarketStatus: 2 }), instrument(2, { MarketStatus: 2 })]);
    const listed = model.takeChanges()?.quotes;
    expect(listed?.get(1)).toBeUndefined();
    expect(listed?.get(2)).toMatchObject({ closed: true });
  });

  it('starts a quote from a kept list with the time its price was quoted', () => {
    const model = createLiveModel();
    model.setInstruments([instrument(1), instrument(2)], { 1: 1_600_000_000_000 });
    const quotes = model.takeChanges()?.quotes;
    expect(quotes?.get(1)).toMatchObject({ time: 1_600_000_000_000, delayed: true });
    expect(quotes?.get(2)).toMatchObject({ time: null });
  });
});

// On a clock the test moves: quote freshness through the connection, holdings and account.
/** A model on a clock the test moves, with instrument 1 (open) and 2 (closed), live. */
function liveModel() {
  const clock = { now: 1_000_000 };
  const model = createLiveModel({ now: () => clock.now });
  model.setInstruments([instrument(1), instrument(2, { MarketStatus: 2 })]);
  model.setSocketState('open');
  model.applyTicks([tick(1, 1.1)]);
  model.takeChanges();
  return { model, clock };
}

const delayedOf = (model: ReturnType<typeof createLiveModel>, id: number) =>
  model.snapshot().quotes?.get(id)?.delayed;

describe('quote freshness', () => {
  it('marks an open market’s quote delayed once none came for QUOTE_STALE_MS, fresh on the next', () => {
    const { model, clock } = liveModel();
    clock.now += QUOTE_STALE_MS;
    model.checkAges();
    expect(model.takeChanges()?.quotes).toBeUndefined();
    clock.now += 1;
    model.checkAges();
    expect(model.takeChanges()?.quotes?.get(1)?.delayed).toBe(true);
    // The same price again (a refresh) makes it fresh: age, not movement, counts.
    model.applyTicks([tick(1, 1.1)]);
    expect(model.takeChanges()?.quotes?.get(1)?.delayed).toBe(false);
    // A closed market sends nothing and is not delayed for it.
    expect(delayedOf(model, 2)).toBe(false);
  });

  it('delays every quote while the browser is offline, until a quote comes after it is back', () => {
    const { model, clock } = liveModel();
    model.setBrowserOnline(false);
    const batch = model.takeChanges();
    expect(batch?.connection?.state).toBe('offline');
    expect(batch?.quotes?.get(1)?.delayed).toBe(true);
    expect(batch?.quotes?.get(2)?.delayed).toBe(true);
    // A quote that still arrives while offline is not trusted.
    model.applyTicks([tick(1, 1.2)]);
    expect(delayedOf(model, 1)).toBe(true);
    clock.now += 10;
    model.setBrowserOnline(true);
    expect(model.takeChanges()?.connection?.state).toBe('live');
    // Live again, but the last quote is from before: still delayed until a fresh one.
    expect(delayedOf(model, 1)).toBe(true);
    expect(delayedOf(model, 2)).toBe(false);
    clock.now += 10;
    model.applyTicks([tick(1, 1.2)]);
    expect(delayedOf(model, 1)).toBe(false);
  });

  it('delays quotes while the socket is down or the gateway says its upstream is', () => {
    const { model } = liveModel();
    model.setUpstream(false);
    expect(model.takeChanges()?.quotes?.get(1)?.delayed).toBe(true);
    model.setUpstream(true);
    model.applyTicks([tick(1, 1.1)]);
    expect(delayedOf(model, 1)).toBe(false);
    model.setSocketState('reconnecting');
    expect(delayedOf(model, 1)).toBe(true);
  });

  it('marks a holding and the account delayed with its quote', () => {
    const { model, clock } = liveModel();
    model.setBalance('10000');
    model.setHoldings([order(7, 1)]);
    expect(model.takeChanges()?.account?.delayed).toBe(false);
    clock.now += QUOTE_STALE_MS + 1;
    model.checkAges();
    const batch = model.takeChanges();
    expect(batch?.holdings?.get(7)?.delayed).toBe(true);
    expect(batch?.account?.delayed).toBe(true);
  });
});

describe('risk crossings', () => {
  it('posts each downward crossing of a warning level once, with the stop-out level', () => {
    const { model } = liveModel();
    model.setStopOutLevel(50);
    // 1 lot at 1.1 with 100× leverage: 1 100 margin; equity = balance + margin + P&L.
    model.setBalance('600');
    model.setHoldings([order(7, 1)]);
    // Equity 1 700 of 1 100: 154.5 %, clear.
    expect(model.takeChanges()?.risk).toMatchObject({ band: 0, crossings: 0, stopOutLevel: 50 });
    // −100: equity 1 600, 145.45 %: the warning.
    model.applyTicks([tick(1, 1.099)]);
    expect(model.takeChanges()?.risk).toMatchObject({
      band: 1,
      crossings: 1,
      level: 150,
      riskRateText: '145.45%',
    });
    // Lower still within the band: no new crossing, but the rate the banner shows follows.
    model.applyTicks([tick(1, 1.0985)]);
    expect(model.takeChanges()?.risk).toMatchObject({
      band: 1,
      crossings: 1,
      riskRateText: '140.91%',
    });
    // The same figures again: nothing posted.
    model.applyTicks([tick(1, 1.0985)]);
    expect(model.takeChanges()?.risk).toBeUndefined();
    // −700: equity 1 000, 90.91 %: the margin call.
    model.applyTicks([tick(1, 1.093)]);
    expect(model.takeChanges()?.risk).toMatchObject({ band: 2, crossings: 2, level: 100 });
  });

  it('posts nothing on a tick while clear of every level', () => {
    const { model } = liveModel();
    model.setBalance('6000');
    model.setHoldings([order(7, 1)]);
    model.takeChanges();
    model.applyTicks([tick(1, 1.0999)]);
    expect(model.takeChanges()?.risk).toBeUndefined();
  });
});
