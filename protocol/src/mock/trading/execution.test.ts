import { describe, expect, it } from 'vitest';
import { CODE } from '../../envelope.js';
import { routes } from '../../routes/table.js';
import { CLOSE_REASON, ORDER_STATUS } from '../../schemas/order.js';
import { setup } from './test-support.js';

describe('a market order or close fills at the market’s price, within the deviation', () => {
  const buy = (t: ReturnType<typeof setup>, fields: Record<string, unknown>) => ({
    type: 1,
    cont: 1,
    forex_id: t.id('EURUSD'),
    status: 1,
    multiple: 100,
    ...fields,
  });

  it('fills at its own current price when that is within the deviation of the confirmed one', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    // Confirmed at 1.1 (setup's price); the market ticks 1.5 pips up before the order arrives.
    t.setPrice('EURUSD', 1.10015);
    const { data } = await t.submit(alice, { cont: 1, price: 1.1, deviation: 2 });
    // Filled at the market, not at the confirmed price: that is what the trader asked for.
    expect(data).toMatchObject({ Price: 1.10015, OriginPrice: 1.1, Status: ORDER_STATUS.HOLDING });
    // The same either way: a sell 2 pips below its confirmed price still fills, at the market.
    t.setPrice('EURUSD', 1.09995);
    const sell = await t.submit(alice, { cont: 1, type: 2, price: 1.10015, deviation: 2 });
    expect(sell.data).toMatchObject({ Price: 1.09995, OriginPrice: 1.10015 });
  });

  it('refuses beyond the deviation with a requote naming the new price, taking nothing', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    // The case that matters: a 100-pip drop while the question was open — no fill at the old price.
    t.setPrice('EURUSD', 1.09);
    const down = await t.refusal('submit', alice, buy(t, { price: 1.1, deviation: 2 }));
    expect(down).toMatchObject({
      key: 'requote.price_moved',
      params: { price: '1.09000' },
      code: CODE.REQUOTE,
    });
    // Nor in the trader's favour: a price better by more than the deviation is requoted too.
    t.setPrice('EURUSD', 1.1003);
    const up = await t.refusal('submit', alice, buy(t, { price: 1.1006, deviation: 2 }));
    expect(up).toMatchObject({ code: CODE.REQUOTE, params: { price: '1.10030' } });
    expect(t.money(alice)).toEqual({ balance: '10000', lock: '0' });
    // Only the deposit that funded the account: no margin, no fee.
    expect(t.ledgerRows(alice).map((row) => row.key)).toEqual(['ledger.deposit']);
  });

  it('honours no old price, however recently it was quoted', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    // 1.1 was quoted a moment ago; the market is now 3 pips away. No window keeps it tradable.
    t.setPrice('EURUSD', 1.1003);
    const refused = await t.refusal('submit', alice, buy(t, { price: 1.1 }));
    expect(refused.code).toBe(CODE.REQUOTE);
    // Without a deviation only the current price itself fills.
    const { data } = await t.submit(alice, { price: 1.1003 });
    expect(data.Price).toBe(1.1003);
  });

  it('takes a deviation of 0 to 100 pips, and 0 when a price comes without one', () => {
    const { request } = routes.submit;
    const order = { type: 1, cont: 1, forex_id: 1, status: 1, multiple: 100, price: 1.1 };
    expect(request.safeParse({ ...order, deviation: '0' }).success).toBe(true);
    expect(request.safeParse({ ...order, deviation: '100' }).success).toBe(true);
    expect(request.safeParse({ ...order, deviation: '-1' }).success).toBe(false);
    expect(request.safeParse({ ...order, deviation: '101' }).success).toBe(false);
    expect(routes.close.request.safeParse({ id: 1, price: 1.1, deviation: 'x' }).success).toBe(
      false,
    );
  });

  it('closes at the market within the deviation, or requotes and keeps the position', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const first = await t.submit(alice, { cont: 1 });
    const second = await t.submit(alice, { cont: 1 });
    t.setPrice('EURUSD', 1.1035);
    t.setPrice('EURUSD', 1.1034);
    // Confirmed at 1.1035, 1 pip accepted: closed at the market's 1.1034.
    await t.call('close', alice, { id: first.data.Id, price: 1.1035, deviation: 1 });
    expect(t.row(first.data.Id)).toMatchObject({
      update_price: 1.1034,
      profit_micros: 340_000_000,
    });
    const refusal = await t.refusal('close', alice, {
      id: second.data.Id,
      price: 1.1035,
      deviation: 0,
    });
    expect(refusal).toMatchObject({
      key: 'requote.price_moved',
      params: { price: '1.10340' },
      code: CODE.REQUOTE,
    });
    expect(t.row(second.data.Id).status).toBe(ORDER_STATUS.HOLDING);
  });
});

describe('order lists say why an order ended and where stop-out is', () => {
  it('sends CloseReason on closed orders only, and the stop-out level with every list', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const manual = await t.submit(alice, { cont: 1 });
    const stopped = await t.submit(alice, { cont: 1, stop_loss_price: 1.09 });
    const open = await t.call('myDeal', alice, { status: 1 });
    expect(open.data.stop_out_level).toBe(50);
    expect(open.data.data.every((order) => order.CloseReason === undefined)).toBe(true);

    await t.call('close', alice, { id: manual.data.Id });
    t.setPrice('EURUSD', 1.089);
    const history = await t.call('myDeal', alice, { status: 3 });
    const reasons = Object.fromEntries(history.data.data.map((o) => [o.Id, o.CloseReason]));
    expect(reasons).toEqual({
      [manual.data.Id]: CLOSE_REASON.MANUAL,
      [stopped.data.Id]: CLOSE_REASON.STOP_LOSS,
    });
    expect(history.data.stop_out_level).toBe(50);
  });
});
