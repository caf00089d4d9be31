import { describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import { ORDER_STATUS } from '../../schemas/order.js';
import { Refusal } from '../refusal.js';
import { LEDGER_KIND } from '../services/ledger.js';
import { setup } from './test-support.js';

describe('submit: market orders', () => {
  it('fills at the market price and takes margin and fee per the money model', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const { data, msg } = await t.submit(alice, { cont: 1, multiple: 100 });

    expect(msg).toBe('trade.submitted');
    expect(data).toMatchObject({
      OrderType: 1,
      Quantity: 1,
      Price: 1.1,
      OriginPrice: 1.1,
      UpdatePrice: 1.1,
      FactProfits: '0',
      // 1 lot × 100 000 × 1.1 ÷ 100, and 0.1 % of it.
      CautionMoney: '1100',
      TradeFee: '1.1',
      Status: ORDER_STATUS.HOLDING,
      Multiple: 100,
      ForexId: t.id('EURUSD'),
      CompleteTimeHandler: '',
      ForexTradeLists: { ShowCode: 'EUR/USD', Code: 'EURUSD', ForexContNum: 100_000 },
    });
    expect(data.CreateTimeHandler).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(t.money(alice)).toEqual({ balance: '8898.9', lock: '1100' });
    expect(t.ledger.sum(alice.id)).toBe(t.ledger.balances(alice.id).balance);

    const rows = t.ledgerRows(alice).slice(1);
    expect(rows).toEqual([
      {
        type: BigInt(LEDGER_KIND.MARGIN),
        value: -1_100_000_000n,
        key: 'ledger.margin',
        params: JSON.stringify({ id: data.Id }),
      },
      {
        type: BigInt(LEDGER_KIND.FEE),
        value: -1_100_000n,
        key: 'ledger.fee',
        params: JSON.stringify({ id: data.Id }),
      },
    ]);
    expect(t.row(data.Id)).toMatchObject({ status: 1, placed_price: 1.1 });
  });

  it('computes the margin from the leverage chosen', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { cont: 0.5, multiple: 500, type: 2 });
    // 0.5 × 100 000 × 1.1 ÷ 500
    expect(data).toMatchObject({ OrderType: 2, CautionMoney: '110', TradeFee: '0.11' });
  });

  it('uses a fixed margin per lot in MarginMode 1 and stores leverage 1 whatever was sent', async () => {
    const t = setup();
    const alice = t.user();
    const silver = t.market.byCode('XAGUSD');
    expect(silver).toMatchObject({ MarginMode: 1, FixedMargin: '1000', ForexFeeRate: 0.002 });
    const { data } = await t.submit(alice, { forex_id: t.id('XAGUSD'), cont: 0.5, multiple: 7 });
    expect(data).toMatchObject({ CautionMoney: '500', TradeFee: '1', Multiple: 1, Price: 30 });
  });

  it('charges the fee per lot when trade_fee_type is 1', async () => {
    const t = setup({}, 1);
    const alice = t.user();
    const { data } = await t.submit(alice, { cont: 2 });
    // 2 lots × 0.001 per lot, whatever the margin (2200).
    expect(data).toMatchObject({ CautionMoney: '2200', TradeFee: '0.002' });
    expect(t.money(alice)).toEqual({ balance: '7799.998', lock: '2200' });

    t.fee.type = 1;
    const silver = await t.submit(alice, { forex_id: t.id('XAGUSD'), cont: 0.5 });
    expect(silver.data).toMatchObject({ CautionMoney: '500', TradeFee: '0.001' });
  });

  it('counts floating losses against the free margin', async () => {
    const t = setup();
    const alice = t.user({ balance: '2300' });
    await t.submit(alice, { cont: 1 }); // margin 1100 + fee 1.1 → balance 1198.9
    t.setPrice('EURUSD', 1.099); // floating −100 → free margin 1098.9
    const refusal = await t.refusal('submit', alice, {
      type: 1,
      cont: 1,
      forex_id: t.id('EURUSD'),
      status: 1,
      multiple: 100,
    });
    expect(refusal.key).toBe('trade.insufficient_margin');
    // At 1.1 the same order (margin 1099 at 1.099) fits the 1198.9 left.
    t.setPrice('EURUSD', 1.1);
    await expect(t.submit(alice, { cont: 1 })).resolves.toBeDefined();
  });

  it('does not count floating profit as balance', async () => {
    const t = setup();
    const alice = t.user({ balance: '1200' });
    await t.submit(alice, { cont: 1 }); // balance 98.9
    t.setPrice('EURUSD', 1.2); // +10 000 floating, free margin 10 098.9
    const refusal = await t.refusal('submit', alice, {
      type: 1,
      cont: 0.1,
      forex_id: t.id('EURUSD'),
      status: 1,
      multiple: 100,
    });
    // 0.1 lot at 1.2 costs 120.12: within the free margin, beyond the 98.9 of cash.
    expect(refusal.key).toBe('trade.insufficient_margin');
    await expect(t.submit(alice, { cont: 0.05 })).resolves.toBeDefined();
  });
});

describe('submit: pending orders', () => {
  it('waits at its target: Price and OriginPrice are the target, margin at the target', async () => {
    const t = setup();
    const alice = t.user();
    const { data } = await t.submit(alice, { status: 0, target_price: 1.05, cont: 1 });
    expect(data).toMatchObject({
      Status: ORDER_STATUS.PENDING,
      Price: 1.05,
      OriginPrice: 1.05,
      UpdatePrice: 1.1,
      CautionMoney: '1050',
      TradeFee: '1.05',
      FactProfits: '0',
    });
    expect(t.money(alice)).toEqual({ balance: '8948.95', lock: '1050' });
    expect(t.row(data.Id)).toMatchObject({ status: 0, placed_price: 1.1 });
  });

  it('needs a target price', async () => {
    const t = setup();
    const alice = t.user();
    const refusal = await t.refusal('submit', alice, {
      type: 1,
      cont: 1,
      forex_id: t.id('EURUSD'),
      status: 0,
      multiple: 100,
    });
    expect(refusal.key).toBe('trade.target_price_required');
  });
});

describe('submit: refusals', () => {
  const base = { type: 1, cont: 1, status: 1, multiple: 100 };

  it('refuses an unknown instrument with NOT_FOUND', async () => {
    const t = setup();
    const refusal = await t.refusal('submit', t.user(), { ...base, forex_id: 99_999 });
    expect(refusal.key).toBe('trade.unknown_instrument');
    expect(refusal.code).toBe(CODE.NOT_FOUND);
  });

  it('refuses a closed market', async () => {
    const t = setup();
    const refusal = await t.refusal('submit', t.user(), { ...base, forex_id: t.id('JP225') });
    expect(refusal.key).toBe('trade.market_closed');
    expect(refusal.code).toBe(CODE.FAILED);
    t.market.setMarketStatus(t.id('EURUSD'), 2);
    const closed = await t.refusal('submit', t.user(), { ...base, forex_id: t.id('EURUSD') });
    expect(closed.key).toBe('trade.market_closed');
  });

  it('refuses an instrument without leverage options, and a leverage not offered', async () => {
    const t = setup();
    const palladium = await t.refusal('submit', t.user(), { ...base, forex_id: t.id('XPDUSD') });
    expect(palladium.key).toBe('trade.leverage_not_configured');
    const odd = await t.refusal('submit', t.user(), {
      ...base,
      forex_id: t.id('EURUSD'),
      multiple: 300,
    });
    expect(odd.key).toBe('trade.leverage_not_allowed');
  });

  it('refuses lots below the minimum or off the step, naming the bound', async () => {
    const t = setup();
    const user = t.user();
    const low = await t.refusal('submit', user, { ...base, forex_id: t.id('COPPER'), cont: 0.05 });
    expect(low.key).toBe('trade.lots_below_minimum');
    expect(low.params).toEqual({ min: 0.1 });
    expect(t.deps.messages.t('en', low.key, low.params)).toBe('The minimum is 0.1 lots');
    const off = await t.refusal('submit', user, { ...base, forex_id: t.id('EURUSD'), cont: 0.015 });
    expect(off.key).toBe('trade.lots_off_step');
    expect(off.params).toEqual({ step: 0.01 });
  });

  it('refuses stops on the wrong side of the price for each side', async () => {
    const t = setup();
    const user = t.user();
    const forex_id = t.id('EURUSD');
    const cases = [
      // Buy at 1.1: stop loss below, take profit above.
      [{ type: 1, stop_loss_price: 1.1 }, 'trade.stop_loss_wrong_side'],
      [{ type: 1, stop_loss_price: 1.2 }, 'trade.stop_loss_wrong_side'],
      [{ type: 1, target_profit_price: 1.05 }, 'trade.take_profit_wrong_side'],
      // Sell at 1.1: stop loss above, take profit below.
      [{ type: 2, stop_loss_price: 1.05 }, 'trade.stop_loss_wrong_side'],
      [{ type: 2, target_profit_price: 1.1 }, 'trade.take_profit_wrong_side'],
      // A pending order is checked against its target (1.0), not the market (1.1).
      [
        { type: 1, status: 0, target_price: 1, stop_loss_price: 1.05 },
        'trade.stop_loss_wrong_side',
      ],
    ] as const;
    for (const [fields, key] of cases) {
      const refusal = await t.refusal('submit', user, { ...base, forex_id, ...fields });
      expect(refusal.key, JSON.stringify(fields)).toBe(key);
    }
    const ok = await t.submit(user, { type: 2, stop_loss_price: 1.15, target_profit_price: 1.05 });
    expect(ok.data).toMatchObject({ TargetLossPrice: 1.15, TargetProfitPrice: 1.05 });
    const pending = await t.submit(user, {
      status: 0,
      target_price: 1,
      stop_loss_price: 0.95,
      target_profit_price: 1.08,
    });
    expect(pending.data).toMatchObject({ TargetLossPrice: 0.95, TargetProfitPrice: 1.08 });
  });

  it('refuses an order that does not fit, and leaves no trace', async () => {
    const t = setup();
    const poor = t.user({ balance: '1100' });
    const refusal = await t.refusal('submit', poor, { ...base, forex_id: t.id('EURUSD') });
    expect(refusal.key).toBe('trade.insufficient_margin');
    expect(t.money(poor)).toEqual({ balance: '1100', lock: '0' });
    expect(t.ledgerRows(poor)).toHaveLength(1);
    expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM orders').get()).toEqual({ n: 0 });
  });

  it('rejects bad input at the route schema', () => {
    const request = routes.submit.request;
    const valid = { type: 1, cont: 1, forex_id: 1, status: 1, multiple: 100 };
    expect(request.safeParse(valid).success).toBe(true);
    for (const bad of [
      { ...valid, type: 3 },
      { ...valid, cont: 0 },
      { ...valid, cont: 'abc' },
      { ...valid, status: 2 },
      { ...valid, multiple: 0 },
      { ...valid, stop_loss_price: -1 },
      { ...valid, forex_id: undefined },
      { ...valid, target_price: 'NaN' },
    ]) {
      expect(request.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('submit: concurrency', () => {
  it('50 concurrent submits never use more than the free margin', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => Promise.resolve().then(() => t.submit(alice, { cont: 1 }))),
    );
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    // Each order costs 1100 + 1.1: nine fit in 10 000.
    expect(placed).toHaveLength(9);
    expect(refused).toHaveLength(41);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(Refusal);
      expect((reason as Refusal).key).toBe('trade.insufficient_margin');
    }
    expect(t.money(alice)).toEqual({ balance: '90.1', lock: '9900' });
    expect(t.ledger.sum(alice.id)).toBe(t.ledger.balances(alice.id).balance);
  });
});
