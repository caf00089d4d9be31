import {
  accountFigures,
  computeIndicators,
  copyColumns,
  createRestClient,
  DEFAULT_INDICATORS,
  type Instrument,
  mergeCandle,
  ORDER_MODE,
  ORDER_SIDE,
  ORDER_STATUS,
  orderMargin,
  orderPnl,
  routes,
  toColumns,
  type WebSocketConstructor,
} from '@pipstream/protocol';
import { createMockUpstream, type MockUpstream } from '@pipstream/protocol/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { until } from '../test-support/until.js';
import { createFoldedBatches, type FoldedBatches, foldBatch } from './batch-fold.js';
import type { LiveApi, LiveBatch } from './contract.js';
import { createLiveCore } from './core.js';

let mock: MockUpstream;
let core: LiveApi;
let state: FoldedBatches;
/** Every batch the core posted, in order. */
const batches: LiveBatch[] = [];
let token: string | undefined;
let api: ReturnType<typeof createRestClient<typeof routes>>;

beforeAll(async () => {
  mock = await createMockUpstream({ port: 0, data: ':memory:', tickMs: 50 });
  api = createRestClient(routes, {
    baseUrl: mock.url,
    getToken: () => token,
    getLang: () => 'en',
  });
  state = createFoldedBatches();
  core = createLiveCore({
    WebSocketImpl: WebSocket as unknown as WebSocketConstructor,
    socket: { backoff: { baseMs: 20, maxMs: 100 } },
  });
  core.onBatch((batch) => {
    batches.push(batch);
    foldBatch(batch, state);
  });
});

afterAll(async () => {
  core.close();
  await mock.close();
});

describe('the live core against the mock upstream', () => {
  let instrument: Instrument;

  it('goes live and follows DAY_MARKET ticks', async () => {
    const list = await api.call('tradeList', {});
    const found = list.find((i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0);
    if (!found) throw new Error('no open instrument with leverage in the mock');
    instrument = found;
    core.setInstruments(list);
    core.subscribeQuotes();
    core.connect({ wsUrl: mock.wsUrl, lang: 'en' });

    await until(() => state.connection.state === 'live', 'the connection to go live');
    expect(Object.keys(state.quotes)).toHaveLength(list.length);
    await until(() => Object.values(state.quotes).some((quote) => quote.time !== null), 'a tick');
    expect(core.status().topics).toEqual(['DAY_MARKET']);
  });

  it('posts only the quotes of watched ids, and a newly watched id at once', async () => {
    const others = Object.keys(state.quotes)
      .map(Number)
      .filter((id) => id !== instrument.Id);
    const [watched, later] = others;
    if (watched === undefined || later === undefined) throw new Error('too few instruments');
    core.watchQuotes([watched]);
    // A batch merged before the call may still carry others: judge the ones after it.
    await new Promise((resolve) => setTimeout(resolve, 60));
    batches.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 400));
    const posted = new Set(batches.flatMap((batch) => [...(batch.quotes?.keys() ?? [])]));
    expect([...posted].filter((id) => id !== watched)).toEqual([]);

    batches.length = 0;
    core.watchQuotes([watched, later]);
    await until(() => batches.some((batch) => batch.quotes?.has(later)), 'the newly watched quote');
    // Holdings and the account are still valued from every quote (next test, on `instrument`).
  });

  it('logs in, values a holding from live quotes and pushes, and keeps the account', async () => {
    const session = await api.call('createAccountDemoForU', {});
    token = session.token;
    const settings = await api.call('basicInfo', {});
    core.setFeeType(settings.trade_fee_type ?? 0);
    core.connect({ wsUrl: mock.wsUrl, lang: 'en', token });
    await until(() => state.connection.loggedIn, 'the socket login');
    expect(core.status().topics).toEqual(['DAY_MARKET', 'FOREX_TRADE', 'FOREX_CLOSED']);

    const leverage = instrument.HasForexMultiple[0]?.Value ?? 1;
    const placed = await api.call('submit', {
      type: ORDER_SIDE.BUY,
      cont: instrument.ForexMinCont,
      forex_id: instrument.Id,
      status: ORDER_MODE.MARKET,
      multiple: leverage,
    });
    const holding = await api.call('myDeal', { status: ORDER_STATUS.HOLDING, page: 1 });
    const { balance } = await api.call('getBalance', {});
    core.setHoldings(holding.data);
    core.setBalance(balance);

    const start = holding.data[0]?.UpdatePrice;
    await until(
      () => state.holdings[placed.Id] !== undefined && state.holdings[placed.Id]?.price !== start,
      'the holding to move with the market',
    );
    const row = state.holdings[placed.Id];
    if (!row) throw new Error('no holding row');
    // Local P&L and the upstream's micro-unit figure agree to the micro-unit.
    expect(row.pnl).toBeCloseTo(orderPnl(placed, row.price), 6);
    expect(state.account).toMatchObject(
      accountFigures({
        balance: Number(balance),
        orders: [{ margin: Number(placed.CautionMoney), pnl: row.pnl, holding: true }],
      }),
    );

    // Unwatched, the holding and the account are still computed but no longer posted.
    core.watchHoldings([]);
    core.watchAccount(false);
    await new Promise((resolve) => setTimeout(resolve, 60));
    batches.length = 0;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(batches.filter((batch) => batch.holdings || batch.account)).toEqual([]);
    // Watched again, both come at once with their current figures.
    batches.length = 0;
    core.watchHoldings([placed.Id]);
    core.watchAccount(true);
    await until(
      () => batches.some((batch) => batch.holdings?.has(placed.Id)),
      'the newly watched holding',
    );
    const current = state.holdings[placed.Id];
    if (!current) throw new Error('no holding row');
    expect(state.account?.floatingPnl).toBeCloseTo(orderPnl(placed, current.price), 6);

    core.setOrderForm({
      instrumentId: instrument.Id,
      lots: instrument.ForexMinCont,
      leverage,
      mode: ORDER_MODE.MARKET,
      targetPrice: 0,
    });
    await until(() => state.estimate !== null, 'the estimate');
    const estimate = state.estimate;
    expect(estimate?.margin).toBe(
      orderMargin(instrument, instrument.ForexMinCont, estimate?.price ?? Number.NaN, leverage),
    );
    expect(estimate?.affordable).toBe(true);

    await api.call('close', { id: placed.Id });
    await until(() => state.holdings[placed.Id] === undefined, 'FOREX_CLOSED to remove it');
    expect(state.orders.closedIds).toEqual([placed.Id]);
  });

  it('forwards the latest candle of the watched topic', async () => {
    core.watchCandles(instrument.Code, '1min');
    await until(() => state.candle?.code === instrument.Code, 'a candle');
    expect(state.candle).toMatchObject({ period: '1min', Time: expect.any(Number) });
    core.unwatchCandles();
    await until(() => state.candle === null, 'the candle to clear');
  });

  it('fires an armed price alert once, when a tick reaches it', async () => {
    const now = state.quotes[instrument.Id]?.close ?? 1;
    const level = now * 1.5;
    const armed = (id: string, price: number) => ({
      id,
      instrumentId: instrument.Id,
      code: instrument.ShowCode,
      precision: instrument.PricePrecision,
      condition: { kind: 'above' as const, price },
      createdAt: 1,
      firedAt: null,
    });
    const moveTo = (price: number) =>
      fetch(`${mock.url}/__control/market/price`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: instrument.Id, price }),
      });
    const fired = () => batches.flatMap((batch) => batch.alerts ?? []);
    core.setAlerts([armed('up', level)]);
    expect((await moveTo(level * 1.01)).ok).toBe(true);
    await until(() => fired().length > 0, 'the alert to fire');
    expect(fired()).toEqual([expect.objectContaining({ id: 'up', instrumentId: instrument.Id })]);
    expect(fired()[0]?.price).toBeGreaterThanOrEqual(level);
    // A later tick above both levels fires only the alert that had not fired yet, even when
    // the list still names the first as armed.
    core.setAlerts([armed('up', level), armed('higher', level * 1.1)]);
    await moveTo(level * 1.2);
    await until(() => fired().length > 1, 'the second alert to fire');
    expect(fired().map((alert) => alert.id)).toEqual(['up', 'higher']);
  });

  it('computes the chart’s indicators over its history and the live candles that follow', async () => {
    const settings = {
      ...DEFAULT_INDICATORS,
      rsi: { on: true, period: 14 },
      macd: { ...DEFAULT_INDICATORS.macd, on: true },
    };
    core.watchCandles(instrument.Code, '1min');
    core.setIndicators(settings);
    const candles = await api.call('kline', { forex_id: instrument.Id, period: '1min' });
    const columns = toColumns(candles);
    core.setChartCandles(instrument.Code, '1min', copyColumns(columns));
    const since = batches.length;
    // The series the main thread rebuilds from the batches, and the candles it saw.
    const shown: Record<string, (number | null)[]> = {};
    let liveRuns = 0;
    await until(() => {
      for (const batch of batches.splice(since)) {
        if (batch.candle) mergeCandle(columns, batch.candle);
        const update = batch.indicators;
        if (!update) continue;
        if (!update.reset) liveRuns += 1;
        for (const [key, values] of Object.entries(update.lines)) {
          const line = update.reset ? [] : (shown[key] ?? []);
          line.splice(update.from, values.length, ...values);
          shown[key] = line;
        }
      }
      return liveRuns >= 3;
    }, 'indicator values of live candles');
    const expected = computeIndicators(columns, settings);
    expect(shown.rsi).toEqual(expected.rsi);
    expect(shown['macd.signal']).toEqual(expected['macd.signal']);
    core.unwatchCandles();
  });

  it('reconnects, logs in again and asks for a resync', async () => {
    const resyncs = state.orders.resyncSeq;
    const response = await fetch(`${mock.url}/__control/sockets/drop`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.ok).toBe(true);
    await until(() => core.status().reconnects > 0, 'a reconnect');
    await until(() => state.connection.state === 'live' && state.connection.loggedIn, 'live again');
    await until(() => state.orders.resyncSeq > resyncs, 'a resync request');
  });

  it('logs out: private topics end and the account is forgotten', async () => {
    core.setBalance('100');
    await until(() => state.account !== null, 'an account');
    core.setToken(null);
    await until(() => state.account === null && !state.connection.loggedIn, 'the logout');
    expect(core.status().topics).toEqual(['DAY_MARKET']);
  });
});
