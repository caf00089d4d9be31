import { describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import { ORDER_STATUS } from '../../schemas/order.js';
import { createLedger, LEDGER_KIND } from '../services/ledger.js';
import { createTradingService, MY_DEAL_PAGE_SIZE } from './api.js';
import { setup } from './test-support.js';

describe('close', () => {
  it('closes a holding at the market price, books the P&L and pushes the id', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const { data } = await t.submit(alice, { cont: 1 });
    t.setPrice('EURUSD', 1.1035);
    t.deps.clock.advance(60_000);

    const { data: ack, msg } = await t.call('close', alice, { id: data.Id });
    expect(ack).toBeNull();
    expect(msg).toBe('trade.closed');
    expect(t.events.closed).toEqual([{ userId: alice.id, ids: [data.Id] }]);
    // 10 000 − 1.1 fee + 350 profit.
    expect(t.money(alice)).toEqual({ balance: '10348.9', lock: '0' });
    expect(t.ledgerRows(alice).slice(-2)).toEqual([
      {
        type: BigInt(LEDGER_KIND.MARGIN_RETURN),
        value: 1_100_000_000n,
        key: 'ledger.margin_return',
        params: JSON.stringify({ id: data.Id }),
      },
      {
        type: BigInt(LEDGER_KIND.PROFIT),
        value: 350_000_000n,
        key: 'ledger.profit',
        params: JSON.stringify({ id: data.Id }),
      },
    ]);
    const row = t.row(data.Id);
    expect(row).toMatchObject({
      status: ORDER_STATUS.CLOSED,
      close_reason: 'manual',
      update_price: 1.1035,
      profit_micros: 350_000_000,
    });
    expect((row.completed_at ?? 0) - row.created_at).toBeGreaterThanOrEqual(60_000);
    const { data: history } = await t.call('myDeal', alice, { status: 3 });
    expect(history.data[0]).toMatchObject({
      Id: data.Id,
      Status: 3,
      UpdatePrice: 1.1035,
      FactProfits: '350',
    });
    expect(history.data[0]?.CompleteTimeHandler).not.toBe(history.data[0]?.CreateTimeHandler);
  });

  it('books a loss as a negative PROFIT row', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const { data } = await t.submit(alice, { cont: 1, type: 2 });
    t.setPrice('EURUSD', 1.101);
    await t.call('close', alice, { id: data.Id });
    expect(t.ledgerRows(alice).at(-1)?.value).toBe(-100_000_000n);
    expect(t.money(alice)).toEqual({ balance: '9898.9', lock: '0' });
    expect(t.ledger.sum(alice.id)).toBe(t.ledger.balances(alice.id).balance);
  });

  it('refuses an unknown order, someone else’s, a pending one, a closed one and a closed market', async () => {
    const t = setup();
    const alice = t.user();
    const bob = t.user();
    const holding = await t.submit(alice, { cont: 0.1 });
    const pending = await t.submit(alice, { cont: 0.1, status: 0, target_price: 1 });

    const unknown = await t.refusal('close', alice, { id: 99_999 });
    expect([unknown.key, unknown.code]).toEqual(['trade.order_not_found', CODE.NOT_FOUND]);
    const foreign = await t.refusal('close', bob, { id: holding.data.Id });
    expect([foreign.key, foreign.code]).toEqual(['trade.order_not_found', CODE.NOT_FOUND]);
    expect((await t.refusal('close', alice, { id: pending.data.Id })).key).toBe(
      'trade.order_not_holding',
    );

    t.market.setMarketStatus(t.id('EURUSD'), 2);
    expect((await t.refusal('close', alice, { id: holding.data.Id })).key).toBe(
      'trade.market_closed',
    );
    t.market.setMarketStatus(t.id('EURUSD'), 1);
    await t.call('close', alice, { id: holding.data.Id });
    expect((await t.refusal('close', alice, { id: holding.data.Id })).key).toBe(
      'trade.order_not_holding',
    );
    expect(routes.close.request.safeParse({ id: 0 }).success).toBe(false);
    expect(routes.close.request.safeParse({}).success).toBe(false);
  });
});

describe('cancelTrade', () => {
  it('cancels a pending order and returns its margin and fee', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const { data } = await t.submit(alice, { status: 0, target_price: 1.05 });
    const { msg } = await t.call('cancelTrade', alice, { id: data.Id });
    expect(msg).toBe('trade.cancelled');
    expect(t.money(alice)).toEqual({ balance: '10000', lock: '0' });
    expect(t.ledgerRows(alice).map((row) => Number(row.type))).toEqual([
      LEDGER_KIND.ADJUSTMENT,
      LEDGER_KIND.MARGIN,
      LEDGER_KIND.FEE,
      LEDGER_KIND.MARGIN_RETURN,
      LEDGER_KIND.FEE,
    ]);
    expect(t.row(data.Id)).toMatchObject({ status: ORDER_STATUS.CANCELLED, profit_micros: 0 });
    // A cancelled order never fills.
    t.setPrice('EURUSD', 1.04);
    expect(t.row(data.Id).status).toBe(ORDER_STATUS.CANCELLED);
    const { data: history } = await t.call('myDeal', alice, { status: 3 });
    expect(history.data.map((order) => [order.Id, order.Status])).toEqual([[data.Id, 4]]);
    // The fee came back: the cancelled order lists none.
    expect(Number(data.TradeFee)).toBeGreaterThan(0);
    expect(history.data[0]?.TradeFee).toBe('0');
  });

  it('refuses a holding, an unknown and someone else’s order', async () => {
    const t = setup();
    const alice = t.user();
    const holding = await t.submit(alice, { cont: 0.1 });
    const pending = await t.submit(alice, { status: 0, target_price: 1 });
    expect((await t.refusal('cancelTrade', alice, { id: holding.data.Id })).key).toBe(
      'trade.order_not_pending',
    );
    expect((await t.refusal('cancelTrade', alice, { id: 424_242 })).code).toBe(CODE.NOT_FOUND);
    expect((await t.refusal('cancelTrade', t.user(), { id: pending.data.Id })).key).toBe(
      'trade.order_not_found',
    );
    expect(routes.cancelTrade.request.safeParse({ id: 'x' }).success).toBe(false);
  });
});

describe('setStopPrice', () => {
  it('changes and turns off the levels of a holding, checked against the market price', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { cont: 0.1, stop_loss_price: 1.09 });
    t.setPrice('EURUSD', 1.12);
    const { msg } = await t.call('setStopPrice', alice, {
      id: data.Id,
      stop_loss_price: 1.11,
      target_profit_price: 1.15,
    });
    expect(msg).toBe('trade.stops_updated');
    expect(t.row(data.Id)).toMatchObject({ stop_loss: 1.11, take_profit: 1.15 });

    // Checked against the market (1.12), not the open price (1.1).
    const wrong = await t.refusal('setStopPrice', alice, {
      id: data.Id,
      stop_loss_price: 1.125,
      target_profit_price: 0,
    });
    expect(wrong.key).toBe('trade.stop_loss_wrong_side');
    const tp = await t.refusal('setStopPrice', alice, {
      id: data.Id,
      stop_loss_price: 0,
      target_profit_price: 1.115,
    });
    expect(tp.key).toBe('trade.take_profit_wrong_side');

    await t.call('setStopPrice', alice, {
      id: data.Id,
      stop_loss_price: 0,
      target_profit_price: 0,
    });
    expect(t.row(data.Id)).toMatchObject({ stop_loss: 0, take_profit: 0 });
    // Off means off: a fall through the old level closes nothing.
    t.setPrice('EURUSD', 1.05);
    expect(t.row(data.Id).status).toBe(ORDER_STATUS.HOLDING);
  });

  it('checks a pending order against its target, and a sell the other way round', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { type: 2, status: 0, target_price: 1.2 });
    // Sell at 1.2: stop loss above it, take profit below, wherever the market is (1.1).
    await t.call('setStopPrice', alice, {
      id: data.Id,
      stop_loss_price: 1.25,
      target_profit_price: 1.15,
    });
    expect(t.row(data.Id)).toMatchObject({ stop_loss: 1.25, take_profit: 1.15 });
    const wrong = await t.refusal('setStopPrice', alice, {
      id: data.Id,
      stop_loss_price: 1.15,
      target_profit_price: 0,
    });
    expect(wrong.key).toBe('trade.stop_loss_wrong_side');
  });

  it('refuses unknown, foreign and finished orders, and bad input', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { cont: 0.1 });
    const levels = { stop_loss_price: 0, target_profit_price: 0 };
    expect((await t.refusal('setStopPrice', t.user(), { id: data.Id, ...levels })).key).toBe(
      'trade.order_not_found',
    );
    await t.call('close', alice, { id: data.Id });
    expect((await t.refusal('setStopPrice', alice, { id: data.Id, ...levels })).key).toBe(
      'trade.order_not_holding',
    );
    const request = routes.setStopPrice.request;
    expect(request.safeParse({ id: 1, stop_loss_price: -1, target_profit_price: 0 }).success).toBe(
      false,
    );
    expect(request.safeParse({ id: 1, stop_loss_price: 0 }).success).toBe(false);
  });
});

describe('myDeal', () => {
  it('pages holdings newest first with totals over the whole tab at live prices', async () => {
    const t = setup();
    const alice = t.user({ balance: '100000' });
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await t.submit(alice, { cont: 0.1 })).data.Id);
    await t.submit(alice, { status: 0, target_price: 1 });
    t.setPrice('EURUSD', 1.101); // +10 each

    const first = await t.call('myDeal', alice, { status: 1, page: 1 });
    expect(MY_DEAL_PAGE_SIZE).toBe(10);
    expect(first.data.total).toBe(12);
    expect(first.data.data.map((order) => order.Id)).toEqual(ids.slice(2).reverse());
    expect(first.data.all_fact_profits).toBe('120');
    expect(first.data.data[0]).toMatchObject({ UpdatePrice: 1.101, FactProfits: '10' });
    expect(first.data.balance).toBe(t.money(alice).balance);
    const second = await t.call('myDeal', alice, { status: 1, page: 2 });
    expect(second.data.data.map((order) => order.Id)).toEqual([ids[1], ids[0]]);
    expect(second.data.all_fact_profits).toBe('120');
    const third = await t.call('myDeal', alice, { status: 1, page: 3 });
    expect(third.data).toMatchObject({ data: [], total: 12 });

    const pending = await t.call('myDeal', alice, { status: 0 });
    expect(pending.data).toMatchObject({ total: 1, all_fact_profits: '0' });
    expect(pending.data.data[0]).toMatchObject({ Status: 0, Price: 1 });
  });

  it('lists closed and cancelled orders in history, latest first, with realised totals', async () => {
    const t = setup();
    const alice = t.user({ balance: '100000' });
    const a = await t.submit(alice, { cont: 0.1 });
    const b = await t.submit(alice, { cont: 0.1, type: 2 });
    const c = await t.submit(alice, { status: 0, target_price: 1 });
    t.setPrice('EURUSD', 1.102);
    await t.call('close', alice, { id: b.data.Id }); // −20
    t.deps.clock.advance(1000);
    await t.call('cancelTrade', alice, { id: c.data.Id });
    t.deps.clock.advance(1000);
    await t.call('close', alice, { id: a.data.Id }); // +20
    const { data } = await t.call('myDeal', alice, { status: 3 });
    expect(data.data.map((order) => [order.Id, order.Status])).toEqual([
      [a.data.Id, 3],
      [c.data.Id, 4],
      [b.data.Id, 3],
    ]);
    expect(data).toMatchObject({ total: 3, all_fact_profits: '0' });
    expect(data.data.map((order) => order.FactProfits)).toEqual(['20', '0', '-20']);
    // Someone else sees none of it.
    expect((await t.call('myDeal', t.user(), { status: 3 })).data).toMatchObject({
      data: [],
      total: 0,
      all_fact_profits: '0',
    });
  });

  it('rejects a tab that does not exist', () => {
    expect(routes.myDeal.request.safeParse({ status: 2 }).success).toBe(false);
    expect(routes.myDeal.request.safeParse({ status: 1, page: 0 }).success).toBe(false);
    expect(routes.myDeal.request.parse({ status: '3' })).toEqual({ status: 3, page: 1 });
  });
});

describe('resetForexDemoAccount', () => {
  it('ends every order and restores the demo balance exactly, lock 0', async () => {
    const t = setup({ demoBalance: '50000' });
    const demo = t.user({ isDemo: true, balance: '50000' });
    const holding = await t.submit(demo, { cont: 1 });
    const pending = await t.submit(demo, { status: 0, target_price: 1.05 });
    t.setPrice('EURUSD', 1.09);
    const { data: held } = await t.call('myDeal', demo, { status: 1 });
    const pnlAtReset = held.data.find((order) => order.Id === holding.data.Id)?.FactProfits;
    const closed = await t.submit(demo, { cont: 0.1 });
    await t.call('close', demo, { id: closed.data.Id });
    t.events.closed.length = 0;

    const { data, msg } = await t.call('resetForexDemoAccount', demo);
    expect([data, msg]).toEqual([null, 'account.demo_reset']);
    expect(t.money(demo)).toEqual({ balance: '50000', lock: '0' });
    expect(t.ledger.sum(demo.id)).toBe(t.ledger.balances(demo.id).balance);
    expect(t.ledgerRows(demo).at(-1)).toMatchObject({
      type: BigInt(LEDGER_KIND.DEMO_RESET),
      key: 'ledger.demo_reset',
    });
    expect(t.row(holding.data.Id)).toMatchObject({ status: 3, close_reason: 'demo_reset' });
    expect(t.row(pending.data.Id)).toMatchObject({ status: 4, close_reason: 'demo_reset' });
    // History shows what each order made at the reset's prices, though no P&L was booked.
    const { data: history } = await t.call('myDeal', demo, { status: 3 });
    const ended = new Map(history.data.map((order) => [order.Id, order]));
    expect(Number(pnlAtReset)).not.toBe(0);
    expect(ended.get(holding.data.Id)).toMatchObject({
      FactProfits: pnlAtReset,
      UpdatePrice: 1.09,
    });
    expect(ended.get(pending.data.Id)).toMatchObject({ FactProfits: '0', TradeFee: '0' });
    expect(t.events.closed).toEqual([{ userId: demo.id, ids: [holding.data.Id, pending.data.Id] }]);
    expect((await t.call('myDeal', demo, { status: 1 })).data.total).toBe(0);
    // The book forgot them: a tick moves nothing.
    t.setPrice('EURUSD', 1.04);
    expect(t.row(pending.data.Id).status).toBe(4);
  });

  it('refuses a real account', async () => {
    const t = setup();
    const real = t.user();
    await t.submit(real, { cont: 0.1 });
    const refusal = await t.refusal('resetForexDemoAccount', real);
    expect(refusal.key).toBe('account.demo_only');
    expect((await t.call('myDeal', real, { status: 1 })).data.total).toBe(1);
  });
});

describe('balances', () => {
  it('getBalance and forexDetail read the balance and the frozen margin', async () => {
    const t = setup();
    const alice = t.user({ balance: '1234.5' });
    await t.submit(alice, { cont: 0.1 });
    expect((await t.call('getBalance', alice)).data).toEqual({ balance: '1124.39' });
    expect((await t.call('forexDetail', alice)).data).toEqual({
      balance: '1124.39',
      lock_balance: '110',
    });
  });
});

describe('durability and controls', () => {
  it('a new service over the same database picks up the open orders', async () => {
    const t = setup();
    const alice = t.user();
    const pending = await t.submit(alice, { status: 0, target_price: 1.05, cont: 0.1 });
    const holding = await t.submit(alice, { cont: 0.1, target_profit_price: 1.2 });
    t.service.close();

    const again = createTradingService(t.deps, createLedger(t.deps), t.market, () => 0);
    t.setPrice('EURUSD', 1.04);
    expect(t.row(pending.data.Id).status).toBe(ORDER_STATUS.HOLDING);
    t.setPrice('EURUSD', 1.21);
    expect(t.row(holding.data.Id)).toMatchObject({ status: 3, close_reason: 'take_profit' });
    again.close();
  });

  it('lists open orders, of one user by uid', async () => {
    const t = setup();
    const alice = t.user();
    const bob = t.user();
    const a = await t.submit(alice, { cont: 0.1 });
    const b = await t.submit(bob, { status: 0, target_price: 1 });
    const action = t.service.controls.find((c) => c.path === '/trading/orders');
    if (!action) throw new Error('no orders control');
    expect(action.method).toBe('GET');
    const all = action.run(action.input.parse({})) as { Id: number; UserId: number }[];
    expect(all.map((o) => [o.Id, o.UserId])).toEqual([
      [a.data.Id, alice.id],
      [b.data.Id, bob.id],
    ]);
    const mine = action.run(action.input.parse({ uid: bob.uid })) as { Id: number }[];
    expect(mine.map((o) => o.Id)).toEqual([b.data.Id]);
    expect(action.run(action.input.parse({ uid: 'nobody' }))).toEqual([]);
  });
});
