import { describe, expect, it } from 'vitest';
import type { QuoteTick } from '../../schemas/market.js';
import { ORDER_STATUS } from '../../schemas/order.js';
import { LEDGER_KIND } from '../services/ledger.js';
import { setup } from './test-support.js';

describe('engine: pending orders', () => {
  it('fills a target below the placing price once the market falls to it', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { status: 0, target_price: 1.09, cont: 0.1 });

    t.setPrice('EURUSD', 1.095);
    expect(t.row(data.Id).status).toBe(ORDER_STATUS.PENDING);
    expect(t.row(data.Id).update_price).toBe(1.095);
    expect(t.events.holdings).toEqual([]);

    t.setPrice('EURUSD', 1.089);
    // Filled at its target; valued at the tick: (1.089 − 1.09) × 0.1 × 100 000.
    expect(t.row(data.Id)).toMatchObject({ status: 1, price: 1.09, update_price: 1.089 });
    expect(t.events.holdings).toEqual([
      { userId: alice.id, updates: [{ Id: data.Id, UpdatePrice: 1.089, FactProfits: '-10' }] },
    ]);
    // Margin stays as taken at placement.
    expect(t.money(alice)).toEqual({ balance: '9890.891', lock: '109' });
  });

  it('fills a target above the placing price once the market rises to it (a sell too)', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { type: 2, status: 0, target_price: 1.11, cont: 0.1 });
    t.setPrice('EURUSD', 1.105);
    expect(t.row(data.Id).status).toBe(ORDER_STATUS.PENDING);
    t.setPrice('EURUSD', 1.11);
    expect(t.row(data.Id)).toMatchObject({ status: 1, price: 1.11 });
    const { data: list } = await t.call('myDeal', alice, { status: 1 });
    expect(list.data.map((order) => order.Id)).toEqual([data.Id]);
  });

  it('closes a freshly filled order whose stop loss the same tick crossed', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, {
      status: 0,
      target_price: 1.09,
      stop_loss_price: 1.08,
      cont: 0.1,
    });
    // A gap from 1.1 to 1.07 reaches the target and the stop loss at once.
    t.setPrice('EURUSD', 1.07);
    expect(t.row(data.Id)).toMatchObject({
      status: ORDER_STATUS.CLOSED,
      price: 1.09,
      close_reason: 'stop_loss',
      update_price: 1.08,
      profit_micros: -100_000_000,
    });
    expect(t.events.closed).toEqual([{ userId: alice.id, ids: [data.Id] }]);
    expect(t.money(alice).lock).toBe('0');
  });
});

describe('engine: stop loss and take profit', () => {
  const cases = [
    // side, stop loss, take profit, price that crosses, reason, close price, realised P&L
    [1, 1.09, 1.12, 1.085, 'stop_loss', 1.09, '-1000'],
    [1, 1.09, 1.12, 1.125, 'take_profit', 1.12, '2000'],
    [2, 1.11, 1.08, 1.115, 'stop_loss', 1.11, '-1000'],
    [2, 1.11, 1.08, 1.07, 'take_profit', 1.08, '2000'],
  ] as const;

  for (const [type, sl, tp, crossing, reason, closePrice, profit] of cases) {
    it(`${type === 1 ? 'buy' : 'sell'} closes at its ${reason} level`, async () => {
      const t = setup();
      const alice = t.user({ balance: '10000' });
      const { data } = await t.submit(alice, {
        type,
        cont: 1,
        stop_loss_price: sl,
        target_profit_price: tp,
      });
      // A move that reaches neither level only revalues.
      t.setPrice('EURUSD', 1.101);
      expect(t.row(data.Id).status).toBe(ORDER_STATUS.HOLDING);

      t.setPrice('EURUSD', crossing);
      expect(t.row(data.Id)).toMatchObject({
        status: ORDER_STATUS.CLOSED,
        close_reason: reason,
        update_price: closePrice,
      });
      expect(t.events.closed).toEqual([{ userId: alice.id, ids: [data.Id] }]);
      // 10 000 − 1.1 fee + P&L; the margin came back.
      expect(t.money(alice)).toEqual({
        balance: String(10_000 - 1.1 + Number(profit)),
        lock: '0',
      });
      expect(t.ledger.sum(alice.id)).toBe(t.ledger.balances(alice.id).balance);
      const kinds = t.ledgerRows(alice).map((row) => Number(row.type));
      expect(kinds).toEqual([
        LEDGER_KIND.ADJUSTMENT,
        LEDGER_KIND.MARGIN,
        LEDGER_KIND.FEE,
        LEDGER_KIND.MARGIN_RETURN,
        LEDGER_KIND.PROFIT,
      ]);
      const { data: history } = await t.call('myDeal', alice, { status: 3 });
      expect(history.data[0]).toMatchObject({ Id: data.Id, FactProfits: profit, Status: 3 });
    });
  }
});

describe('engine: stop-out', () => {
  it('closes the worst-losing holding until the risk rate is above the level', async () => {
    const t = setup({ stopOutLevel: 50 });
    const bob = t.user({ balance: '5000' });
    const long = await t.submit(bob, { type: 1, cont: 2 }); // margin 2200, fee 2.2
    const short = await t.submit(bob, { type: 2, cont: 1 }); // margin 1100, fee 1.1
    expect(t.money(bob)).toEqual({ balance: '1696.7', lock: '3300' });

    // Equity 1696.7 + 3300 − 7000 + 3500 = 1496.7 on 3300 used: 45 % ≤ 50 %.
    t.setPrice('EURUSD', 1.065);
    expect(t.row(long.data.Id)).toMatchObject({ status: 3, close_reason: 'stop_out' });
    // Then 1496.7 on 1100 used is 136 %: the winning short stays open.
    expect(t.row(short.data.Id).status).toBe(ORDER_STATUS.HOLDING);
    expect(t.events.closed).toEqual([{ userId: bob.id, ids: [long.data.Id] }]);
    expect(t.money(bob)).toEqual({ balance: '-3103.3', lock: '1100' });
    expect(t.ledger.sum(bob.id)).toBe(t.ledger.balances(bob.id).balance);
  });

  it('leaves an account above the level alone', async () => {
    const t = setup({ stopOutLevel: 50 });
    const bob = t.user({ balance: '5000' });
    const long = await t.submit(bob, { type: 1, cont: 2 });
    await t.submit(bob, { type: 2, cont: 1 });
    // Equity 1996.7 on 3300: 60 %.
    t.setPrice('EURUSD', 1.07);
    expect(t.row(long.data.Id).status).toBe(ORDER_STATUS.HOLDING);
    expect(t.events.closed).toEqual([]);
  });

  it('closes everything when no single close brings the account back', async () => {
    const t = setup({ stopOutLevel: 50 });
    const carol = t.user({ balance: '2300' });
    const a = await t.submit(carol, { cont: 0.5 });
    const b = await t.submit(carol, { cont: 1 });
    // Used 1650, balance 648.35; at 1.07 the loss is 4500: equity is negative, and stays so.
    t.setPrice('EURUSD', 1.07);
    // The worst loser goes first.
    expect(t.events.closed).toEqual([{ userId: carol.id, ids: [b.data.Id, a.data.Id] }]);
    expect(t.money(carol)).toEqual({ balance: '-2201.65', lock: '0' });
    expect(t.ledger.sum(carol.id)).toBe(t.ledger.balances(carol.id).balance);
  });

  it('applies a new level from the control API at once', async () => {
    const t = setup();
    const dave = t.user({ balance: '10000' });
    const { data } = await t.submit(dave, { cont: 1 });
    const action = t.service.controls.find((c) => c.path === '/trading/stop-out');
    if (!action) throw new Error('no stop-out control');
    expect(action.input.safeParse({ level: -1 }).success).toBe(false);
    // Risk rate 9998.9 ÷ 1100 ≈ 909 %.
    expect(action.run(action.input.parse({ level: 900 }))).toEqual({ level: 900, closed: [] });
    expect(action.run(action.input.parse({ level: 1000 }))).toEqual({
      level: 1000,
      closed: [data.Id],
    });
    expect(t.events.closed).toEqual([{ userId: dave.id, ids: [data.Id] }]);
    // The level stays: a new order is stopped out at its first tick.
    const next = await t.submit(dave, { cont: 1 });
    t.setPrice('EURUSD', 1.1001);
    expect(t.row(next.data.Id).close_reason).toBe('stop_out');
  });
});

describe('engine: pushes', () => {
  it('sends each user only their own holdings, and only where the price moved', async () => {
    const t = setup();
    const alice = t.user();
    const bob = t.user();
    const carol = t.user();
    const a = await t.submit(alice, { cont: 0.1 });
    const b = await t.submit(bob, { cont: 0.2, type: 2 });
    await t.submit(bob, { status: 0, target_price: 1.05, cont: 0.1 });
    await t.submit(carol, { forex_id: t.id('GBPUSD'), cont: 0.1 });

    t.setPrice('EURUSD', 1.102);
    expect(t.events.holdings).toEqual([
      { userId: alice.id, updates: [{ Id: a.data.Id, UpdatePrice: 1.102, FactProfits: '20' }] },
      { userId: bob.id, updates: [{ Id: b.data.Id, UpdatePrice: 1.102, FactProfits: '-40' }] },
    ]);
    // The same price again changes nothing: nothing is pushed.
    t.setPrice('EURUSD', 1.102);
    expect(t.events.holdings).toHaveLength(2);
    // Valuations are persisted with the batch.
    expect(t.row(a.data.Id)).toMatchObject({ update_price: 1.102, profit_micros: 20_000_000 });
  });

  it('reacts to a batch over 60 instruments and 1000 open orders in a few milliseconds', async () => {
    const t = setup();
    const tradable = t.market
      .instruments()
      .filter((i) => i.MarketStatus === 1 && i.HasForexMultiple.length > 0);
    const users = Array.from({ length: 100 }, () => t.user({ balance: '100000000' }));
    let placed = 0;
    for (let n = 0; placed < 1000; n++) {
      const instrument = tradable[n % tradable.length];
      const user = users[n % users.length];
      if (!instrument || !user) throw new Error('no instrument or user');
      await t.submit(user, {
        forex_id: instrument.Id,
        cont: instrument.ForexMinCont,
        multiple: instrument.HasForexMultiple[0]?.Value,
        type: (n % 2) + 1,
      });
      placed += 1;
    }
    const ticks: QuoteTick[] = t.market.lastTicks().map((tick) => ({
      ...tick,
      Close: tick.Close * 1.0001,
    }));
    expect(ticks.length).toBeGreaterThanOrEqual(60);

    const started = performance.now();
    t.deps.events.emit('ticks', ticks);
    const elapsed = performance.now() - started;

    const pushed = t.events.holdings.reduce((n, event) => n + event.updates.length, 0);
    expect(pushed).toBe(1000);
    expect(new Set(t.events.holdings.map((event) => event.userId)).size).toBe(100);
    const persisted = t.deps.db
      .prepare('SELECT COUNT(*) AS n FROM orders WHERE update_price <> price')
      .get() as { n: number };
    expect(persisted.n).toBe(1000);
    expect(elapsed).toBeLessThan(250);
  });

  it('ignores ticks of instruments without open orders', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { cont: 0.1 });
    t.setPrice('GBPUSD', 1.3);
    expect(t.events.holdings).toEqual([]);
    expect(t.row(data.Id).update_price).toBe(1.1);
  });
});
