import { subscribe } from 'valtio/vanilla';
import { describe, expect, it } from 'vitest';
import { nextTask } from '../test-support/until.js';
import type { AccountView, HoldingView, QuoteView } from '../worker/contract.js';
import { applyBatch, createLiveState, subscribeRow, subscribeSlot } from './store.js';

function quote(id: number, close: number, extra: Partial<QuoteView> = {}): QuoteView {
  return {
    id,
    close,
    open: 1,
    high: 2,
    low: 0.5,
    change: 0.1,
    prevClose: null,
    direction: 'flat',
    time: 1,
    closeText: close.toFixed(2),
    changeText: '+0.10%',
    delayed: false,
    closed: false,
    ...extra,
  };
}

function holding(id: number, pnl: number): HoldingView {
  return {
    id,
    instrumentId: 1,
    side: 'buy',
    lots: 1,
    openPrice: 1,
    margin: 10,
    price: 1,
    pnl,
    priceText: '1.00',
    pnlText: pnl.toFixed(2),
    delayed: false,
  };
}

const account: AccountView = {
  balance: 100,
  usedMargin: 10,
  floatingPnl: 0,
  equity: 110,
  freeMargin: 100,
  riskRate: 1100,
  balanceText: '100.00',
  usedMarginText: '10.000000',
  floatingPnlText: '0.00',
  equityText: '110.00',
  freeMarginText: '100.00',
  riskRateText: '1100.00%',
  delayed: false,
  riskBand: 0,
};

/** Counts synchronous valtio notifications of `target`. */
function counter(target: object) {
  const seen = { count: 0 };
  subscribe(target, () => seen.count++, true);
  return seen;
}

describe('applyBatch', () => {
  it('notifies only the subscribers of rows whose values changed', () => {
    const state = createLiveState();
    applyBatch(
      {
        quotes: new Map([
          [1, quote(1, 1.1)],
          [2, quote(2, 2.2)],
        ]),
      },
      state,
    );
    const row1 = state.quotes[1];
    const row2 = state.quotes[2];
    if (!row1 || !row2) throw new Error('rows missing');
    const seen1 = counter(row1);
    const seen2 = counter(row2);

    applyBatch(
      {
        quotes: new Map([
          [1, quote(1, 1.15, { prevClose: 1.1, direction: 'up' })],
          [2, quote(2, 2.2)],
        ]),
      },
      state,
    );
    expect(seen1.count).toBeGreaterThan(0);
    expect(seen2.count).toBe(0);
    // Rows are updated in place: a component holding the row keeps following it.
    expect(state.quotes[1]).toBe(row1);
    expect(row1).toMatchObject({ close: 1.15, direction: 'up', closeText: '1.15' });
  });

  it('leaves the whole state silent when a batch changes no value', () => {
    const state = createLiveState();
    const batch = {
      quotes: new Map([[1, quote(1, 1.1)]]),
      holdings: new Map([[7, holding(7, 3)]]),
      account,
      connection: { state: 'live' as const, loggedIn: true, accountPaused: false },
    };
    applyBatch(batch, state);
    const seen = counter(state);
    applyBatch(structuredClone(batch), state);
    expect(seen.count).toBe(0);
  });

  it('adds and removes holdings by id', () => {
    const state = createLiveState();
    applyBatch(
      {
        holdings: new Map([
          [7, holding(7, 3)],
          [8, holding(8, 4)],
        ]),
      },
      state,
    );
    const row8 = state.holdings[8];
    if (!row8) throw new Error('row missing');
    const seen8 = counter(row8);
    applyBatch({ holdings: new Map([[7, null]]) }, state);
    expect(Object.keys(state.holdings)).toEqual(['8']);
    expect(seen8.count).toBe(0);
  });

  it('keeps the account object and writes only its changed figures', () => {
    const state = createLiveState();
    applyBatch({ account }, state);
    const first = state.account;
    if (!first) throw new Error('no account');
    const seen = counter(first);
    applyBatch({ account: { ...account, floatingPnl: 5, floatingPnlText: '5.00' } }, state);
    expect(state.account).toBe(first);
    expect(first.floatingPnlText).toBe('5.00');
    expect(seen.count).toBe(2);
    applyBatch({ account: null }, state);
    expect(state.account).toBeNull();
  });

  it('turns closed ids and resync requests into moving counters', () => {
    const state = createLiveState();
    applyBatch({ closed: [3, 4] }, state);
    applyBatch({ closed: [9], resync: true }, state);
    expect(state.orders).toEqual({ closedIds: [9], closedSeq: 2, resyncSeq: 1 });
  });

  it('sets and clears the estimate, the candle and the connection', () => {
    const state = createLiveState();
    const candle = {
      Time: 60,
      Open: 1,
      High: 2,
      Low: 1,
      Close: 2,
      Volume: 3,
      code: 'EURUSD',
      period: '1min' as const,
    };
    applyBatch(
      { candle, connection: { state: 'reconnecting', loggedIn: false, accountPaused: false } },
      state,
    );
    expect(state.candle).toEqual(candle);
    expect(state.connection.state).toBe('reconnecting');
    applyBatch({ candle: { ...candle, Close: 2.5 } }, state);
    expect(state.candle?.Close).toBe(2.5);
    applyBatch({ candle: null, estimate: null }, state);
    expect(state.candle).toBeNull();
    expect(state.estimate).toBeNull();
  });
});

describe('subscribeRow', () => {
  it('hears its own row change, appear and go, and not the others', async () => {
    const state = createLiveState();
    const heard: (string | undefined)[] = [];
    const leave = subscribeRow(state.quotes, 1, (row) => heard.push(row?.closeText));

    applyBatch({ quotes: new Map([[2, quote(2, 5)]]) }, state);
    await nextTask();
    expect(heard).toEqual([]);

    applyBatch({ quotes: new Map([[1, quote(1, 1.5)]]) }, state);
    await nextTask();
    applyBatch({ quotes: new Map([[1, quote(1, 1.75)]]) }, state);
    await nextTask();
    applyBatch({ quotes: new Map([[2, quote(2, 6)]]) }, state);
    await nextTask();
    applyBatch({ quotes: new Map([[1, null]]) }, state);
    await nextTask();
    expect(heard).toEqual(['1.50', '1.75', undefined]);

    leave();
    applyBatch({ quotes: new Map([[1, quote(1, 2)]]) }, state);
    await nextTask();
    expect(heard).toEqual(['1.50', '1.75', undefined]);
  });
});

describe('subscribeSlot', () => {
  const account = (balance: number) => ({
    balance,
    usedMargin: 0,
    floatingPnl: 0,
    equity: balance,
    freeMargin: balance,
    riskRate: null,
    balanceText: balance.toFixed(2),
    usedMarginText: '0.000000',
    floatingPnlText: '0.00',
    equityText: balance.toFixed(2),
    freeMarginText: balance.toFixed(2),
    riskRateText: '--',
    delayed: false,
    riskBand: 0,
  });

  it('hears the account change in place, go and come back, and not the quotes', async () => {
    const state = createLiveState();
    const heard: (string | undefined)[] = [];
    const leave = subscribeSlot(state, 'account', (value) => heard.push(value?.balanceText));

    applyBatch({ account: account(100) }, state);
    await nextTask();
    applyBatch({ quotes: new Map([[1, quote(1, 1.5)]]) }, state);
    await nextTask();
    applyBatch({ account: account(120) }, state);
    await nextTask();
    applyBatch({ account: null }, state);
    await nextTask();
    applyBatch({ account: account(90) }, state);
    await nextTask();
    expect(heard).toEqual(['100.00', '120.00', undefined, '90.00']);

    leave();
    applyBatch({ account: account(80) }, state);
    await nextTask();
    expect(heard).toHaveLength(4);
  });
});
