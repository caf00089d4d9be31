import { describe, expect, it } from 'vitest';
import { QUOTE_HONOURED_MS } from '../../arithmetic/execution.js';
import { CLOSE_REASON, ORDER_STATUS } from '../../schemas/order.js';
import { setup } from './test-support.js';

describe('orders trade at the price the app showed', () => {
  it('fills a market order at the shown price after the market moved on', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    // The app showed 1.1 (setup's price); the market ticks on before the order arrives.
    t.setPrice('EURUSD', 1.1004);
    const { data } = await t.submit(alice, { cont: 1, price: 1.1 });
    expect(data).toMatchObject({ Price: 1.1, OriginPrice: 1.1, Status: ORDER_STATUS.HOLDING });
    const sell = await t.submit(alice, { cont: 1, type: 2, price: 1.1004 });
    expect(sell.data.Price).toBe(1.1004);
  });

  it('refuses a shown price older than the honoured window, naming the new one', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    t.deps.clock.advance(QUOTE_HONOURED_MS + 1);
    t.setPrice('EURUSD', 1.1021);
    const refusal = await t.refusal('submit', alice, {
      type: 1,
      cont: 1,
      forex_id: t.id('EURUSD'),
      status: 1,
      multiple: 100,
      price: 1.1,
    });
    expect(refusal.key).toBe('requote.price_moved');
    expect(refusal.params).toEqual({ price: '1.10210' });
    // Nothing traded and nothing was taken.
    expect(t.money(alice)).toEqual({ balance: '10000', lock: '0' });
    // A price never quoted is refused too.
    const invented = await t.refusal('submit', alice, {
      type: 1,
      cont: 1,
      forex_id: t.id('EURUSD'),
      status: 1,
      multiple: 100,
      price: 1.05,
    });
    expect(invented.key).toBe('requote.price_moved');
  });

  it('closes at the shown price, or refuses it the same way', async () => {
    const t = setup();
    const alice = t.user({ balance: '10000' });
    const first = await t.submit(alice, { cont: 1 });
    const second = await t.submit(alice, { cont: 1 });
    t.setPrice('EURUSD', 1.1035);
    t.setPrice('EURUSD', 1.1031);
    await t.call('close', alice, { id: first.data.Id, price: 1.1035 });
    expect(t.row(first.data.Id)).toMatchObject({
      update_price: 1.1035,
      profit_micros: 350_000_000,
    });
    t.deps.clock.advance(QUOTE_HONOURED_MS + 1);
    const refusal = await t.refusal('close', alice, { id: second.data.Id, price: 1.1035 });
    expect(refusal.key).toBe('requote.price_moved');
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
